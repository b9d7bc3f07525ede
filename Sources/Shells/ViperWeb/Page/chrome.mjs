// The page around the scenes: the status bar, the banner that tells of a lost connection, the
// toast, the progress bar and the start screen that lists the apps.

import { $, h } from './dom.mjs';

export function setStatus(state, text) {
  const bar = $('status');
  bar.dataset.state = state;
  $('status-text').textContent = text;
  $('status-text').title = text;
  $('reconnect').hidden = state !== 'closed';
}

let bannerTimer = null;
/** The banner that tells how the connection stands after a break: `state` is `reconnecting`
 *  (with a spinner), `given-up` (with a button to reload the page) or `fresh` (the session
 *  could not be resumed; a note that goes by itself). */
export function showConnectionBanner(state, text) {
  const banner = $('connection-status');
  banner.dataset.state = state;
  // Giving up is what the user must act on; the rest is said politely.
  banner.setAttribute('role', state === 'given-up' ? 'alert' : 'status');
  $('connection-status-text').textContent = text;
  $('reload').hidden = state !== 'given-up';
  banner.hidden = false;
  clearTimeout(bannerTimer);
  if (state === 'fresh') bannerTimer = setTimeout(hideConnectionBanner, 10000);
}
export function hideConnectionBanner() {
  clearTimeout(bannerTimer);
  $('connection-status').hidden = true;
}

let toastTimer = null;
export function showToast(message) {
  $('toast-message').textContent = message;
  $('toast').hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, 12000);
}
export function hideToast() {
  clearTimeout(toastTimer);
  $('toast').hidden = true;
}
export const isToastShown = () => !$('toast').hidden;

let busyTimer = null;
/** A thin bar shows that the engine is working, only for requests that take a moment:
 *  `count` wait now, and `pendingNow()` tells how many still do a moment later. */
export function showPending(count, pendingNow) {
  const bar = $('progress');
  if (count === 0) {
    clearTimeout(busyTimer);
    busyTimer = null;
    bar.hidden = true;
  } else if (!busyTimer && bar.hidden) {
    busyTimer = setTimeout(() => { busyTimer = null; bar.hidden = pendingNow() === 0; }, 250);
  }
}

/** The start screen: a card per app, with what it is for in its own words; `state` says
 *  which app is open (`app`, with scenes when `open`), whether the session `closed` or is
 *  `reconnecting` (no app can start meanwhile), and `start(name)` starts one. */
export function renderStart(apps, state) {
  const list = $('app-list');
  if (!apps.length) {
    const text = state.closed ? 'Not connected to the engine.' : 'Waiting for the engine…';
    list.replaceChildren(h('li', { class: 'app-placeholder' }, text));
  } else {
    list.replaceChildren(...apps.map((app) => {
      let hue = 0;
      for (const ch of app.name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
      const title = state.titleOf(app.name);
      const icon = h('span', { class: 'app-icon', 'aria-hidden': 'true' }, title.charAt(0).toUpperCase());
      icon.style.setProperty('--hue', String(hue));
      // What the app is for, in its own words; an app that says nothing shows its name alone.
      const summary = typeof app.summary === 'string' && app.summary.trim() !== '' ? app.summary : null;
      return h('li', {},
        h('button', { type: 'button', class: 'app-card', 'data-app': app.name, disabled: state.closed || state.reconnecting, onclick: () => state.start(app.name) },
          icon,
          h('span', { class: 'app-text' },
            h('span', { class: 'app-name' }, title),
            summary && h('span', { class: 'app-meta app-summary' }, summary),
            state.app === app.name && state.open ? h('span', { class: 'badge badge-info' }, 'Open') : null)));
    }));
  }
  const resume = state.app && state.open && !state.closed;
  $('resume-row').hidden = !resume;
  if (resume) $('resume').textContent = `Back to ${state.titleOf(state.app)}`;
}
