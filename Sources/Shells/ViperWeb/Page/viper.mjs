// viper's browser page: a generic View for every app the engine hosts.
//
// The page knows no app. It speaks the wire protocol (protocol.md) over one WebSocket
// (connection.mjs), asks `engine.describe` what each scene kind shows and accepts and what its
// parts mean, plans each scene from that (plan.mjs) and draws the plan (draw.mjs). Scenes live
// on a stack fed by `view.navigate` (stack.mjs); each shows the last `view.render` it got.
//
// This module holds the session together: starting an app, the screen shown (the app picker
// or the app's scenes), the layout of the stack as a page with dialogs above it, and resuming
// the session after a break (reconnect.mjs).

import { $, h } from './dom.mjs';
import { appTitleOf } from './words.mjs';
import { Connection, sessionUrl } from './connection.mjs';
import { SceneStack } from './stack.mjs';
import { createView, renderView, focusView, stickToBottom } from './draw.mjs';
import { setStatus, showToast, hideToast, isToastShown, showPending, renderStart, showConnectionBanner, hideConnectionBanner } from './chrome.mjs';
import { appInAddress, setAppInAddress } from './address.mjs';
import { Reconnection, Outbox, refusalOf } from './reconnect.mjs';
import { watchDevStatus } from './devstatus.mjs';

// ---------------------------------------------------------------- session state

const stack = new SceneStack();
const viewModels = {};         // scene id → the view model it last rendered
const views = new Map();       // scene id → its DOM, kept while the scene is live
const modalLayers = new Map(); // id of the scene that opened a modal layer → its elements
const session = {
  init: null, describe: null, scenes: new Map(), app: null,
  screen: 'start', topScene: null, closed: false, workspace: null,
};

const connection = new Connection({
  opened, closed, notified,
  pendingChanged: (count) => showPending(count, () => connection.pendingCount),
  problem: showToast,
});

// What resuming the session takes: the params of the `initialize` that began it, and the newest
// `resumeKey` (none when the engine keeps no journals).
const resumable = { params: null, key: null };
/** The close code of a session another connection resumed (protocol.md §1.1). */
const RESUMED_ELSEWHERE = 4001;

const reconnection = new Reconnection({ attempt: reconnect, gaveUp: () => giveUp('The engine could not be reached for 30 seconds.') });
const outbox = new Outbox();
// While a resume's lines rebuild the stack: whether its root navigate came, and the views of
// the scenes that took off, for those that come back (same scene ids), so that what is typed
// in them stays.
let replay = null;

/** A request made for the user: its failure is shown, never thrown, so no promise is left
 *  rejected unhandled. Resolves with the result, or undefined after an error. */
function act(method, params) {
  return connection.request(method, params).catch((error) => { report(error); return undefined; });
}

function report(error) {
  // A superseded or cancelled request is expected (search as you type); a dropped
  // connection is already told by the status bar.
  if (error.code === -32800 || error.code === 'closed') return;
  showToast(error.message);
}

/** What the user does in a scene: sent now, or kept while the page reconnects and sent once the
 *  session is back. A request the break cut off is dropped, as the engine may have run it (a
 *  save exists at most once), except a live input's text (`edit`): it sets a value, so it goes
 *  again after the resume, and the engine holds what the input shows. */
function deliver(method, params, edit = false) {
  if (reconnection.active) return outbox.add({ method, params, edit });
  return connection.request(method, params).catch((error) => {
    if (error.code === 'closed' && edit && reconnection.active) return outbox.add({ method, params, edit });
    report(error);
    return undefined;
  });
}

function eventParams(view, event, data) {
  const params = { scene: view.scene, event };
  if (data !== undefined) params.data = data;
  return params;
}

/** What drawing a scene needs of the page. */
const page = {
  send: (view, event, data) => deliver('view.event', eventParams(view, event, data)),
  edit: (view, event, data) => deliver('view.event', eventParams(view, event, data), true),
  back: (view) => deliver('view.back', { scene: view.scene }),
  toast: showToast,
  app: () => session.app,
  appTitle,
  viewModelOf: (scene) => viewModels[scene],
};

/** The apps the engine hosts: describe's entries, else initialize's names alone. */
function hostedApps() {
  if (session.describe && Array.isArray(session.describe.apps)) return session.describe.apps;
  return ((session.init && session.init.apps) || []).map((name) => ({ name }));
}
/** An app's title ("ToDo"), else its derived name ("Todo"). */
function appTitle(name) {
  return appTitleOf(hostedApps().find((app) => app.name === name) || null, name);
}

// ---------------------------------------------------------------- the session's life

function connect() {
  resetSession();
  setStatus('connecting', 'Connecting to the engine…');
  try {
    connection.connect();
  } catch (error) {
    setStatus('closed', `Cannot connect: ${error.message}`);
  }
}

function notified(method, params) {
  if (method === 'view.navigate') navigated(params);
  else if (method === 'view.render') rendered(params);
  // `$/cancelRequest` concerns effects, which this page never performs.
}

async function opened() {
  if (reconnection.active) {
    resume();
    return;
  }
  setStatus('open', 'Starting a session…');
  const query = new URLSearchParams(location.search);
  const params = { protocolVersion: '1.1' };
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (timeZone) params.timeZone = timeZone;
  if (navigator.language) params.locale = navigator.language.replace(/-/g, '_');
  if (query.get('workspace')) params.workspace = session.workspace = query.get('workspace');
  // A browser may name a zone or locale the engine does not know: a refused initialize
  // leaves the session uninitialized, so try again without the member it named.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      session.init = await connection.request('initialize', params);
      break;
    } catch (error) {
      const member = error.data && typeof error.data.path === 'string' ? error.data.path.replace(/^params\./, '') : '';
      if (error.code === -32602 && (member === 'locale' || member === 'timeZone') && member in params) {
        delete params[member];
        continue;
      }
      report(error);
      if (error.code !== 'closed') setStatus('open', `Not started: ${error.message}`);
      return;
    }
  }
  if (!session.init) return;
  try {
    session.describe = await connection.request('engine.describe');
    for (const scene of session.describe.scenes || []) session.scenes.set(scene.kind, scene);
  } catch (error) {
    report(error); // the page still works, guessing types from the values it gets
  }
  if (session.closed) return;
  // From here on, a break is followed by a resume (a break before starts afresh).
  resumable.params = { ...params };
  resumable.key = session.init.resumeKey || null;
  showConnected();
  showStart();
  followAddress();
}

function showConnected() {
  const engine = session.init.engine || {};
  setStatus('open', ['Connected', `${engine.name || 'engine'} ${engine.version || ''}`.trim(),
    `protocol ${session.init.protocolVersion}`, session.workspace && `workspace ${session.workspace}`]
    .filter(Boolean).join(' · '));
}

function closed(event, wasOpen) {
  // Another tab, window or client resumed this session: it is theirs now, and coming back
  // would take it from them in turn.
  if (event.code === RESUMED_ELSEWHERE) {
    giveUp('This session was taken over by another tab or window, which goes on with it.');
    return;
  }
  // A session the page had is resumed, whatever ended its socket (a killed process, a deploy,
  // the network): only the page's own close (connection.close) says nothing here.
  if (resumable.params) {
    if (reconnection.active) reconnection.failed();
    else startReconnecting();
    return;
  }
  session.closed = true;
  const reasons = {
    1000: 'the session ended', 1001: 'the server went away', 1008: 'the server closed it (policy)',
    1011: 'the server failed', 1013: 'the server is busy; try again later',
    1006: wasOpen ? 'the connection was lost' : 'the server could not be reached',
  };
  const why = event.reason || reasons[event.code] || 'no reason given';
  setStatus('closed', `Disconnected (${event.code}): ${why}`);
  showStart();
  layout();
  // Browsers hide why an upgrade was refused (a missing token, another origin): all the page
  // learns is 1006 without ever having been open. The server says why to a POST, which
  // carries the same Origin, Host and token.
  if (!wasOpen && event.code === 1006) explainRefusal();
}

/** Asks the server why it refused the page's connection, and says it. */
async function explainRefusal() {
  let answer;
  try {
    answer = await fetch(sessionUrl().replace(/^ws/, 'http'), { method: 'POST' });
  } catch {
    setStatus('closed', 'Disconnected: the server could not be reached. Is it running, at this address?');
    return;
  }
  if (answer.status === 401 || answer.status === 403 || answer.status === 400) {
    setStatus('closed', `The server refused the connection (${answer.status}): ${(await answer.text()).trim()}`);
  }
}

/** Forgets everything of the previous session: a new connection is a new engine session. */
function resetSession() {
  forgetScenes();
  reconnection.end();
  outbox.drop();
  Object.assign(resumable, { params: null, key: null });
  hideConnectionBanner();
  Object.assign(session, { init: null, describe: null, app: null, screen: 'start', topScene: null, closed: false });
  session.scenes.clear();
  showStart();
  layout();
}

function forgetScenes() {
  stack.clear();
  for (const key of Object.keys(viewModels)) delete viewModels[key];
  views.clear();
  for (const modal of modalLayers.values()) modal.layer.remove();
  modalLayers.clear();
  replay = null;
  $('page').replaceChildren();
}

function showStart() {
  renderStart(hostedApps(), {
    app: session.app, open: !stack.isEmpty, closed: session.closed, reconnecting: reconnection.active,
    titleOf: appTitle, start: startApp,
  });
}

// ---------------------------------------------------------------- after a break

/** The socket dropped: the page stays as it was, usable (what the user does waits in the
 *  outbox), while attempts to resume the session go on. */
function startReconnecting() {
  session.closed = false;
  showConnectionBanner('reconnecting', 'The connection to the engine was lost. Reconnecting…');
  setStatus('connecting', 'Reconnecting to the engine…');
  reconnection.begin();
  showStart();
  layout();
}

function reconnect() {
  try {
    connection.connect();
  } catch {
    reconnection.failed();
  }
}

/** A new socket is open: ask for the session the page had. The engine writes the stack it
 *  rebuilt (a root navigate, each scene's navigate and last render) before its answer. */
async function resume() {
  setStatus('connecting', 'Resuming the session…');
  const params = resumable.key ? { ...resumable.params, resume: resumable.key } : { ...resumable.params };
  // The views an attempt cut short took off are still there for the next one.
  replay = { rooted: false, views: replay ? replay.views : new Map() };
  let result;
  try {
    result = await connection.request('initialize', params);
  } catch (error) {
    // A socket that dropped again brings the next attempt (closed); a refusal is final.
    if (error.code !== 'closed') giveUp(`The engine did not take the session back: ${error.message}.`);
    return;
  }
  reconnection.end();
  session.init = result;
  const hadKey = resumable.key !== null;
  // The newest key: each initialize gives a new one, and a key resumes once.
  resumable.key = result.resumeKey || null;
  const { rooted } = replay;
  replay = null;
  showConnected();
  const refusal = refusalOf(result);
  // A server that keeps no journals gave no key: what the page showed was lost with it.
  if (!hadKey) {
    const app = stack.isEmpty ? null : session.app;
    outbox.drop();
    forgetScenes();
    showConnectionBanner('fresh', `The engine went away, and what this page showed was lost with it: this server keeps no journals (viper serve --journal or --database keeps them). ${app ? `${appTitle(app)} started again` : 'A new session began'}.`);
    showStart();
    layout();
    if (app) startApp(app);
    return;
  }
  if (refusal === null) {
    // A session with no scene left sends no navigate at all.
    if (!rooted) forgetScenes();
    hideConnectionBanner();
    layout();
    showStart();
    outbox.flush((entry) => deliver(entry.method, entry.params, entry.edit));
    return;
  }
  // A fresh session, with no app: start the one that was open, as a reload would.
  const app = stack.isEmpty ? null : session.app;
  outbox.drop();
  forgetScenes();
  showConnectionBanner('fresh', `The session could not be resumed (${refusal}): ${app ? `${appTitle(app)} started again` : 'a new one began'}.`);
  showStart();
  layout();
  if (app) startApp(app);
}

/** No session to come back to: the page says so, offers a reload, and stays inert. What the
 *  user did meanwhile stays in the outbox, should Reconnect still bring the session back. */
function giveUp(why) {
  reconnection.end();
  connection.close();
  session.closed = true;
  showConnectionBanner('given-up', `${why} What is on screen is out of date: reload the page to start again.`);
  setStatus('closed', 'Disconnected: the session could not be resumed');
  showStart();
  layout();
}

async function startApp(name) {
  const previous = session.app;
  // Known while its scenes navigate in (before the reply), so that they are drawn as its own.
  session.app = name;
  const result = await act('app.start', { app: name });
  if (result === undefined) {
    session.app = previous;
    setAppInAddress(session.screen === 'stage' && !stack.isEmpty ? previous : null);
    return;
  }
  session.screen = 'stage';
  session.topScene = null; // focus the root scene, even if it is the one shown before
  setAppInAddress(name);
  layout();
}

function showScreen(screen) {
  session.screen = screen;
  if (screen === 'stage') session.topScene = null;
  // The app picker is no app: a reload there stays there.
  setAppInAddress(screen === 'stage' ? session.app : null);
  showStart();
  layout();
}

/** Starts the app the address names, once the engine is ready, if it hosts it. */
function followAddress() {
  if (!session.init || session.closed || reconnection.active) return;
  const wanted = appInAddress();
  if (wanted === null) {
    if (session.screen === 'stage') showScreen('start');
  } else if (!hostedApps().some((app) => app.name === wanted)) {
    setAppInAddress(session.screen === 'stage' ? session.app : null);
  } else if (wanted === session.app && !stack.isEmpty) {
    if (session.screen !== 'stage') showScreen('stage');
  } else {
    startApp(wanted);
  }
}

// ---------------------------------------------------------------- the stack on screen

function navigated(params) {
  const change = stack.navigate(params);
  if (!change) return;
  if (replay && params.action === 'root') replay.rooted = true;
  for (const entry of change.left) {
    if (replay && views.has(entry.scene)) replay.views.set(entry.scene, views.get(entry.scene));
    delete viewModels[entry.scene];
    views.delete(entry.scene);
  }
  const { joined } = change;
  if (joined) {
    const kept = replay && replay.views.get(joined.scene);
    if (kept) replay.views.delete(joined.scene);
    const same = kept && kept.kind === joined.kind && kept.mode === joined.mode;
    views.set(joined.scene, same ? kept : createView(joined, session.scenes.get(joined.kind), page));
  }
  scheduleLayout();
}

function rendered({ scene, kind, viewModel }) {
  const view = views.get(scene);
  // Every scene joins with a navigate before it renders, and renders nothing once it left;
  // a render for no live scene has nowhere to go.
  if (!view || view.kind !== kind) return;
  viewModels[scene] = viewModel;
  renderView(view, viewModel, page, isTop(view));
}

const isTop = (view) => session.screen === 'stage' && !stack.isEmpty && stack.top.scene === view.scene;

// Several navigates often come in a row (a pop to the root pops each scene): lay out once. A
// resume's replay is laid out at its end: midway, scenes that come back would leave the page
// for a moment, and their inputs lose focus.
let layoutQueued = false;
function scheduleLayout() {
  if (layoutQueued || replay) return;
  layoutQueued = true;
  queueMicrotask(layout);
}

/** Puts the live scenes on screen: the top of the pushed scenes as the page, and each
 *  presented scene (with what was pushed over it) as a modal dialog above. */
function layout() {
  layoutQueued = false;
  const onStage = session.screen === 'stage' && !stack.isEmpty;
  $('start').hidden = onStage;
  $('stage').hidden = !onStage;
  $('app-name').hidden = !onStage || !session.app;
  $('app-name').textContent = session.app ? appTitle(session.app) : '';
  document.title = onStage && session.app ? `${appTitle(session.app)} · viper` : 'viper';

  const layers = stack.layers();
  const topOf = (layer) => views.get(layer[layer.length - 1].scene);

  const base = onStage ? topOf(layers[0]) : null;
  swapChild($('page'), base && base.root);

  const shown = onStage ? layers.slice(1) : [];
  const keep = new Set();
  shown.forEach((layer, index) => {
    const key = layer[0].scene;
    keep.add(key);
    let modal = modalLayers.get(key);
    if (!modal) {
      const panel = h('div', { class: 'modal-panel', 'data-modal': true, 'aria-modal': 'true' });
      modal = { layer: h('div', { class: 'modal-layer' }, h('div', { class: 'modal-backdrop' }), panel), panel };
      modalLayers.set(key, modal);
      $('modals').append(modal.layer);
    }
    const view = topOf(layer);
    swapChild(modal.panel, view.root);
    modal.panel.setAttribute('role', view.alert ? 'alertdialog' : 'dialog');
    modal.panel.setAttribute('aria-labelledby', view.headingId);
    modal.panel.classList.toggle('modal-alert', view.alert);
    modal.layer.style.zIndex = String(40 + index);
    modal.layer.inert = session.closed || index < shown.length - 1;
  });
  for (const [key, modal] of modalLayers) {
    if (!keep.has(key)) { modal.layer.remove(); modalLayers.delete(key); }
  }
  // Only the top scene can be used: what lies under a dialog is visible but inert, and a
  // closed session leaves everything inert.
  $('main').inert = session.closed ? onStage : keep.size > 0;
  document.body.classList.toggle('has-modal', keep.size > 0);
  document.body.classList.toggle('offline', session.closed);

  const top = onStage ? stack.top : null;
  if (top && top.scene !== session.topScene) {
    const view = views.get(top.scene);
    view.needsFocus = true;
    if (view.rendered) focusView(view);
    if (view.composer) stickToBottom(view, true);
  }
  session.topScene = top ? top.scene : null;
}

function swapChild(container, child) {
  if (!child) container.replaceChildren();
  else if (container.firstChild !== child || container.childNodes.length !== 1) container.replaceChildren(child);
}

// ---------------------------------------------------------------- boot

function boot() {
  $('apps-button').addEventListener('click', () => showScreen('start'));
  $('resume').addEventListener('click', () => showScreen('stage'));
  // Once the page gave up, Reconnect tries again to resume the session it had, if any.
  $('reconnect').addEventListener('click', () => (resumable.params ? startReconnecting() : connect()));
  $('reload').addEventListener('click', () => location.reload());
  $('toast-close').addEventListener('click', hideToast);
  // Someone who edits the address (`#app=weather`) goes there, as a reload would take them.
  window.addEventListener('hashchange', followAddress);
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (isToastShown()) { hideToast(); return; }
    // Escape leaves a presented scene, as a swipe down does on a phone.
    const top = stack.top;
    if (session.screen === 'stage' && top && top.mode === 'present' && !session.closed) page.back(views.get(top.scene));
  });

  window.viper = {
    stack: stack.entries, viewModels,
    get describe() { return session.describe; },
    get initialize() { return session.init; },
    get resumeKey() { return resumable.key; },
    get pending() { return connection.pendingCount; },
    send: (method, params) => connection.request(method, params),
  };
  connect();
  watchDevStatus(showDevStatus);
}

/** What `viper dev` says of its last build: one under way, or one that failed and why; nothing
 *  once a build succeeded (the page then resumes its session on the new engine). */
function showDevStatus(status) {
  const banner = $('dev-status');
  const errors = $('dev-status-errors');
  banner.dataset.state = status.state;
  if (status.state === 'building') {
    $('dev-status-text').textContent = status.text || 'A change was saved: building…';
    errors.hidden = true;
  } else if (status.state === 'failed') {
    $('dev-status-text').textContent = 'The build failed; the engine that ran goes on:';
    errors.textContent = status.text || '';
    errors.hidden = false;
  }
  banner.hidden = status.state !== 'building' && status.state !== 'failed';
}

boot();
