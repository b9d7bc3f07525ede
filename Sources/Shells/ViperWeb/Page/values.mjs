// Values as the protocol carries them, and as a person reads them: types, days, instants,
// numbers. Pure: no DOM.

/** The type of a value the describe result says nothing about. */
export function inferType(value) {
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (Array.isArray(value)) return 'array';
  if (value && typeof value === 'object') return 'object';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return 'day';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return 'instant';
  return 'string';
}

/** The members of a view model or item in describe's order (the wire sorts them by name),
 *  then any the describe result did not list. */
export function orderedFields(specFields, value) {
  const listed = (specFields || []).map((spec) => ({ name: spec.name, spec }));
  const known = new Set(listed.map((f) => f.name));
  const extra = Object.keys(value || {}).filter((name) => !known.has(name)).map((name) => ({ name, spec: null }));
  return listed.concat(extra);
}

/** A member's type: as described, else as its value shows. */
export const typeOf = (field, value) => (field.spec && field.spec.type) || inferType(value);

/** A web address, which a page shows as a link. */
export const isLink = (value) => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);

const pad = (n) => String(n).padStart(2, '0');

export function parseDay(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const date = new Date(2000, 0, 1);
  date.setFullYear(+m[1], +m[2] - 1, +m[3]); // a calendar day: local midnight, never UTC
  return date;
}

/** `2026-11-22T10:00` (what datetime-local holds, local wall time) → an instant with this
 *  browser's offset, since the protocol refuses instants without one. */
export function localToInstant(text) {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const wall = text.length === 16 ? `${text}:00` : text;
  return `${wall}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

export function instantToLocal(text) {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const numberFormat = new Intl.NumberFormat();
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const instantFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatNumber = (value) => numberFormat.format(value);

/** A day as this browser's language writes it; the text itself when it is no day. */
export function formatDay(text) {
  const date = parseDay(text);
  return date ? dayFormat.format(date) : text;
}

/** An instant in this browser's time zone and language; the text itself when it is none. */
export function formatInstant(text) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : instantFormat.format(date);
}
