// viper's browser page: a generic View for every app the engine hosts.
//
// The page knows no app. It speaks the wire protocol (protocol.md) over one WebSocket, asks
// `engine.describe` what each scene kind shows and accepts, and turns that into controls by
// naming conventions alone: `fooTapped` is a button, `fooChanged {x}` an input sent as the user
// types, an event whose one field names a field of list items a button on each item. Scenes
// live on a stack fed by `view.navigate`; each shows the last `view.render` it got.
//
// What a person reads comes from the app when it says it (protocol 1.1's describe: an app's
// `title` and `summary`, a scene's `title`, `emptyText` and `labels`); each is optional, and
// without it the page derives a word from the wire name (`sendButtonTapped` → "Send"), so an
// app that says nothing (one made by `viper new`) still draws.
'use strict';

(() => {
  // ---------------------------------------------------------------- small helpers

  const $ = (id) => document.getElementById(id);

  /** Builds an element. Text goes in as text nodes, never as markup, so nothing the engine
   *  sends can inject HTML; the CSP forbids inline styles and scripts anyway. */
  function h(tag, attrs, ...children) {
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
  const uid = (prefix) => `${prefix}-${++uidCounter}`;

  const ACRONYMS = new Set(['id', 'url', 'api', 'http', 'ok', 'ui']);

  /** `displayName` → "Display name", `todo.list` → "Todo list". */
  function sentence(name) {
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
  const eventLabel = (name) =>
    sentence(name.replace(/(Button)?(Tapped|Clicked|Pressed|Selected|Changed|Requested)$/, '') || name);

  /** `isStale` → "Stale": a flag reads as the state it names. */
  const flagLabel = (name) => sentence(name.replace(/^(is|has)(?=[A-Z])/, ''));

  /** The app's own words for a scene kind (describe's `title`, `emptyText`, `labels`), each
   *  possibly absent. */
  function wordsOf(spec) {
    const labels = spec && spec.labels && typeof spec.labels === 'object' ? spec.labels : {};
    const text = (value) => (typeof value === 'string' && value.trim() !== '' ? value : null);
    return { title: text(spec && spec.title), emptyText: text(spec && spec.emptyText), labels };
  }
  const NO_WORDS = wordsOf(null);

  /** What a person reads for a wire name (an event, a view model member, an event's data
   *  member): the app's label for it, else the word derived from it. */
  function labelOf(words, name, derive = sentence) {
    const label = words && words.labels ? words.labels[name] : undefined;
    return typeof label === 'string' && label.trim() !== '' ? label : derive(name);
  }

  // A state that is settled and normal says nothing: only work under way and failure show.
  const SETTLED_STATE = /^(loaded|ready|idle|ok|done|fresh|normal|none|waited|succeeded|success|complete|completed)$/i;

  // Names that carry a meaning by convention across apps (see protocol.md §12–17).
  const NAMES = {
    error: /^(error|errorMessage|.+Error|displayError)$/,
    state: /^(state|status|phase)$/,
    heading: ['title', 'name', 'displayName', 'headline'],
    hidden: /^(id|.+Id|kind)$/,
    longText: /^(body|summary|message|description|text|content|details?|lastMessage|messageText|notes?)$/,
    plainText: /(detail|subtitle|summary|description|header|lastMessage|body|text|message)$/i,
    problems: /^(problems|warnings|issues|errors)$/,
    cancel: /^(cancel|close|dismiss|back)/i,
    danger: /^(remove|delete|destroy|discard)/i,
    quiet: /^(refresh|reload|retry)/i, // never a scene's main action: a page offers it on the side
    mine: /^(isMine|mine|isOwn|fromMe)$/,
    available: /^(selectable|enabled|isEnabled|available|isAvailable)$/,
    busyFlag: /^(isWorking|isSearching|isLoading|isSaving|isSending|isBusy|isRefreshing)$/,
    busyValue: /^(loading|booking|waiting|searching|sending|saving|working|refreshing|pending)$/i,
    badValue: /^(failed|failure|error|cancelled|expired|offline)$/i,
    goodValue: /^(loaded|booked|done|ok|saved|sent|success|succeeded|waited|confirmed)$/i,
  };
  const ICONS = { add: '+', refresh: '↻', remove: '−', delete: '−' };

  const numberFormat = new Intl.NumberFormat();
  const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const instantFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const pad = (n) => String(n).padStart(2, '0');

  function parseDay(text) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!m) return null;
    const date = new Date(2000, 0, 1);
    date.setFullYear(+m[1], +m[2] - 1, +m[3]); // a calendar day: local midnight, never UTC
    return date;
  }

  /** `2026-11-22T10:00` (what datetime-local holds, local wall time) → an instant with this
   *  browser's offset, since the protocol refuses instants without one. */
  function localToInstant(text) {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) return undefined;
    const offset = -date.getTimezoneOffset();
    const sign = offset >= 0 ? '+' : '-';
    const wall = text.length === 16 ? `${text}:00` : text;
    return `${wall}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  }

  function instantToLocal(text) {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) return '';
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }

  /** The type of a value the describe result says nothing about. */
  function inferType(value) {
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
  function orderedFields(specFields, value) {
    const listed = (specFields || []).map((spec) => ({ name: spec.name, spec }));
    const known = new Set(listed.map((f) => f.name));
    const extra = Object.keys(value || {}).filter((name) => !known.has(name)).map((name) => ({ name, spec: null }));
    return listed.concat(extra);
  }

  const typeOf = (field, value) => (field.spec && field.spec.type) || inferType(value);

  /** The apps the engine hosts: describe's entries, else initialize's names alone. */
  function hostedApps() {
    if (session.describe && Array.isArray(session.describe.apps)) return session.describe.apps;
    return ((session.init && session.init.apps) || []).map((name) => ({ name }));
  }
  const appOf = (name) => hostedApps().find((app) => app.name === name) || null;
  /** An app's title ("ToDo"), else its derived name ("Todo"). */
  function appTitle(name) {
    const app = appOf(name);
    return app && typeof app.title === 'string' && app.title.trim() !== '' ? app.title : sentence(name);
  }

  // ---------------------------------------------------------------- session state

  const stack = [];          // live scenes, bottom first: {scene, kind, mode: root|push|present}
  const viewModels = {};     // scene id → the view model it last rendered
  const views = new Map();   // scene id → its DOM, kept while the scene is live
  const modalLayers = new Map(); // id of the scene that opened a modal layer → its elements
  const session = {
    init: null, describe: null, scenes: new Map(), app: null,
    screen: 'start', topScene: null, closed: false, workspace: null,
  };

  // ---------------------------------------------------------------- connection and JSON-RPC

  const rpc = { ws: null, nextId: 1, pending: new Map(), busyTimer: null };

  class RpcError extends Error {
    constructor(error) {
      super(error && error.message ? error.message : 'The request failed.');
      this.code = error ? error.code : 0;
      this.data = error ? error.data : undefined;
    }
  }

  function sessionUrl() {
    const query = new URLSearchParams(location.search);
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const token = query.get('token');
    return `${scheme}//${location.host}/session${token !== null ? `?token=${encodeURIComponent(token)}` : ''}`;
  }

  function connect() {
    resetSession();
    setStatus('connecting', 'Connecting to the engine…');
    let ws;
    try {
      ws = new WebSocket(sessionUrl());
    } catch (error) {
      setStatus('closed', `Cannot connect: ${error.message}`);
      return;
    }
    rpc.ws = ws;
    // A socket replaced by a reconnect may still report; only the current one counts.
    rpc.wasOpen = false;
    ws.addEventListener('open', () => { if (ws === rpc.ws) { rpc.wasOpen = true; opened(); } });
    ws.addEventListener('message', (event) => { if (ws === rpc.ws) receive(event.data); });
    ws.addEventListener('close', (event) => { if (ws === rpc.ws) closed(event); });
  }

  function request(method, params) {
    return new Promise((resolve, reject) => {
      const ws = rpc.ws;
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        reject(new RpcError({ code: 0, message: 'Not connected to the engine: reconnect first.' }));
        return;
      }
      const id = rpc.nextId++;
      rpc.pending.set(id, { resolve, reject, method });
      ws.send(JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }));
      updateBusy();
    });
  }

  /** A request made for the user: its failure is shown, never thrown, so no promise is left
   *  rejected unhandled. Resolves with the result, or undefined after an error. */
  function act(method, params) {
    return request(method, params).catch((error) => { report(error); return undefined; });
  }

  function report(error) {
    // A superseded or cancelled request is expected (search as you type); a dropped
    // connection is already told by the status bar.
    if (error.code === -32800 || error.code === 'closed') return;
    showToast(error.message);
  }

  function receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      showToast('The engine sent a message that is not JSON.');
      return;
    }
    if (!message || typeof message !== 'object' || Array.isArray(message)) return;
    if (typeof message.method === 'string') {
      if (Object.prototype.hasOwnProperty.call(message, 'id')) refuseEngineRequest(message);
      else {
        try {
          notified(message.method, message.params || {});
        } catch (error) {
          // A view model this page cannot draw must not go unnoticed, nor stop later messages.
          showToast(`This page could not show ${message.method}: ${error.message}`);
        }
      }
      return;
    }
    const pending = rpc.pending.get(message.id);
    if (!pending) {
      // An error for a line whose id could not be read (id null), or for no request of ours.
      if (message.error) showToast(message.error.message || 'The engine reported an error.');
      return;
    }
    rpc.pending.delete(message.id);
    updateBusy();
    if (message.error) pending.reject(new RpcError(message.error));
    else pending.resolve(message.result);
  }

  /** The page offers no effects in `initialize`, so the engine should never ask; if it does,
   *  an error reply keeps the request that waits on it from hanging (protocol.md §6). */
  function refuseEngineRequest(message) {
    if (rpc.ws && rpc.ws.readyState === WebSocket.OPEN) {
      rpc.ws.send(JSON.stringify({
        jsonrpc: '2.0', id: message.id,
        error: { code: -32601, message: `This page performs no '${message.method}': it offered no effects.` },
      }));
    }
  }

  function notified(method, params) {
    if (method === 'view.navigate') navigated(params);
    else if (method === 'view.render') rendered(params);
    // `$/cancelRequest` concerns effects, which this page never performs.
  }

  async function opened() {
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
        session.init = await request('initialize', params);
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
      session.describe = await request('engine.describe');
      for (const scene of session.describe.scenes || []) session.scenes.set(scene.kind, scene);
    } catch (error) {
      report(error); // the page still works, guessing types from the values it gets
    }
    const engine = session.init.engine || {};
    setStatus('open', ['Connected', `${engine.name || 'engine'} ${engine.version || ''}`.trim(),
      `protocol ${session.init.protocolVersion}`, session.workspace && `workspace ${session.workspace}`]
      .filter(Boolean).join(' · '));
    renderStart();
    followAddress();
  }

  function closed(event) {
    session.closed = true;
    for (const pending of rpc.pending.values()) pending.reject(new RpcError({ code: 'closed', message: 'The connection closed.' }));
    rpc.pending.clear();
    updateBusy();
    // Browsers hide why an upgrade was refused (a missing token, another origin): all the
    // page learns is 1006 without ever having been open.
    const reasons = {
      1000: 'the session ended', 1001: 'the server went away', 1008: 'the server closed it (policy)',
      1011: 'the server failed', 1013: 'the server is busy; try again later',
      1006: rpc.wasOpen ? 'the connection was lost' : 'the server could not be reached or refused the connection (is it running? does it need ?token=…?)',
    };
    const why = event.reason || reasons[event.code] || 'no reason given';
    setStatus('closed', `Disconnected (${event.code}): ${why}`);
    renderStart();
    layout();
  }

  /** Forgets everything of the previous session: a new connection is a new engine session. */
  function resetSession() {
    stack.length = 0;
    for (const key of Object.keys(viewModels)) delete viewModels[key];
    views.clear();
    for (const modal of modalLayers.values()) modal.layer.remove();
    modalLayers.clear();
    Object.assign(session, { init: null, describe: null, app: null, screen: 'start', topScene: null, closed: false });
    session.scenes.clear();
    $('page').replaceChildren();
    renderStart();
    layout();
  }

  /** A thin bar shows that the engine is working, only for requests that take a moment. */
  function updateBusy() {
    const bar = $('progress');
    if (rpc.pending.size === 0) {
      clearTimeout(rpc.busyTimer);
      rpc.busyTimer = null;
      bar.hidden = true;
    } else if (!rpc.busyTimer && bar.hidden) {
      rpc.busyTimer = setTimeout(() => { rpc.busyTimer = null; bar.hidden = rpc.pending.size === 0; }, 250);
    }
  }

  // ---------------------------------------------------------------- chrome: status, toast, start

  function setStatus(state, text) {
    const bar = $('status');
    bar.dataset.state = state;
    $('status-text').textContent = text;
    $('status-text').title = text;
    $('reconnect').hidden = state !== 'closed';
  }

  let toastTimer = null;
  function showToast(message) {
    $('toast-message').textContent = message;
    $('toast').hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(hideToast, 12000);
  }
  function hideToast() {
    clearTimeout(toastTimer);
    $('toast').hidden = true;
  }

  function renderStart() {
    const list = $('app-list');
    const apps = hostedApps();
    if (!apps.length) {
      const text = session.closed ? 'Not connected to the engine.' : 'Waiting for the engine…';
      list.replaceChildren(h('li', { class: 'app-placeholder' }, text));
    } else {
      list.replaceChildren(...apps.map((app) => {
        let hue = 0;
        for (const ch of app.name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
        const title = appTitle(app.name);
        const icon = h('span', { class: 'app-icon', 'aria-hidden': 'true' }, title.charAt(0).toUpperCase());
        icon.style.setProperty('--hue', String(hue));
        // What the app is for, in its own words; an app that says nothing shows its name alone.
        const summary = typeof app.summary === 'string' && app.summary.trim() !== '' ? app.summary : null;
        return h('li', {},
          h('button', { type: 'button', class: 'app-card', 'data-app': app.name, disabled: session.closed, onclick: () => startApp(app.name) },
            icon,
            h('span', { class: 'app-text' },
              h('span', { class: 'app-name' }, title),
              summary && h('span', { class: 'app-meta app-summary' }, summary),
              session.app === app.name && stack.length ? h('span', { class: 'badge badge-info' }, 'Open') : null)));
      }));
    }
    const resume = session.app && stack.length && !session.closed;
    $('resume-row').hidden = !resume;
    if (resume) $('resume').textContent = `Back to ${appTitle(session.app)}`;
  }

  async function startApp(name) {
    const previous = session.app;
    // Known while its scenes navigate in (before the reply), so that they are drawn as its own.
    session.app = name;
    const result = await act('app.start', { app: name });
    if (result === undefined) {
      session.app = previous;
      setAppInAddress(session.screen === 'stage' && stack.length ? previous : null);
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
    renderStart();
    layout();
  }

  // ---------------------------------------------------------------- the address: which app

  // A reload keeps the user in their app: the page's address names the app on screen
  // (`#app=news`). It sits in the fragment, so the query's `token` and `workspace` stay as they
  // are and none of it goes to the server. Only the app, not its stack of scenes: the stack
  // lives in the engine session, which ends with this page's WebSocket, and the protocol has
  // no way yet to restore a stack in a new session (its scenes and what their Interactors
  // held), so a reload starts the app again at its root scene.
  const addressParams = () => new URLSearchParams(location.hash.replace(/^#/, ''));
  const appInAddress = () => addressParams().get('app');

  function setAppInAddress(name) {
    const params = addressParams();
    if (name) params.set('app', name);
    else params.delete('app');
    const hash = params.toString();
    const url = `${location.pathname}${location.search}${hash ? `#${hash}` : ''}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
  }

  /** Starts the app the address names, once the engine is ready, if it hosts it. */
  function followAddress() {
    if (!session.init || session.closed) return;
    const wanted = appInAddress();
    if (wanted === null) {
      if (session.screen === 'stage') showScreen('start');
    } else if (!hostedApps().some((app) => app.name === wanted)) {
      setAppInAddress(session.screen === 'stage' ? session.app : null);
    } else if (wanted === session.app && stack.length) {
      if (session.screen !== 'stage') showScreen('stage');
    } else {
      startApp(wanted);
    }
  }

  // ---------------------------------------------------------------- the stack

  function navigated({ action, scene, kind }) {
    if (action === 'root') {
      // The new root replaces every scene; none of them gets a navigate of its own.
      for (const entry of stack) forget(entry.scene);
      stack.length = 0;
      stack.push({ scene, kind, mode: 'root' });
    } else if (action === 'push' || action === 'present') {
      stack.push({ scene, kind, mode: action });
    } else if (action === 'pop' || action === 'dismiss') {
      const index = stack.findIndex((entry) => entry.scene === scene);
      // The engine sends one navigate per scene, top first; removing what lies above too
      // keeps the stack sound should one ever be missed.
      if (index >= 0) for (const entry of stack.splice(index)) forget(entry.scene);
    } else {
      return;
    }
    if (action === 'root' || action === 'push' || action === 'present') views.set(scene, createView(stack[stack.length - 1]));
    scheduleLayout();
  }

  function forget(scene) {
    delete viewModels[scene];
    views.delete(scene);
  }

  function rendered({ scene, kind, viewModel }) {
    const view = views.get(scene);
    // Every scene joins with a navigate before it renders, and renders nothing once it left;
    // a render for no live scene has nowhere to go.
    if (!view || view.kind !== kind) return;
    viewModels[scene] = viewModel;
    renderView(view);
  }

  // Several navigates often come in a row (a pop to the root pops each scene): lay out once.
  let layoutQueued = false;
  function scheduleLayout() {
    if (layoutQueued) return;
    layoutQueued = true;
    queueMicrotask(layout);
  }

  /** Puts the live scenes on screen: the top of the pushed scenes as the page, and each
   *  presented scene (with what was pushed over it) as a modal dialog above. */
  function layout() {
    layoutQueued = false;
    const onStage = session.screen === 'stage' && stack.length > 0;
    $('start').hidden = onStage;
    $('stage').hidden = !onStage;
    $('app-name').hidden = !onStage || !session.app;
    $('app-name').textContent = session.app ? appTitle(session.app) : '';
    document.title = onStage && session.app ? `${appTitle(session.app)} · viper` : 'viper';

    const layers = [];
    for (const entry of stack) {
      if (!layers.length || entry.mode === 'present') layers.push([]);
      layers[layers.length - 1].push(entry);
    }
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

    const top = onStage ? stack[stack.length - 1] : null;
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

  const isTop = (view) => session.screen === 'stage' && stack.length > 0 && stack[stack.length - 1].scene === view.scene;

  /** The first thing to use in a scene that appears: an input, else a dialog's first button,
   *  else its heading, so that keyboard and screen reader users start in the new scene. */
  function focusView(view) {
    view.needsFocus = false;
    const input = view.root.querySelector('input:not([disabled]):not([type=checkbox]), textarea:not([disabled])');
    const button = view.mode === 'present' ? view.root.querySelector('.actions button:not([disabled])') : null;
    const target = input || button || view.root.querySelector('h2');
    if (target) target.focus({ preventScroll: !input });
  }

  // ---------------------------------------------------------------- planning a scene kind

  /** Sorts the events of a scene kind into the controls they become (see the header). */
  function planScene(kind) {
    const spec = session.scenes.get(kind) || null;
    const vmFields = (spec && spec.viewModel) || [];
    const vmNames = new Set(vmFields.map((f) => f.name));
    const itemFields = new Set();
    (function collect(fields) {
      for (const f of fields || []) {
        if (f.type === 'array' && f.items && f.items.type === 'object') {
          for (const item of f.items.fields || []) itemFields.add(item.name);
          collect(f.items.fields);
        } else if (f.type === 'object') collect(f.fields);
      }
    })(vmFields);

    const plan = { spec, vmFields, words: wordsOf(spec), actions: [], live: [], items: [], forms: [], consumed: new Set() };
    for (const event of (spec && spec.events) || []) {
      const data = event.data || [];
      if (data.length === 0) {
        // `saveTapped` is enabled by `saveEnabled`; `sendButtonTapped` by `sendButtonEnabled`.
        const stem = event.name.replace(/Tapped$|Clicked$|Pressed$/, '');
        const enabledBy = [`${stem}Enabled`, `${stem.replace(/Button$/, '')}Enabled`]
          .find((name) => vmFields.some((f) => f.name === name && f.type === 'bool')) || null;
        if (enabledBy) plan.consumed.add(enabledBy);
        const role = NAMES.cancel.test(event.name) ? 'cancel' : NAMES.danger.test(event.name) ? 'danger' : 'normal';
        plan.actions.push({ name: event.name, enabledBy, role });
      } else if (data.length === 1 && /Changed$/.test(event.name)) {
        // Prefilled from the view model field of the same name, else the one the event names
        // (`fromChanged {code}` edits `from`).
        const stem = event.name.replace(/Changed$/, '');
        const bound = [data[0].name, stem].find((name) => vmNames.has(name)) || null;
        if (bound) plan.consumed.add(bound);
        plan.live.push({ name: event.name, field: data[0], bound, superseding: !!event.superseding });
      } else if (data.length === 1 && itemFields.has(data[0].name)) {
        plan.items.push({ name: event.name, key: data[0].name });
      } else {
        plan.forms.push({ name: event.name, data });
      }
    }
    const primary = plan.actions.find((a) => a.role === 'normal' && !NAMES.quiet.test(a.name));
    if (primary) primary.role = 'primary';
    plan.lists = vmFields.filter((f) => f.type === 'array' && !NAMES.problems.test(f.name)).length;
    return plan;
  }

  const isAlertKind = (kind) => kind === 'alert' || /\.alert$/.test(kind);

  // ---------------------------------------------------------------- building a scene's DOM

  /** A scene's DOM is built once and kept while it lives: inputs keep what is typed and their
   *  focus across renders; only the view model's part is redrawn on each render. */
  function createView(entry) {
    const plan = planScene(entry.kind);
    const view = {
      ...entry, plan, alert: isAlertKind(entry.kind), headingId: uid('heading'),
      live: [], buttons: [], rendered: false, needsFocus: false, composer: false,
    };
    view.root = h('section', {
      class: `scene${view.alert ? ' scene-alert' : ''}`,
      'data-scene': entry.scene, 'data-kind': entry.kind, 'aria-labelledby': view.headingId,
    });
    if (view.alert) buildAlert(view);
    else buildScene(view);
    return view;
  }

  function buildScene(view) {
    const { plan } = view;
    const segments = view.kind.split('.');
    const hasList = plan.vmFields.some((f) => f.type === 'array' && f.items && f.items.type === 'object');
    const primary = plan.actions.find((a) => a.role === 'primary');
    // A text field with a send button under a list is a composer (a chat): it stays at the
    // bottom, under the list it adds to. Other inputs form a form at the top.
    view.composer = plan.live.length > 0 && hasList && !!primary;

    const head = h('header', { class: 'scene-head' });
    if (view.mode === 'push') {
      head.append(h('button', { type: 'button', class: 'btn btn-ghost btn-back', 'data-action': 'back', 'aria-label': 'Back', onclick: () => goBack(view) },
        h('span', { class: 'chevron', 'aria-hidden': 'true' }, '‹'), 'Back'));
    }
    // The screen's title: the app's title for the scene, else (once rendered) the view
    // model's own heading (a conversation is titled with the person's name), else a word
    // derived from the kind. A scene another app's module shows (Weather's forecast in
    // Flights) says whose it is above its title.
    const module = segments.length > 1 ? segments[0] : null;
    const foreign = module && module !== session.app;
    view.derivedTitle = sentence(segments.length > 1 ? segments.slice(1).join(' ') : segments[0]);
    view.titleEl = h('h2', { id: view.headingId, tabindex: '-1' }, plan.words.title || view.derivedTitle);
    head.append(h('div', { class: 'scene-titles' },
      foreign ? h('p', { class: 'eyebrow' }, appTitle(module)) : null,
      view.titleEl));
    view.chipsEl = h('div', { class: 'chips' });
    head.append(view.chipsEl);
    const toolbar = h('div', { class: 'toolbar' });
    head.append(toolbar);
    if (view.mode === 'present' && !plan.actions.some((a) => a.role === 'cancel')) {
      // A presented scene can always be left, as a swipe down would (view.back).
      head.append(h('button', { type: 'button', class: 'btn btn-ghost btn-close', 'data-action': 'back', 'aria-label': 'Close', onclick: () => goBack(view) }, '×'));
    }

    view.bannerEl = h('div', { class: 'banners' });
    view.contentEl = h('div', { class: 'vm' });
    view.body = h('div', { class: 'scene-body' }, view.bannerEl);
    const forms = plan.forms.map((event) => buildEventForm(view, event));
    const footer = h('footer', { class: 'actions' });

    if (view.composer) {
      view.body.append(view.contentEl, ...forms);
      const bar = h('div', { class: 'composer' }, buildLiveInputs(view), actionButton(view, primary));
      for (const action of plan.actions) if (action !== primary) toolbar.append(actionButton(view, action));
      view.root.append(head, view.body, bar);
      return;
    }
    if (plan.live.length) view.body.append(buildLiveInputs(view));
    view.body.append(view.contentEl, ...forms);
    // Lists get their buttons in the header, like a navigation bar; forms and detail scenes
    // at the bottom like a dialog: cancel first, the others in describe's order.
    const place = hasList && !plan.live.length ? toolbar : footer;
    const ordered = [...plan.actions].sort((a, b) => (a.role === 'cancel' ? -1 : 0) - (b.role === 'cancel' ? -1 : 0));
    for (const action of ordered) place.append(actionButton(view, action));
    view.root.append(head, view.body);
    if (footer.childNodes.length) view.root.append(footer);
  }

  function buildAlert(view) {
    view.titleEl = h('h2', { id: view.headingId, class: 'alert-title', tabindex: '-1', 'data-field': 'title' }, 'Alert');
    view.messageEl = h('p', { class: 'alert-message', 'data-field': 'message' });
    view.contentEl = h('div', { class: 'vm' });
    view.actionsEl = h('footer', { class: 'actions' });
    view.root.append(view.titleEl, view.messageEl, view.contentEl, view.actionsEl);
  }

  function actionButton(view, action, label) {
    const stem = action.name.replace(/(Button)?(Tapped|Clicked|Pressed)$/, '');
    const icon = !label && ICONS[stem];
    const button = h('button', {
      type: 'button', class: `btn btn-${action.role === 'normal' ? 'secondary' : action.role}`,
      'data-event': action.name, onclick: () => sendEvent(view, action.name),
    }, icon ? h('span', { class: 'icon', 'aria-hidden': 'true' }, icon) : null, label || labelOf(view.plan.words, action.name, eventLabel));
    view.buttons.push({ button, action });
    return button;
  }

  function sendEvent(view, event, data) {
    const params = { scene: view.scene, event };
    if (data !== undefined) params.data = data;
    return act('view.event', params);
  }

  function goBack(view) {
    return act('view.back', { scene: view.scene });
  }

  // ---------------------------------------------------------------- inputs

  /** One labelled control for a field of an event's data, by its type. */
  function makeControl(field, labelText) {
    const id = uid('field');
    const type = field.type;
    let input;
    if (type === 'bool') input = h('input', { type: 'checkbox' });
    else if (type === 'day') input = h('input', { type: 'date' });
    else if (type === 'instant') input = h('input', { type: 'datetime-local' });
    else if (type === 'integer') input = h('input', { type: 'number', step: '1', inputmode: 'numeric' });
    else if (type === 'number') input = h('input', { type: 'number', step: 'any', inputmode: 'decimal' });
    else if (type === 'secret') input = h('input', { type: 'password', autocomplete: 'off', spellcheck: 'false' });
    else if (type === 'array' || type === 'object') input = h('textarea', { rows: '3', placeholder: 'JSON', spellcheck: 'false' });
    else input = h('input', { type: 'text', autocomplete: 'off' });
    input.id = id;
    input.dataset.field = field.name;
    if (!field.nullable && type !== 'bool' && type !== 'string') input.required = true;
    const label = h('label', { for: id, class: 'field-label' }, labelText);
    const wrap = h('div', { class: `field field-${type}` }, type === 'bool' ? [input, label] : [label, input]);
    return { field, input, wrap };
  }

  /** What a control holds, as the protocol wants it; undefined while it holds nothing the
   *  engine could take (a half-typed number), so nothing is sent. */
  function readControl({ field, input }) {
    const raw = input.value;
    const empty = raw.trim() === '';
    switch (field.type) {
      case 'bool': return input.checked;
      case 'day': return empty ? (field.nullable ? null : undefined) : raw;
      case 'instant': return empty ? (field.nullable ? null : undefined) : localToInstant(raw);
      case 'integer': case 'number': {
        if (empty) return field.nullable ? null : undefined;
        const n = Number(raw);
        if (!Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n))) return undefined;
        return n;
      }
      case 'array': case 'object':
        if (empty) return field.nullable ? null : undefined;
        try { return JSON.parse(raw); } catch { return undefined; }
      default: return empty && field.nullable ? null : raw;
    }
  }

  /** A view model value as the control shows it. */
  function controlValue(field, value) {
    if (value === null || value === undefined) return field.type === 'bool' ? false : '';
    if (field.type === 'bool') return !!value;
    if (field.type === 'instant') return instantToLocal(value);
    if (field.type === 'array' || field.type === 'object') return JSON.stringify(value);
    return String(value);
  }

  const rawOf = (input) => (input.type === 'checkbox' ? input.checked : input.value);
  const textLike = (input) => input.tagName === 'INPUT' && /^(text|password|search|email|url|tel|number)$/.test(input.type);

  function buildLiveInputs(view) {
    // A form, so that browsers treat a password field as one; Enter is handled per input.
    const fields = h('form', { class: 'fields', novalidate: true, onsubmit: (e) => e.preventDefault() });
    const { labels } = view.plan.words;
    for (const event of view.plan.live) {
      // The app's label for the event, else for the member it edits, else the derived word.
      const labelName = [event.name, event.bound, event.field.name].find((name) => name && typeof labels[name] === 'string');
      const labelText = labelName ? labelOf(view.plan.words, labelName) : eventLabel(event.name);
      const control = makeControl(event.field, labelText);
      const { input } = control;
      input.dataset.event = event.name;
      if (view.composer) input.placeholder = `${labelText}…`;
      const binding = { event, control, input, inFlight: 0, synced: rawOf(input) };
      input.addEventListener(input.type === 'checkbox' ? 'change' : 'input', () => {
        const value = readControl(control);
        if (value === undefined) return;
        binding.synced = rawOf(input);
        binding.inFlight++;
        sendEvent(view, event.name, { [event.field.name]: value }).finally(() => {
          binding.inFlight--;
          // The engine may have changed what was typed (trimmed, capitalised): show its
          // version once nothing of the user's is on its way.
          if (binding.inFlight === 0) syncBinding(view, binding);
        });
      });
      if (textLike(input)) {
        // Enter does what the scene's main button does (log in, save, send).
        input.addEventListener('keydown', (e) => {
          if (e.key !== 'Enter' || e.isComposing) return;
          e.preventDefault();
          const main = view.buttons.find((b) => b.action.role === 'primary');
          if (main && !main.button.disabled) main.button.click();
        });
      }
      view.live.push(binding);
      fields.append(control.wrap);
    }
    return fields;
  }

  /** Shows the view model's value in a live input, unless the user is typing in it: while
   *  their edits are on the way, renders echo older text, and writing it back would eat
   *  keystrokes. A render that changes the field afterwards (a sent message clears it) wins. */
  function syncBinding(view, binding) {
    const vm = viewModels[view.scene];
    const { bound, field } = binding.event;
    if (!vm || !bound || field.type === 'secret' || !(bound in vm)) return;
    const want = controlValue(field, vm[bound]);
    const input = binding.input;
    if (document.activeElement === input && (binding.inFlight > 0 || rawOf(input) !== binding.synced)) return;
    if (rawOf(input) !== want) {
      if (input.type === 'checkbox') input.checked = want;
      else {
        input.value = want;
        if (document.activeElement === input && /^(text|password|search)$/.test(input.type)) input.setSelectionRange(want.length, want.length);
      }
    }
    binding.synced = rawOf(input);
  }

  /** An event with data that is neither typed live nor picked from a list: a small form. */
  function buildEventForm(view, event) {
    const { words } = view.plan;
    const controls = event.data.map((field) => makeControl(field, labelOf(words, field.name)));
    const form = h('form', { class: 'event-form', 'data-event': event.name, novalidate: true },
      h('p', { class: 'event-form-title' }, labelOf(words, event.name, eventLabel)),
      h('div', { class: 'fields' }, controls.map((c) => c.wrap)),
      h('button', { type: 'submit', class: 'btn btn-secondary' }, labelOf(words, event.name, eventLabel)));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const data = {};
      for (const control of controls) {
        const value = readControl(control);
        if (value === undefined) {
          showToast(`${labelOf(words, control.field.name)}: enter a valid ${control.field.type}.`);
          control.input.focus();
          return;
        }
        data[control.field.name] = value;
      }
      sendEvent(view, event.name, data);
    });
    return form;
  }

  // ---------------------------------------------------------------- rendering view models

  function renderView(view) {
    const vm = viewModels[view.scene];
    if (!vm || typeof vm !== 'object') return;
    const focus = rememberFocus(view.root);
    const scroller = scrollerOf(view);
    const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 96;

    if (view.alert) renderAlert(view, vm);
    else renderScene(view, vm);

    for (const binding of view.live) syncBinding(view, binding);
    for (const { button, action } of view.buttons) {
      if (action.enabledBy) button.disabled = vm[action.enabledBy] === false;
    }
    const busy = Object.keys(vm).some((name) => (NAMES.busyFlag.test(name) && vm[name] === true)
      || (NAMES.state.test(name) && typeof vm[name] === 'string' && NAMES.busyValue.test(vm[name])));
    view.root.setAttribute('aria-busy', busy ? 'true' : 'false');

    restoreFocus(view.root, focus);
    if (view.composer) stickToBottom(view, nearBottom || !view.rendered);
    view.rendered = true;
    if (view.needsFocus && isTop(view)) focusView(view);
  }

  function renderScene(view, vm) {
    const { words } = view.plan;
    const parts = { banners: [], chips: [], heading: null, pairs: [], texts: [], blocks: [] };
    const fields = orderedFields(view.plan.vmFields, vm).filter((f) => !view.plan.consumed.has(f.name));
    const heading = fields.find((f) => NAMES.heading.includes(f.name) && typeof vm[f.name] === 'string' && vm[f.name] !== '');
    // A scene the app titled shows its heading under the title; one it did not is titled by it.
    if (words.title || !heading) {
      view.titleEl.textContent = words.title || view.derivedTitle;
      view.titleEl.removeAttribute('data-field');
    } else {
      view.titleEl.textContent = vm[heading.name];
      view.titleEl.dataset.field = heading.name;
    }
    for (const field of fields) {
      const value = vm[field.name];
      if (value === null || value === undefined) continue; // null is shown as absent
      const type = typeOf(field, value);
      const { name } = field;
      if (field === heading) {
        if (words.title) parts.heading = h('h3', { class: 'vm-title', 'data-field': name }, value);
      } else if (NAMES.error.test(name) && typeof value === 'string') {
        if (value !== '') parts.banners.push(h('div', { class: 'banner banner-error', role: 'alert', 'data-field': name }, value));
      } else if (NAMES.state.test(name) && typeof value === 'string') parts.chips.push(stateChip(name, value, words));
      else if (type === 'bool') parts.chips.push(flagBadge(name, value, words));
      else if (NAMES.hidden.test(name) && type !== 'array' && type !== 'object') parts.pairs.push(h('span', { hidden: true, 'data-field': name }, String(value)));
      else if (type === 'array') parts.blocks.push(renderArray(view, field, value));
      else if (type === 'object') parts.blocks.push(renderObject(field, value, words));
      else if (type === 'string' && /^https?:\/\/\S+$/i.test(value)) parts.texts.push(h('p', { class: 'vm-link' }, valueElement(name, value, type, words)));
      else if (type === 'string' && (NAMES.longText.test(name) || value.length > 120)) {
        if (value !== '') parts.texts.push(h('p', { class: 'vm-text', 'data-field': name }, value));
      } else parts.pairs.push(pair(name, valueElement(name, value, type, words), words));
    }
    view.bannerEl.replaceChildren(...parts.banners);
    view.chipsEl.replaceChildren(...parts.chips);
    const shownPairs = parts.pairs.filter((p) => !p.hidden);
    view.contentEl.replaceChildren(
      parts.heading || '',
      ...parts.pairs.filter((p) => p.hidden),
      shownPairs.length ? h('dl', { class: 'pairs' }, shownPairs) : '',
      ...parts.texts, ...parts.blocks);
  }

  function renderAlert(view, vm) {
    view.titleEl.textContent = typeof vm.title === 'string' && vm.title ? vm.title : 'Alert';
    view.messageEl.textContent = typeof vm.message === 'string' ? vm.message : '';
    view.messageEl.hidden = !view.messageEl.textContent;
    const rest = orderedFields(view.plan.vmFields, vm).filter((f) => !['title', 'message', 'actions'].includes(f.name) && vm[f.name] !== null);
    view.contentEl.replaceChildren(...rest.map((f) => {
      const type = typeOf(f, vm[f.name]);
      if (type === 'array') return renderArray(view, f, vm[f.name]);
      if (type === 'object') return renderObject(f, vm[f.name], view.plan.words);
      return h('p', {}, valueElement(f.name, vm[f.name], type, view.plan.words));
    }));
    // An alert's `actions` label its buttons; with one event, each sends it (protocol §12.3).
    view.buttons = [];
    const labels = Array.isArray(vm.actions) && vm.actions.every((a) => typeof a === 'string') ? vm.actions : null;
    const actions = view.plan.actions.length ? view.plan.actions : [];
    let buttons;
    if (labels && labels.length && actions.length === 1) {
      buttons = labels.map((label, i) => actionButton(view, { ...actions[0], role: i === labels.length - 1 ? 'primary' : 'secondary' }, label));
    } else {
      buttons = actions.map((action) => actionButton(view, action));
    }
    view.actionsEl.replaceChildren(...buttons);
  }

  /** A state: work under way (with a spinner) and failure show; a settled, normal state
   *  ("loaded", "ready") shows nothing (it stays in the DOM, hidden, for tests); an outcome
   *  ("booked") shows as good news. */
  function stateChip(name, value, words) {
    const settled = SETTLED_STATE.test(value);
    const tone = NAMES.busyValue.test(value) ? 'busy' : NAMES.badValue.test(value) ? 'bad' : NAMES.goodValue.test(value) ? 'good' : 'neutral';
    return h('span', { class: `badge badge-${tone}`, 'data-field': name, 'data-value': value, title: labelOf(words, name), hidden: settled },
      tone === 'busy' ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null, sentence(value));
  }

  /** A flag: `isWorking` true shows "Working" (or the app's label for it); a flag that is off
   *  shows nothing (it stays in the DOM, hidden, for tests), nor does `isEmpty` (the empty
   *  list says it); a flag not named `is…` shows its name with ✓ or ✗. */
  function flagBadge(name, value, words) {
    const named = /^(is|has)[A-Z]/.test(name);
    const busy = NAMES.busyFlag.test(name);
    const warn = /stale|offline|error|failed|expired/i.test(name);
    const badge = h('span', {
      class: `badge ${busy ? 'badge-busy' : warn ? 'badge-warn' : value ? 'badge-info' : 'badge-neutral'}`,
      'data-field': name, 'data-value': String(value), hidden: (named && !value) || /^(isEmpty|empty)$/.test(name),
    }, busy ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null,
    named ? labelOf(words, name, flagLabel) : `${value ? '✓' : '✗'} ${labelOf(words, name)}`);
    return badge;
  }

  function pair(name, valueEl, words) {
    return h('div', { class: 'pair' }, h('dt', {}, labelOf(words, name)), h('dd', {}, valueEl));
  }

  function valueElement(name, value, type, words) {
    if (type === 'day' && typeof value === 'string') {
      const date = parseDay(value);
      return h('time', { datetime: value, 'data-field': name }, date ? dayFormat.format(date) : value);
    }
    if (type === 'instant' && typeof value === 'string') {
      const date = new Date(value);
      return h('time', { datetime: value, 'data-field': name }, Number.isNaN(date.getTime()) ? value : instantFormat.format(date));
    }
    if ((type === 'integer' || type === 'number') && typeof value === 'number') return h('span', { 'data-field': name }, numberFormat.format(value));
    if (type === 'secret') return h('span', { 'data-field': name }, '••••••••');
    if (type === 'bool') return flagBadge(name, value, words);
    if (typeof value === 'string' && /^https?:\/\/\S+$/i.test(value)) {
      return h('a', { href: value, target: '_blank', rel: 'noopener noreferrer', class: 'link', 'data-field': name }, value);
    }
    return h('span', { 'data-field': name }, typeof value === 'string' ? value : JSON.stringify(value));
  }

  function renderObject(field, value, words) {
    const fields = orderedFields(field.spec && field.spec.fields, value);
    const rows = fields.filter((f) => value[f.name] !== null && value[f.name] !== undefined).map((f) => {
      const v = value[f.name];
      const type = typeOf(f, v);
      if (type === 'array') return h('div', { class: 'pair pair-wide' }, h('dt', {}, labelOf(words, f.name)), h('dd', {}, renderArray(null, f, v, false, words)));
      if (type === 'object') return h('div', { class: 'pair pair-wide' }, h('dt', {}, labelOf(words, f.name)), h('dd', {}, renderObject(f, v, words)));
      return pair(f.name, valueElement(f.name, v, type, words), words);
    });
    return h('section', { class: 'panel', 'data-field': field.name },
      h('h3', { class: 'block-title' }, labelOf(words, field.name)), h('dl', { class: 'pairs' }, rows));
  }

  /** A list. A scene's own lists, when empty, say the app's `emptyText` ("Nothing to do."),
   *  else "No <list> yet"; a list nested in an item or a group says the derived words. */
  function renderArray(view, field, items, bare, words) {
    words = words || (view ? view.plan.words : NO_WORDS);
    const own = !!view && !bare;
    const itemSpec = field.spec && field.spec.items;
    const itemType = (itemSpec && itemSpec.type) || (items.length ? inferType(items[0]) : 'string');
    // The one list of a scene the app titled is what the title names ("Your places"): it needs
    // no heading of its own unless the app gave it one ("The next seven days").
    const untitled = own && words.title && view.plan.lists === 1 && typeof words.labels[field.name] !== 'string';
    const title = untitled ? null : h('h3', { class: 'block-title' }, labelOf(words, field.name));
    const derived = `No ${sentence(field.name).toLowerCase()}`;
    if (itemType !== 'object') {
      const problems = NAMES.problems.test(field.name);
      const list = h('ul', { class: problems ? 'notes' : 'bullets', 'data-field': field.name },
        items.map((item) => h('li', {}, valueElement(field.name, item, (itemSpec && itemSpec.type) || inferType(item)).textContent)));
      if (!items.length) return problems ? list : h('div', { class: 'block' }, title, list, h('p', { class: 'empty' }, (own && words.emptyText) || derived));
      return problems ? list : h('div', { class: 'block' }, title, list);
    }
    const fields = (itemSpec && itemSpec.fields) || null;
    const names = fields ? fields.map((f) => f.name) : Object.keys(items[0] || {});
    const events = view ? view.plan.items.filter((e) => names.includes(e.key)) : [];
    const groups = fields ? fields.some((f) => f.type === 'array' && f.items && f.items.type === 'object')
      : items.some((item) => Object.values(item).some((v) => Array.isArray(v) && v.some((x) => x && typeof x === 'object')));
    const thread = names.some((n) => NAMES.mine.test(n));
    const list = h('ul', { class: `cards${groups ? ' groups' : ''}${thread ? ' thread' : ''}`, 'data-field': field.name },
      items.map((item) => (groups ? renderGroup(view, fields, item, words) : renderCard(view, fields, item, events, words))));
    if (!items.length) list.append(h('li', { class: 'empty' }, (own && words.emptyText) || `${derived} yet`));
    // A list of groups (sections), a group's own list and a conversation need no heading.
    return groups || thread || bare ? list : h('div', { class: 'block' }, title, list);
  }

  /** An item that holds a list of its own (a section): its title, then its list. */
  function renderGroup(view, fields, item, words) {
    const all = orderedFields(fields, item);
    const title = all.find((f) => NAMES.heading.includes(f.name) && typeof item[f.name] === 'string');
    const group = h('li', { class: 'group' });
    const meta = [];
    const blocks = [];
    for (const f of all) {
      const value = item[f.name];
      if (f === title || value === null || value === undefined) continue;
      const type = typeOf(f, value);
      if (type === 'array') blocks.push(renderArray(view, f, value, true, words));
      else if (type === 'object') blocks.push(renderObject(f, value, words));
      else if (NAMES.hidden.test(f.name)) blocks.push(h('span', { hidden: true, 'data-field': f.name }, String(value)));
      else meta.push(pair(f.name, valueElement(f.name, value, type, words), words));
    }
    group.append(
      title ? h('h3', { class: 'group-title', 'data-field': title.name }, item[title.name]) : '',
      meta.length ? h('dl', { class: 'pairs' }, meta) : '',
      ...blocks);
    return group;
  }

  /** A list item: its first text as a title, the rest as secondary text and labelled facts.
   *  The first event that names one of its fields makes the whole card a button; the others
   *  are buttons beside it. */
  function renderCard(view, fields, item, events, words) {
    const all = orderedFields(fields, item);
    const primaryText = all.find((f) => typeof item[f.name] === 'string' && item[f.name] !== '' && !NAMES.hidden.test(f.name)
      && typeOf(f, item[f.name]) === 'string');
    const parts = [];
    const texts = [];
    const meta = [];
    const badges = [];
    let mine = false;
    let available = true;
    for (const f of all) {
      const value = item[f.name];
      if (value === null || value === undefined) continue;
      const type = typeOf(f, value);
      if (f === primaryText) continue;
      if (type === 'bool') {
        if (NAMES.mine.test(f.name)) mine = value;
        else if (NAMES.available.test(f.name)) available = value;
        else if (value) badges.push(flagBadge(f.name, value, words));
        continue;
      }
      if (NAMES.hidden.test(f.name)) { parts.push(h('span', { hidden: true, 'data-field': f.name }, String(value))); continue; }
      if (type === 'integer' && /Count$/.test(f.name)) {
        if (value > 0) badges.push(h('span', { class: 'count', 'data-field': f.name, title: labelOf(words, f.name) }, numberFormat.format(value)));
        else parts.push(h('span', { hidden: true, 'data-field': f.name }, '0'));
        continue;
      }
      if (type === 'array' || type === 'object') {
        const block = type === 'array' ? renderArray(null, f, value, false, words) : renderObject(f, value, words);
        texts.push(h('span', { class: 'card-nested' }, block.textContent));
        continue;
      }
      if (type === 'string' && value === '') continue;
      if (type === 'string' && NAMES.plainText.test(f.name)) texts.push(h('span', { class: 'card-text', 'data-field': f.name }, value));
      else if (type === 'string' && /^formatted/.test(f.name)) meta.push(h('span', { class: 'meta' }, valueElement(f.name, value, type)));
      else meta.push(h('span', { class: 'meta' }, h('span', { class: 'meta-label' }, `${labelOf(words, f.name)} `), valueElement(f.name, value, type, words)));
    }
    const body = [
      h('span', { class: 'card-top' },
        primaryText ? h('span', { class: 'card-title', 'data-field': primaryText.name }, item[primaryText.name]) : null,
        badges.length ? h('span', { class: 'card-badges' }, badges) : null),
      ...texts,
      meta.length ? h('span', { class: 'card-meta' }, meta) : null,
      ...parts,
    ];
    const main = events.find((e) => !NAMES.danger.test(e.name));
    const others = events.filter((e) => e !== main);
    const card = h('li', { class: `card${mine ? ' mine' : ''}${available ? '' : ' unavailable'}` });
    const keyField = all.find((f) => NAMES.hidden.test(f.name) && f.name !== 'kind' && item[f.name] !== null && item[f.name] !== undefined);
    if (keyField) card.dataset.key = String(item[keyField.name]);
    if (main) {
      card.append(h('button', {
        type: 'button', class: 'card-main clickable', 'data-event': main.name, 'data-item': String(item[main.key]),
        disabled: !available, onclick: () => sendEvent(view, main.name, { [main.key]: item[main.key] }),
      }, body));
    } else {
      card.append(h('div', { class: 'card-main' }, body));
    }
    if (others.length) {
      const name = primaryText ? item[primaryText.name] : '';
      card.append(h('div', { class: 'card-actions' }, others.map((e) => h('button', {
        type: 'button', class: `btn btn-small ${NAMES.danger.test(e.name) ? 'btn-danger' : 'btn-secondary'}`,
        'data-event': e.name, 'data-item': String(item[e.key]), 'aria-label': `${labelOf(words, e.name, eventLabel)} ${name}`.trim(),
        onclick: () => sendEvent(view, e.name, { [e.key]: item[e.key] }),
      }, labelOf(words, e.name, eventLabel)))));
    }
    return card;
  }

  // A render redraws the list a focused button was in: find the same button again after.
  function rememberFocus(root) {
    const el = document.activeElement;
    if (!el || !root.contains(el) || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return null;
    return { event: el.dataset.event, item: el.dataset.item, field: el.dataset.field, element: el };
  }
  function restoreFocus(root, focus) {
    if (!focus || root.contains(focus.element) || document.activeElement !== document.body) return;
    const match = [...root.querySelectorAll('[data-event]')]
      .find((el) => el.dataset.event === focus.event && el.dataset.item === focus.item);
    if (match) match.focus({ preventScroll: true });
  }

  function scrollerOf(view) {
    if (view.root.closest('.modal-panel')) return view.body || view.root;
    return document.scrollingElement || document.documentElement;
  }

  /** A conversation stays scrolled to its newest message, unless the user scrolled up. */
  function stickToBottom(view, force) {
    if (!force) return;
    const scroller = scrollerOf(view);
    scroller.scrollTop = scroller.scrollHeight;
  }

  // ---------------------------------------------------------------- boot

  function boot() {
    $('apps-button').addEventListener('click', () => showScreen('start'));
    $('resume').addEventListener('click', () => showScreen('stage'));
    $('reconnect').addEventListener('click', connect);
    $('toast-close').addEventListener('click', hideToast);
    // Someone who edits the address (`#app=weather`) goes there, as a reload would take them.
    window.addEventListener('hashchange', followAddress);
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (!$('toast').hidden) { hideToast(); return; }
      // Escape leaves a presented scene, as a swipe down does on a phone.
      const top = stack[stack.length - 1];
      if (session.screen === 'stage' && top && top.mode === 'present' && !session.closed) goBack(views.get(top.scene));
    });

    window.viper = {
      stack, viewModels,
      get describe() { return session.describe; },
      get initialize() { return session.init; },
      send: (method, params) => request(method, params),
    };
    connect();
  }

  boot();
})();
