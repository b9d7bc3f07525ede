// The page's address names the app on screen (`#app=news`), so that a reload keeps the user in
// their app. It sits in the fragment, so the query's `token` and `workspace` stay as they are
// and none of it goes to the server. Only the app, not its stack of scenes: the stack lives in
// the engine session, which ends with this page's WebSocket, and the protocol has no way yet to
// restore a stack in a new session (its scenes and what their Interactors held), so a reload
// starts the app again at its root scene.

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
