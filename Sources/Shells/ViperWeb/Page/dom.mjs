// The DOM helpers every drawing module uses.

export const $ = (id) => document.getElementById(id);

/** Builds an element. Text goes in as text nodes, never as markup, so nothing the engine
 *  sends can inject HTML; the CSP forbids inline styles and scripts anyway. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

let uidCounter = 0;
/** An id no other element of the page has (`field-3`), for labels and headings. */
export const uid = (prefix) => `${prefix}-${++uidCounter}`;
