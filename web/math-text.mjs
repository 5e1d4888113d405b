// Plain-text formulas from the core ("(1 − e^(−kn/m))^k") as readable math on the page: each power
// `^(…)` or `^x` becomes a <sup> (the notation of the page's other formulas, e.g. the paradox hint).
// Text nodes only (textContent), never HTML: the text is data.

/** The text split into text nodes and <sup> elements, for element.replaceChildren(...nodes). */
export function mathNodes(text, doc = document) {
  const nodes = [];
  let plain = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '^' || i + 1 >= text.length) {
      plain += text[i];
      continue;
    }
    let power;
    if (text[i + 1] === '(') {
      let depth = 0,
        j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === '(') depth++;
        else if (text[j] === ')' && --depth === 0) break;
      }
      if (j >= text.length) {
        plain += text[i];
        continue;
      } // unbalanced: left as written
      power = text.slice(i + 2, j);
      i = j;
    } else {
      const match = /^[\p{L}\p{N}']+/u.exec(text.slice(i + 1));
      if (!match) {
        plain += text[i];
        continue;
      }
      power = match[0];
      i += power.length;
    }
    if (plain) nodes.push(doc.createTextNode(plain));
    plain = '';
    const sup = doc.createElement('sup');
    sup.append(...mathNodes(power, doc));
    nodes.push(sup);
  }
  if (plain) nodes.push(doc.createTextNode(plain));
  return nodes;
}
