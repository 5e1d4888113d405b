// The small calculators' form plumbing (paradox, cbf, layouts, libraries, scalable, and the formula table's
// setValue): a module of its own, so a calculator using it does not load the paradox calculator's code, markup
// and chart (the embed size budget, tests/js/size.test.mjs).
const DEBOUNCE_MS = 120;

/** A generated field table (web/fields.generated.mjs: attribute → field) by the API's names (hash-bits → hashBits). */
export const byApiName = (table) => Object.fromEntries(Object.entries(table).map(([attr, f]) => [attr.replace(/-([a-z])/g, (_, c) => c.toUpperCase()), f]));

/**
 * A method's input from a generated form's values (`state`, by API name): a text field as typed, when not blank; a
 * select's value, but its `absent` one (hash-bits none: no field), a number where the choices are numbers, a boolean for a flag.
 */
export function formInput(fields, state) {
  const input = {};
  for (const [key, f] of Object.entries(fields)) {
    if (!f.choices) {
      if (state[key].trim() !== '') input[key] = state[key];
    } else if (state[key] !== f.absent) input[key] = f.number ? Number(state[key]) : f.flag ? state[key] === 'true' : state[key];
  }
  return input;
}

/** Shows a value: its number in data-value (tests, exports), its text as text. */
export function setValue(el, value, text) {
  el.dataset.value = String(value);
  el.textContent = text;
}

export function clearErrors($, keys) {
  for (const key of keys) {
    const error = $(`px-${key}-error`);
    error.hidden = true;
    error.textContent = '';
    $(`px-${key}`).removeAttribute('aria-invalid');
    $(`px-${key}`).closest('.field').classList.remove('invalid');
  }
}

export function showError($, err, fieldOf, fallbackField) {
  const message = err instanceof Error ? err.message : String(err);
  const field = fieldOf(err?.parameter) ?? fallbackField;
  const error = $(`px-${field}-error`);
  error.textContent = message;
  error.hidden = false;
  $(`px-${field}`).setAttribute('aria-invalid', 'true');
  $(`px-${field}`).closest('.field').classList.add('invalid');
}

/** Typing marks the card computing and recomputes after a pause; submit recomputes at once; and once now. */
export function wireForm(form, card, compute) {
  let timer = 0;
  form.addEventListener('input', () => {
    card.dataset.state = 'computing';
    clearTimeout(timer);
    timer = setTimeout(compute, DEBOUNCE_MS);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    compute();
  });
  compute();
}
