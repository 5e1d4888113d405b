// The inputs of one <bloom-calc> (web/element-base.mjs) with its calculator's definition `def`: each field's
// control, attribute, property and URL key kept in step, and the defaults of alternatives (docs/decisions.md,
// "A given input replaces only the defaults of its alternatives"). `host` is the element.
import { caseVariant, writeUrl } from './url-state.mjs';

export function fieldControl(host, def, attr) {
  return host.shadowRoot.getElementById(def.fields[attr].id);
}

export function fieldValue(host, def, attr) {
  const control = fieldControl(host, def, attr);
  return control ? control.value : (host.getAttribute(attr) ?? '');
}

/** The inputs as { attribute: value } (the URL-state strings, as typed). */
export function fieldValues(host, def) {
  return Object.fromEntries(Object.keys(def.fields).map((attr) => [attr, fieldValue(host, def, attr)]));
}

/**
 * The query string (no "?") of the inputs, in the page URL's keys, defaults left out: a field equal to its
 * fallback is left out unless reading the query back (withDefaults) would give it another value.
 */
export function fieldQuery(host, def) {
  const values = Object.fromEntries(Object.keys(def.fields).map((attr) => [attr, fieldValue(host, def, attr).trim()]));
  const kept = Object.fromEntries(Object.entries(values).filter(([attr, value]) => value !== fallbackOf(def, attr, values)));
  for (let changed = true; changed; ) {
    changed = false;
    const read = withDefaults(def, kept);
    for (const [attr, value] of Object.entries(values)) {
      if (Object.hasOwn(kept, attr) || read[attr] === value) continue;
      kept[attr] = value;
      changed = true;
    }
  }
  const params = new URLSearchParams();
  for (const [attr, field] of Object.entries(def.fields)) if (Object.hasOwn(kept, attr)) params.set(field.url ?? attr, kept[attr]);
  return params.toString();
}

/** Every URL key the fields own: the current ones and their aliases (all replaced when the URL is written). */
export function urlKeys(def) {
  return Object.entries(def.fields).flatMap(([attr, field]) => [field.url ?? attr, ...(field.urlAliases ?? [])]);
}

/**
 * Start values: the fields the URL gives (url-state) when it names any, else those the attributes give (aliases
 * read too), each left-out field completed by withDefaults.
 */
export function startValues(host, def) {
  const fields = Object.entries(def.fields);
  const fromUrl = host.hasAttribute('url-state') ? new URLSearchParams(window.location.search) : null;
  const urlKey = ([attr, f]) => [f.url ?? attr, ...(f.urlAliases ?? [])].find((key) => fromUrl.has(key)) ?? caseVariant(fromUrl, f.url ?? attr);
  const attrName = ([attr, f]) => [attr, ...(f.aliases ?? [])].find((name) => host.hasAttribute(name));
  const given = {};
  if (fromUrl && fields.some((entry) => urlKey(entry) !== undefined)) {
    for (const entry of fields) if (urlKey(entry) !== undefined) given[entry[0]] = fromUrl.get(urlKey(entry));
  } else {
    for (const entry of fields) if (attrName(entry) !== undefined) given[entry[0]] = host.getAttribute(attrName(entry));
  }
  renameAliasAttributes(host, def);
  return withDefaults(def, given);
}

/** A field's start value when nothing gives it: `initial`, else its fallback. */
function defaultOf(def, attr) {
  return def.initial?.[attr] ?? def.fields[attr].fallback ?? '';
}

/**
 * Every field's value from the `given` ones: a field left out takes its default, except in a group of
 * alternatives that the given fields (and the defaults taken before it, in the group's order) already fill.
 */
function withDefaults(def, given) {
  const values = {};
  const filled = (attr) => (values[attr] ?? given[attr] ?? '').trim() !== '';
  for (const { fields, needs } of def.alternatives ?? []) {
    let count = fields.filter(filled).length;
    for (const attr of fields) {
      if (Object.hasOwn(given, attr)) continue;
      values[attr] = count < needs ? defaultOf(def, attr) : '';
      if (filled(attr)) count++;
    }
  }
  return Object.fromEntries(Object.keys(def.fields).map((attr) => [attr, Object.hasOwn(given, attr) ? given[attr] : (values[attr] ?? defaultOf(def, attr))]));
}

/** The value of a field whose attribute is removed: its fallback, or '' when an exclusive alternative of it has a value. */
function fallbackOf(def, attr, values) {
  const taken = (def.alternatives ?? []).some(
    (group) => group.exclusive && group.fields.includes(attr) && group.fields.some((other) => other !== attr && (values[other] ?? '').trim() !== ''),
  );
  return taken ? '' : (def.fields[attr].fallback ?? '');
}

/**
 * After `attr` changed (typed or set from outside), in its exclusive groups: a value empties the other fields
 * still holding their default (no attribute: the user never gave them); an empty one brings their defaults
 * back. Controls only, no events: the change of `attr` already recomputes. Returns whether a control changed.
 */
function settleAlternatives(host, def, attr) {
  let changed = false;
  const blank = (field) => fieldValue(host, def, field).trim() === '';
  for (const { fields, needs, exclusive } of def.alternatives ?? []) {
    if (!exclusive || !fields.includes(attr)) continue;
    let count = fields.filter((field) => !blank(field)).length;
    for (const field of fields) {
      if (field === attr || host.hasAttribute(field)) continue;
      const fallback = defaultOf(def, field);
      if (!blank(attr) && count > needs && !blank(field) && fieldValue(host, def, field) === fallback) changed = setControl(host, def, field, '') || changed;
      else if (blank(attr) && count < needs && blank(field) && fallback.trim() !== '') changed = setControl(host, def, field, fallback) || changed;
      else continue;
      count = fields.filter((f) => !blank(f)).length;
    }
  }
  return changed;
}

/** The current attribute name of an alias attribute (e.g. recycling's fpr → p), or undefined. */
function primaryOf(def, alias) {
  for (const [attr, field] of Object.entries(def.fields)) if (field.aliases?.includes(alias)) return attr;
  return undefined;
}

/** Alias attributes become the current ones (the current name wins when both are set). */
function renameAliasAttributes(host, def) {
  for (const [attr, field] of Object.entries(def.fields)) {
    for (const alias of field.aliases ?? []) {
      if (!host.hasAttribute(alias)) continue;
      const value = host.getAttribute(alias);
      host.removeAttribute(alias);
      if (!host.hasAttribute(attr)) host.setAttribute(attr, value);
    }
  }
}

export function fillFields(host, def, values) {
  for (const [attr, value] of Object.entries(values)) setControl(host, def, attr, value);
}

/** Sets a control; a select keeps its value when `value` is not one of its options. */
function setControl(host, def, attr, value) {
  const control = fieldControl(host, def, attr);
  if (!control) return false;
  if (control instanceof HTMLSelectElement) {
    const fallback = def.fields[attr].fallback ?? '';
    const wanted = [...control.options].some((o) => o.value === value) ? value : fallback;
    if (![...control.options].some((o) => o.value === wanted)) return false;
    if (control.value === wanted) return false;
    control.value = wanted;
    return true;
  }
  if (control.value === value) return false;
  control.value = value;
  return true;
}

function attrOf(def, control) {
  for (const [attr, field] of Object.entries(def.fields)) if (field.id === control.id) return attr;
  return null;
}

/** Typing (or a select change) writes the attribute and, with url-state, the URL. */
export function reflectEdit(host, def, event) {
  const control = event.composedPath()[0];
  if (!(control instanceof HTMLElement) || !control.id) return;
  const attr = attrOf(def, control);
  if (!attr) return;
  if (host.getAttribute(attr) !== control.value) host.setAttribute(attr, control.value);
  if (host.hasAttribute('url-state')) writeUrl(urlKeys(def), fieldQuery(host, def));
}

/** An attribute set from outside fills its control and recomputes as if typed (own reflections: no-ops). */
export function reflectAttributes(host, def, records) {
  let changed = false;
  for (const { attributeName: attr } of records) {
    const primary = primaryOf(def, attr);
    if (primary !== undefined && host.hasAttribute(attr)) {
      // an older name set from outside: it becomes the current attribute (observed in the next records)
      const value = host.getAttribute(attr);
      host.removeAttribute(attr);
      host.setAttribute(primary, value);
      continue;
    }
    if (!Object.hasOwn(def.fields, attr)) continue;
    const value = host.getAttribute(attr) ?? fallbackOf(def, attr, fieldValues(host, def));
    const set = setControl(host, def, attr, value);
    if (settleAlternatives(host, def, attr)) changed = true; // also after typing (the attribute reflects the field)
    if (!set) continue;
    changed = true;
    const control = fieldControl(host, def, attr);
    control.dispatchEvent(new Event('input', { bubbles: true }));
    if (control instanceof HTMLSelectElement) control.dispatchEvent(new Event('change', { bubbles: true }));
  }
  if (changed && host.hasAttribute('url-state')) writeUrl(urlKeys(def), fieldQuery(host, def));
}

/** An attribute's property, the JS API's name of the field (hash-bits → hashBits). */
export const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/**
 * element.n = '2M' sets the attribute; element.n reads the control. A kebab-case attribute has a camelCase
 * property (hash-bits: element.hashBits), as the JS API names it; an alias property sets its current attribute.
 */
export function defineFieldProperties(host, def) {
  const names = Object.entries(def.fields).flatMap(([attr, field]) => [[camel(attr), attr], ...(field.aliases ?? []).map((alias) => [camel(alias), attr])]);
  for (const [name, attr] of names) {
    let early; // a property set before the element was defined
    if (Object.hasOwn(host, name)) {
      early = host[name];
      delete host[name];
    }
    if (name in host) continue;
    Object.defineProperty(host, name, {
      configurable: true,
      enumerable: name === camel(attr),
      get: () => fieldValue(host, def, attr),
      set: (value) => (value == null ? host.removeAttribute(attr) : host.setAttribute(attr, String(value))),
    });
    if (early !== undefined) host[name] = early;
  }
}
