// What a person reads: the app's own words from `engine.describe` (an app's `title` and
// `summary`, a scene's `title`, `emptyText` and `labels`), each optional; without them, a
// word derived from the wire name (`sendButtonTapped` → "Send"), so that an app that says
// nothing (one made by `viper new`) still reads well. Pure: no DOM.

const ACRONYMS = new Set(['id', 'url', 'api', 'http', 'ok', 'ui']);

/** `displayName` → "Display name", `todo.list` → "Todo list". */
export function sentence(name) {
  const words = String(name)
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim().split(/\s+/).filter(Boolean);
  return words.map((word, i) => {
    const lower = word.toLowerCase();
    if (ACRONYMS.has(lower)) return lower.toUpperCase();
    return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
  }).join(' ');
}

/** `saveTapped` → "Save", `sendButtonTapped` → "Send", `dueDateChanged` → "Due date". */
export const eventLabel = (name) =>
  sentence(name.replace(/(Button)?(Tapped|Clicked|Pressed|Selected|Changed|Requested)$/, '') || name);

/** `isStale` → "Stale": a flag reads as the state it names. */
export const flagLabel = (name) => sentence(name.replace(/^(is|has)(?=[A-Z])/, ''));

/** The app's own words for a scene kind (describe's `title`, `emptyText`, `labels`), each
 *  possibly absent. */
export function wordsOf(spec) {
  const labels = spec && spec.labels && typeof spec.labels === 'object' ? spec.labels : {};
  const text = (value) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return { title: text(spec && spec.title), emptyText: text(spec && spec.emptyText), labels };
}
export const NO_WORDS = wordsOf(null);

/** What a person reads for a wire name (an event, a view model member, an event's data
 *  member): the app's label for it, else the word derived from it. */
export function labelOf(words, name, derive = sentence) {
  const label = words && words.labels ? words.labels[name] : undefined;
  return typeof label === 'string' && label.trim() !== '' ? label : derive(name);
}

/** An app's title ("ToDo"), else its derived name ("Todo"); `app` is describe's entry. */
export function appTitleOf(app, name) {
  return app && typeof app.title === 'string' && app.title.trim() !== '' ? app.title : sentence(name);
}
