// Drawing: a scene's DOM from its plan (plan.mjs). A scene's DOM is built once and kept while
// it lives, so inputs keep what is typed and their focus across renders; each render redraws
// the view model's part only.
//
// `page` is what drawing needs of the rest of the page: `send(view, event, data)`,
// `edit(view, event, data)` (a live input's text) and `back(view)` (each resolves once the
// engine answered), `toast(message)`, `app()` (the app on screen), `appTitle(name)` and
// `viewModelOf(scene)`.

import { h, uid } from './dom.mjs';
import { planScene, planRender } from './plan.mjs';
import { formatDay, formatInstant, formatNumber, isLink } from './values.mjs';
import { buildLiveInputs, buildEventForm, syncBinding } from './controls.mjs';

/** A view of a scene that joined the stack: `entry` is `{scene, kind, mode}`, `spec` what
 *  describe says of its kind (or null). */
export function createView(entry, spec, page) {
  const plan = planScene(entry.kind, spec);
  const view = {
    ...entry, plan, alert: plan.alert, headingId: uid('heading'),
    live: [], buttons: [], rendered: false, needsFocus: false, composer: plan.composer,
  };
  view.root = h('section', {
    class: `scene${view.alert ? ' scene-alert' : ''}`,
    'data-scene': entry.scene, 'data-kind': entry.kind, 'aria-labelledby': view.headingId,
  });
  if (view.alert) buildAlert(view);
  else buildScene(view, page);
  return view;
}

function buildScene(view, page) {
  const { plan } = view;
  const head = h('header', { class: 'scene-head' });
  if (view.mode === 'push') {
    head.append(h('button', { type: 'button', class: 'btn btn-ghost btn-back', 'data-action': 'back', 'aria-label': 'Back', onclick: () => page.back(view) },
      h('span', { class: 'chevron', 'aria-hidden': 'true' }, '‹'), 'Back'));
  }
  // The screen's title: the app's title for the scene, else (once rendered) the view model's
  // heading, else a word derived from the kind. A scene another app's module shows (Weather's
  // forecast in Flights) says whose it is above its title.
  const foreign = plan.module && plan.module !== page.app();
  view.titleEl = h('h2', { id: view.headingId, tabindex: '-1' }, plan.words.title || plan.derivedTitle);
  head.append(h('div', { class: 'scene-titles' },
    foreign ? h('p', { class: 'eyebrow' }, page.appTitle(plan.module)) : null,
    view.titleEl));
  view.chipsEl = h('div', { class: 'chips' });
  head.append(view.chipsEl);
  const toolbar = h('div', { class: 'toolbar' }, plan.toolbar.map((action) => actionButton(view, action, page)));
  head.append(toolbar);
  if (view.mode === 'present' && !plan.hasCancel) {
    // A presented scene can always be left, as a swipe down would (view.back).
    head.append(h('button', { type: 'button', class: 'btn btn-ghost btn-close', 'data-action': 'back', 'aria-label': 'Close', onclick: () => page.back(view) }, '×'));
  }

  view.bannerEl = h('div', { class: 'banners' });
  view.contentEl = h('div', { class: 'vm' });
  view.body = h('div', { class: 'scene-body' }, view.bannerEl);
  const forms = plan.forms.map((event) => buildEventForm(view, event, page));
  if (plan.composer) {
    view.body.append(view.contentEl, ...forms);
    const bar = h('div', { class: 'composer' }, buildLiveInputs(view, page), actionButton(view, plan.primary, page));
    view.root.append(head, view.body, bar);
    return;
  }
  if (plan.live.length) view.body.append(buildLiveInputs(view, page));
  view.body.append(view.contentEl, ...forms);
  view.root.append(head, view.body);
  if (plan.footer.length) view.root.append(h('footer', { class: 'actions' }, plan.footer.map((action) => actionButton(view, action, page))));
}

function buildAlert(view) {
  view.titleEl = h('h2', { id: view.headingId, class: 'alert-title', tabindex: '-1', 'data-field': 'title' }, 'Alert');
  view.messageEl = h('p', { class: 'alert-message', 'data-field': 'message' });
  view.contentEl = h('div', { class: 'vm' });
  view.actionsEl = h('footer', { class: 'actions' });
  view.root.append(view.titleEl, view.messageEl, view.contentEl, view.actionsEl);
}

function actionButton(view, action, page) {
  const button = h('button', {
    type: 'button', class: `btn btn-${action.role === 'normal' ? 'secondary' : action.role}`,
    'data-event': action.name, onclick: () => page.send(view, action.name),
  }, action.icon ? h('span', { class: 'icon', 'aria-hidden': 'true' }, action.icon) : null, action.label);
  view.buttons.push({ button, action });
  return button;
}

/** Draws the view model the scene rendered last. */
export function renderView(view, vm, page, isTop) {
  if (!vm || typeof vm !== 'object') return;
  const focus = rememberFocus(view.root);
  const scroller = scrollerOf(view);
  const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 96;

  const render = planRender(view.plan, vm);
  if (view.alert) drawAlert(view, render, page);
  else drawScene(view, render, page);

  for (const binding of view.live) syncBinding(binding, vm);
  for (const { button, action } of view.buttons) {
    if (action.enabledBy) button.disabled = render.disabled.has(action.name);
  }
  view.root.setAttribute('aria-busy', render.busy ? 'true' : 'false');

  restoreFocus(view.root, focus);
  if (view.composer) stickToBottom(view, nearBottom || !view.rendered);
  view.rendered = true;
  if (view.needsFocus && isTop) focusView(view);
}

function drawScene(view, render, page) {
  view.titleEl.textContent = render.title.text;
  if (render.title.field) view.titleEl.dataset.field = render.title.field;
  else view.titleEl.removeAttribute('data-field');
  view.bannerEl.replaceChildren(...render.banners.map((b) => h('div', { class: 'banner banner-error', role: 'alert', 'data-field': b.field }, b.text)));
  view.chipsEl.replaceChildren(...render.chips.map(drawBadge));
  view.contentEl.replaceChildren(
    render.heading ? h('h3', { class: 'vm-title', 'data-field': render.heading.field }, render.heading.text) : '',
    ...render.hidden.map(drawHidden),
    render.pairs.length ? h('dl', { class: 'pairs' }, render.pairs.map(drawPair)) : '',
    ...render.texts.map((t) => (t.kind === 'link'
      ? h('p', { class: 'vm-link' }, drawValue(t.value))
      : h('p', { class: 'vm-text', 'data-field': t.field }, t.text))),
    ...render.blocks.map((block) => drawBlock(block, view, page)));
}

function drawAlert(view, render, page) {
  view.titleEl.textContent = render.title;
  view.messageEl.textContent = render.message;
  view.messageEl.hidden = !view.messageEl.textContent;
  view.contentEl.replaceChildren(...render.content.map((node) => (node.kind === 'paragraph' ? h('p', {}, drawValue(node.value)) : drawBlock(node, view, page))));
  view.buttons = [];
  view.actionsEl.replaceChildren(...render.buttons.map((action) => actionButton(view, action, page)));
}

const drawHidden = (node) => h('span', { hidden: true, 'data-field': node.field }, node.text);

/** A state or a flag, as a badge (with a spinner while work is under way). */
function drawBadge(node) {
  return h('span', {
    class: `badge badge-${node.tone}`, 'data-field': node.field, 'data-value': String(node.value),
    title: node.kind === 'state' ? node.label : undefined, hidden: node.hidden,
  }, node.spinner ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null, node.text);
}

function drawPair(node) {
  return h('div', { class: 'pair' }, h('dt', {}, node.label), h('dd', {}, drawValue(node.value)));
}

/** A value by its type: a day or an instant as this browser writes it, a number, a masked
 *  secret, a flag, a link. */
function drawValue(node) {
  if (node.kind === 'flag') return drawBadge(node);
  const { field, type, value } = node;
  if (type === 'day' && typeof value === 'string') return h('time', { datetime: value, 'data-field': field }, formatDay(value));
  if (type === 'instant' && typeof value === 'string') return h('time', { datetime: value, 'data-field': field }, formatInstant(value));
  if ((type === 'integer' || type === 'number') && typeof value === 'number') return h('span', { 'data-field': field }, formatNumber(value));
  if (type === 'secret') return h('span', { 'data-field': field }, '••••••••');
  if (isLink(value)) return h('a', { href: value, target: '_blank', rel: 'noopener noreferrer', class: 'link', 'data-field': field }, value);
  return h('span', { 'data-field': field }, typeof value === 'string' ? value : JSON.stringify(value));
}

/** A list, a panel or a hidden member. */
function drawBlock(node, view, page) {
  if (node.kind === 'object') return drawObject(node, view, page);
  if (node.kind === 'hidden') return drawHidden(node);
  return drawList(node, view, page);
}

function drawObject(node, view, page) {
  const rows = node.rows.map((row) => (row.kind === 'widePair'
    ? h('div', { class: 'pair pair-wide' }, h('dt', {}, row.label), h('dd', {}, drawBlock(row.block, view, page)))
    : drawPair(row)));
  return h('section', { class: 'panel', 'data-field': node.field },
    h('h3', { class: 'block-title' }, node.label), h('dl', { class: 'pairs' }, rows));
}

function drawList(node, view, page) {
  const title = node.title !== null ? h('h3', { class: 'block-title' }, node.title) : null;
  if (node.style !== 'cards') {
    const list = h('ul', { class: node.style, 'data-field': node.field }, node.items.map((item) => h('li', {}, drawValue(item).textContent)));
    if (!node.wrapped) return list;
    return h('div', { class: 'block' }, title, list, node.empty !== null ? h('p', { class: 'empty' }, node.empty) : null);
  }
  const list = h('ul', { class: `cards${node.groups ? ' groups' : ''}${node.thread ? ' thread' : ''}`, 'data-field': node.field },
    node.items.map((item) => (item.kind === 'group' ? drawGroup(item, view, page) : drawCard(item, view, page))));
  if (node.empty !== null) list.append(h('li', { class: 'empty' }, node.empty));
  return node.wrapped ? h('div', { class: 'block' }, title, list) : list;
}

function drawGroup(node, view, page) {
  return h('li', { class: 'group' },
    node.title ? h('h3', { class: 'group-title', 'data-field': node.title.field }, node.title.text) : '',
    node.meta.length ? h('dl', { class: 'pairs' }, node.meta.map(drawPair)) : '',
    ...node.blocks.map((block) => drawBlock(block, view, page)));
}

function drawCard(node, view, page) {
  const badges = node.badges.map((badge) => (badge.kind === 'count'
    ? h('span', { class: 'count', 'data-field': badge.field, title: badge.label }, formatNumber(badge.value))
    : drawBadge(badge)));
  const body = [
    h('span', { class: 'card-top' },
      node.title ? h('span', { class: 'card-title', 'data-field': node.title.field }, node.title.text) : null,
      badges.length ? h('span', { class: 'card-badges' }, badges) : null),
    // A list or a panel in an item reads as a line of its text.
    ...node.texts.map((text) => (text.kind === 'nested'
      ? h('span', { class: 'card-nested' }, drawBlock(text.block, view, page).textContent)
      : h('span', { class: 'card-text', 'data-field': text.field }, text.text))),
    node.meta.length ? h('span', { class: 'card-meta' }, node.meta.map((meta) => h('span', { class: 'meta' },
      meta.label !== null ? h('span', { class: 'meta-label' }, `${meta.label} `) : null, drawValue(meta.value)))) : null,
    ...node.hidden.map(drawHidden),
  ];
  const card = h('li', { class: `card${node.mine ? ' mine' : ''}${node.available ? '' : ' unavailable'}` });
  if (node.key !== null) card.dataset.key = node.key;
  const { main } = node;
  if (main) {
    card.append(h('button', {
      type: 'button', class: 'card-main clickable', 'data-event': main.name, 'data-item': String(main.item),
      disabled: !node.available, onclick: () => page.send(view, main.name, { [main.key]: main.item }),
    }, body));
  } else {
    card.append(h('div', { class: 'card-main' }, body));
  }
  if (node.others.length) {
    card.append(h('div', { class: 'card-actions' }, node.others.map((e) => h('button', {
      type: 'button', class: `btn btn-small ${e.danger ? 'btn-danger' : 'btn-secondary'}`,
      'data-event': e.name, 'data-item': String(e.item), 'aria-label': e.ariaLabel,
      onclick: () => page.send(view, e.name, { [e.key]: e.item }),
    }, e.label))));
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
export function stickToBottom(view, force) {
  if (!force) return;
  const scroller = scrollerOf(view);
  scroller.scrollTop = scroller.scrollHeight;
}

/** The first thing to use in a scene that appears: an input, else a dialog's first button,
 *  else its heading, so that keyboard and screen reader users start in the new scene. */
export function focusView(view) {
  view.needsFocus = false;
  const input = view.root.querySelector('input:not([disabled]):not([type=checkbox]), textarea:not([disabled])');
  const button = view.mode === 'present' ? view.root.querySelector('.actions button:not([disabled])') : null;
  const target = input || button || view.root.querySelector('h2');
  if (target) target.focus({ preventScroll: !input });
}
