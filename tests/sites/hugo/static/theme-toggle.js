// The site's dark toggle, as Bootstrap 5.3's colour-mode script does it: data-bs-theme on <html>, nothing else.
document.getElementById('theme-toggle').addEventListener('click', (event) => {
  const dark = document.documentElement.getAttribute('data-bs-theme') !== 'dark';
  document.documentElement.setAttribute('data-bs-theme', dark ? 'dark' : 'light');
  event.currentTarget.setAttribute('aria-pressed', String(dark));
});
