// The page's address names the app on screen (`#app=news`), so that a reload keeps the user in
// their app. It sits in the fragment, so the query's `token` and `workspace` stay as they are
// and none of it goes to the server. Only the app, not its stack of scenes: the stack lives in
// the engine session, which the page resumes after a break while it lives (reconnect.mjs), but
// a reload is a new page with a new session, so it starts the app again at its root scene.

const addressParams = () => new URLSearchParams(location.hash.replace(/^#/, ''));

/** The app the address names, or null. */
export const appInAddress = () => addressParams().get('app');

/** Names `name` in the address (none for null), without a new history entry. */
export function setAppInAddress(name) {
  const params = addressParams();
  if (name) params.set('app', name);
  else params.delete('app');
  const hash = params.toString();
  const url = `${location.pathname}${location.search}${hash ? `#${hash}` : ''}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
}
