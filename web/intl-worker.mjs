// Module Web Worker that only warms the browser's number formatting (web/number-formats.mjs): the locale and
// number data Intl loads on its first use belong to the renderer process, shared by its threads, so loading them
// here takes that long task (~50 ms on a 2-core machine) off the page's thread. Answers once and closes.
new Intl.Locale('en-US').maximize(); // the locale's likely subtags
// wasm/format.mjs's 'en-US', and the reader's language (uPlot's axis labels format in it)
for (const locale of new Set(['en-US', navigator.language].filter(Boolean))) new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(0);
postMessage('ready');
close();
