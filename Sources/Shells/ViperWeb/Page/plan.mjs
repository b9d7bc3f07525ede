// Planning a scene: from what `engine.describe` says of a scene kind, and from a view model it
// rendered, to a plan of what to draw. Pure: no DOM and no connection, so that Node's test
// runner checks it as the page runs it (Tests/Page/).
//
// The page knows no app. Events become controls by the protocol's conventions: an event
// without data is a button (`saveTapped`, enabled by a member `saveEnabled` when there is
// one), `fooChanged {x}` an input sent as the user types, an event whose one field names a
// member of list items a button on each item, any other event a small form. What a member or
// an event means beyond its type (a heading, an error, where work stands, an item that is the
// user's own, a button that cancels) comes from the app, in describe's `roles` and `tones`
// (protocol.md §4.8); a member without a role is a value shown with its label.

import { sentence, eventLabel, flagLabel, wordsOf, labelOf, NO_WORDS } from './words.mjs';
import { inferType, orderedFields, typeOf, isLink } from './values.mjs';

// Icons for the verbs a button's event starts with (`addTapped` → "+").
const ICONS = { add: '+', refresh: '↻', remove: '−', delete: '−' };

const objectOr = (value) => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});

/** What describe's `roles` and `tones` say of a scene kind's wire names. */
export function meaningOf(spec) {
  const roles = objectOr(spec && spec.roles);
  const tones = objectOr(spec && spec.tones);
  return {
    /** A member's or an event's role (`"error"`, `"cancel"`), or null. */
    role: (name) => (typeof roles[name] === 'string' ? roles[name] : null),
    /** How a value of a state member reads (`"busy"`, `"good"`, `"bad"`, `"settled"`), or null. */
    tone: (name, value) => {
      const tone = objectOr(tones[name])[value];
      return typeof tone === 'string' ? tone : null;
    },
  };
}

/** The protocol's alert (§12.3), and an app's own kinds of it, are drawn as dialogs. */
export const isAlertKind = (kind) => kind === 'alert' || /\.alert$/.test(kind);

/** Members that are kept but never shown. */
const isKeptOnly = (role) => role === 'identifier' || role === 'hidden';

/** Sorts the events of a scene kind into the controls they become, and decides where its
 *  buttons go. `spec` is describe's entry for the kind, or null when describe said nothing. */
export function planScene(kind, spec) {
  spec = spec || null;
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

  const words = wordsOf(spec);
  const meaning = meaningOf(spec);
  const segments = kind.split('.');
  const plan = {
    kind, spec, vmFields, words, meaning, alert: isAlertKind(kind),
    // A scene another app's module shows (Weather's forecast in Flights) says whose it is.
    module: segments.length > 1 ? segments[0] : null,
    derivedTitle: sentence(segments.length > 1 ? segments.slice(1).join(' ') : segments[0]),
    actions: [], live: [], items: [], forms: [], consumed: new Set(),
  };
  for (const event of (spec && spec.events) || []) {
    const data = event.data || [];
    const role = meaning.role(event.name);
    if (data.length === 0) {
      // `saveTapped` is enabled by `saveEnabled`; `sendButtonTapped` by `sendButtonEnabled`.
      const stem = event.name.replace(/Tapped$|Clicked$|Pressed$/, '');
      const enabledBy = [`${stem}Enabled`, `${stem.replace(/Button$/, '')}Enabled`]
        .find((name) => vmFields.some((f) => f.name === name && f.type === 'bool')) || null;
      if (enabledBy) plan.consumed.add(enabledBy);
      plan.actions.push({
        name: event.name, enabledBy, role: role === 'cancel' || role === 'danger' ? role : 'normal',
        secondary: role === 'secondary', label: labelOf(words, event.name, eventLabel),
        icon: ICONS[event.name.replace(/(Button)?(Tapped|Clicked|Pressed)$/, '')] || null,
      });
    } else if (data.length === 1 && /Changed$/.test(event.name)) {
      // Prefilled from the view model member of the same name, else the one the event names
      // (`fromChanged {code}` edits `from`).
      const bound = [data[0].name, event.name.replace(/Changed$/, '')].find((name) => vmNames.has(name)) || null;
      if (bound) plan.consumed.add(bound);
      // The app's label for the event, else for the member it edits, else the derived word.
      const labelName = [event.name, bound, data[0].name].find((name) => name && typeof words.labels[name] === 'string');
      plan.live.push({
        name: event.name, field: data[0], bound, superseding: !!event.superseding,
        label: labelName ? labelOf(words, labelName) : eventLabel(event.name),
      });
    } else if (data.length === 1 && itemFields.has(data[0].name)) {
      plan.items.push({ name: event.name, key: data[0].name, danger: role === 'danger', label: labelOf(words, event.name, eventLabel) });
    } else {
      plan.forms.push({
        name: event.name, label: labelOf(words, event.name, eventLabel),
        fields: data.map((field) => ({ field, label: labelOf(words, field.name) })),
      });
    }
  }
  const primary = plan.actions.find((a) => a.role === 'normal' && !a.secondary) || null;
  if (primary) primary.role = 'primary';
  plan.primary = primary;
  plan.hasCancel = plan.actions.some((a) => a.role === 'cancel');
  plan.lists = vmFields.filter((f) => f.type === 'array' && meaning.role(f.name) !== 'problems').length;

  const hasList = vmFields.some((f) => f.type === 'array' && f.items && f.items.type === 'object');
  // A text field with a send button under a list is a composer (a chat): it stays at the
  // bottom, under the list it adds to, the other buttons in the header. Other inputs form a
  // form at the top.
  plan.composer = plan.live.length > 0 && hasList && !!primary;
  if (plan.composer) {
    plan.toolbar = plan.actions.filter((a) => a !== primary);
    plan.footer = [];
  } else {
    // Lists get their buttons in the header, like a navigation bar; forms and detail scenes
    // at the bottom like a dialog: cancel first, the others in describe's order.
    const ordered = [...plan.actions].sort((a, b) => (a.role === 'cancel' ? -1 : 0) - (b.role === 'cancel' ? -1 : 0));
    const inToolbar = hasList && !plan.live.length;
    plan.toolbar = inToolbar ? ordered : [];
    plan.footer = inToolbar ? [] : ordered;
  }
  return plan;
}

/** Whether the scene shows work under way: a busy flag that is set, or a state whose value
 *  has the busy tone. */
export function isBusy(plan, vm) {
  return Object.keys(vm).some((name) => {
    const role = plan.meaning.role(name);
    return (role === 'busy' && vm[name] === true)
      || (role === 'state' && typeof vm[name] === 'string' && plan.meaning.tone(name, vm[name]) === 'busy');
  });
}

/** What to draw for a view model the scene rendered. */
export function planRender(plan, vm) {
  const render = plan.alert ? planAlert(plan, vm) : planSceneBody(plan, vm);
  render.busy = isBusy(plan, vm);
  // The buttons whose enabling member says no.
  render.disabled = new Set(plan.actions.filter((a) => a.enabledBy && vm[a.enabledBy] === false).map((a) => a.name));
  return render;
}

function planSceneBody(plan, vm) {
  const { words, meaning } = plan;
  const fields = orderedFields(plan.vmFields, vm).filter((f) => !plan.consumed.has(f.name));
  const heading = fields.find((f) => meaning.role(f.name) === 'heading' && typeof vm[f.name] === 'string' && vm[f.name] !== '');
  const render = { title: null, heading: null, banners: [], chips: [], hidden: [], pairs: [], texts: [], blocks: [] };
  // A scene the app titled shows its heading under the title; one it did not is titled by it.
  render.title = words.title || !heading
    ? { text: words.title || plan.derivedTitle, field: null }
    : { text: vm[heading.name], field: heading.name };
  for (const field of fields) {
    const value = vm[field.name];
    if (value === null || value === undefined) continue; // null is shown as absent
    const type = typeOf(field, value);
    const { name } = field;
    const role = meaning.role(name);
    if (field === heading) {
      if (words.title) render.heading = { kind: 'heading', field: name, text: value };
    } else if (role === 'error' && typeof value === 'string') {
      if (value !== '') render.banners.push({ kind: 'banner', field: name, text: value });
    } else if (role === 'state' && typeof value === 'string') render.chips.push(planState(plan, name, value));
    else if (type === 'bool') render.chips.push(planFlag(name, value, words, role));
    else if (isKeptOnly(role) && type !== 'array' && type !== 'object') render.hidden.push({ kind: 'hidden', field: name, text: String(value) });
    else if (type === 'array') render.blocks.push(planList(plan, field, value, 'own'));
    else if (type === 'object') render.blocks.push(planObject(plan, field, value));
    else if (type === 'string' && isLink(value)) render.texts.push({ kind: 'link', field: name, value: planValue(plan, name, value, type, words) });
    else if (type === 'string' && (role === 'longText' || value.length > 120)) {
      if (value !== '') render.texts.push({ kind: 'text', field: name, text: value });
    } else render.pairs.push(planPair(plan, name, value, type));
  }
  return render;
}

/** An alert: its title and message, its other members, and a button per label of `actions`
 *  when it has one event, each sending it (protocol.md §12.3). */
function planAlert(plan, vm) {
  const rest = orderedFields(plan.vmFields, vm).filter((f) => !['title', 'message', 'actions'].includes(f.name) && vm[f.name] !== null);
  const content = rest.map((f) => {
    const value = vm[f.name];
    const type = typeOf(f, value);
    if (type === 'array') return planList(plan, f, value, 'own');
    if (type === 'object') return planObject(plan, f, value);
    return { kind: 'paragraph', value: planValue(plan, f.name, value, type, plan.words) };
  });
  const labels = Array.isArray(vm.actions) && vm.actions.every((a) => typeof a === 'string') ? vm.actions : null;
  const buttons = labels && labels.length && plan.actions.length === 1
    ? labels.map((label, i) => ({ ...plan.actions[0], role: i === labels.length - 1 ? 'primary' : 'secondary', label, icon: null }))
    : plan.actions;
  return {
    title: typeof vm.title === 'string' && vm.title ? vm.title : 'Alert',
    message: typeof vm.message === 'string' ? vm.message : '',
    content, buttons,
  };
}

/** A state: work under way (with a spinner) and failure show; a settled state ("loaded",
 *  "ready") shows nothing (it stays in the DOM, hidden, for tests); good news ("booked")
 *  shows as such; a value the app gave no tone shows as it is. */
function planState(plan, name, value) {
  const tone = plan.meaning.tone(name, value);
  return {
    kind: 'state', field: name, value, tone: ['busy', 'good', 'bad'].includes(tone) ? tone : 'neutral',
    spinner: tone === 'busy', hidden: tone === 'settled', label: labelOf(plan.words, name), text: sentence(value),
  };
}

/** A flag: `isWorking` true shows "Working" (or the app's label for it); a flag that is off
 *  shows nothing (it stays in the DOM, hidden, for tests), nor does a hidden one; a flag not
 *  named `is…` or `has…` shows its name with ✓ or ✗. */
function planFlag(name, value, words, role) {
  const named = /^(is|has)[A-Z]/.test(name);
  const busy = role === 'busy';
  return {
    kind: 'flag', field: name, value,
    tone: busy ? 'busy' : role === 'warning' ? 'warn' : value ? 'info' : 'neutral',
    spinner: busy, hidden: (named && !value) || isKeptOnly(role),
    text: named ? labelOf(words, name, flagLabel) : `${value ? '✓' : '✗'} ${labelOf(words, name)}`,
  };
}

/** A value as it is shown: a flag, or a value of its type (a day, a number, a link). */
function planValue(plan, name, value, type, words) {
  if (type === 'bool') return planFlag(name, value, words, plan.meaning.role(name));
  return { kind: 'value', field: name, type, value };
}

function planPair(plan, name, value, type) {
  return { kind: 'pair', field: name, label: labelOf(plan.words, name), value: planValue(plan, name, value, type, plan.words) };
}

/** A member that is an object: a titled panel of its members, each with its label. */
function planObject(plan, field, value) {
  const { words } = plan;
  const rows = orderedFields(field.spec && field.spec.fields, value)
    .filter((f) => value[f.name] !== null && value[f.name] !== undefined)
    .map((f) => {
      const v = value[f.name];
      const type = typeOf(f, v);
      if (type === 'array') return { kind: 'widePair', label: labelOf(words, f.name), block: planList(plan, f, v, 'nested') };
      if (type === 'object') return { kind: 'widePair', label: labelOf(words, f.name), block: planObject(plan, f, v) };
      return planPair(plan, f.name, v, type);
    });
  return { kind: 'object', field: field.name, label: labelOf(words, field.name), rows };
}

/** A list. `how` says where it is: `own` (a member of the scene's view model: when empty, it
 *  says the app's `emptyText`, else "No <list> yet"), `group` (a group's own list, drawn bare),
 *  or `nested` (in an item or a panel: no item buttons, the derived words). */
function planList(plan, field, items, how) {
  const { words, meaning } = plan;
  const own = how === 'own';
  const itemSpec = field.spec && field.spec.items;
  const itemType = (itemSpec && itemSpec.type) || (items.length ? inferType(items[0]) : 'string');
  // The one list of a scene the app titled is what the title names ("Your places"): it needs
  // no heading of its own unless the app gave it one ("The next seven days").
  const untitled = own && words.title && plan.lists === 1 && typeof words.labels[field.name] !== 'string';
  const title = untitled ? null : labelOf(words, field.name);
  const derived = `No ${sentence(field.name).toLowerCase()}`;
  if (itemType !== 'object') {
    // A list of problems is no list of things: no heading, and nothing to say when empty.
    const problems = meaning.role(field.name) === 'problems';
    return {
      kind: 'list', field: field.name, style: problems ? 'notes' : 'bullets', wrapped: !problems,
      title: problems ? null : title,
      items: items.map((item) => planValue(plan, field.name, item, (itemSpec && itemSpec.type) || inferType(item), NO_WORDS)),
      empty: problems || items.length ? null : (own && words.emptyText) || derived,
    };
  }
  const fields = (itemSpec && itemSpec.fields) || null;
  const names = fields ? fields.map((f) => f.name) : Object.keys(items[0] || {});
  const events = how === 'nested' ? [] : plan.items.filter((e) => names.includes(e.key));
  const groups = fields ? fields.some((f) => f.type === 'array' && f.items && f.items.type === 'object')
    : items.some((item) => Object.values(item).some((v) => Array.isArray(v) && v.some((x) => x && typeof x === 'object')));
  const thread = names.some((n) => meaning.role(n) === 'mine');
  // A list of groups (sections), a group's own list and a conversation need no heading.
  const wrapped = !(groups || thread || how === 'group');
  return {
    kind: 'list', field: field.name, style: 'cards', groups, thread, wrapped, title: wrapped ? title : null,
    items: items.map((item) => (groups ? planGroup(plan, fields, item) : planCard(plan, fields, item, events))),
    empty: items.length ? null : (own && words.emptyText) || `${derived} yet`,
  };
}

/** An item that holds a list of its own (a section): its heading, then its list. */
function planGroup(plan, fields, item) {
  const { meaning } = plan;
  const all = orderedFields(fields, item);
  const title = all.find((f) => meaning.role(f.name) === 'heading' && typeof item[f.name] === 'string');
  const group = { kind: 'group', title: title ? { field: title.name, text: item[title.name] } : null, meta: [], blocks: [] };
  for (const f of all) {
    const value = item[f.name];
    if (f === title || value === null || value === undefined) continue;
    const type = typeOf(f, value);
    if (type === 'array') group.blocks.push(planList(plan, f, value, 'group'));
    else if (type === 'object') group.blocks.push(planObject(plan, f, value));
    else if (isKeptOnly(meaning.role(f.name))) group.blocks.push({ kind: 'hidden', field: f.name, text: String(value) });
    else group.meta.push(planPair(plan, f.name, value, type));
  }
  return group;
}

/** A list item: its heading (else its first text) as a title, its long texts, then labelled
 *  facts. The first of `events` that is no danger makes the whole card a button; the others
 *  are buttons beside it. */
function planCard(plan, fields, item, events) {
  const { words, meaning } = plan;
  const all = orderedFields(fields, item);
  const isText = (f) => typeof item[f.name] === 'string' && item[f.name] !== '' && !isKeptOnly(meaning.role(f.name))
    && typeOf(f, item[f.name]) === 'string';
  const primary = all.find((f) => meaning.role(f.name) === 'heading' && isText(f)) || all.find(isText);
  const card = {
    kind: 'card', key: null, mine: false, available: true,
    title: primary ? { field: primary.name, text: item[primary.name] } : null,
    badges: [], texts: [], meta: [], hidden: [], main: null, others: [],
  };
  for (const f of all) {
    const value = item[f.name];
    if (value === null || value === undefined || f === primary) continue;
    const type = typeOf(f, value);
    const role = meaning.role(f.name);
    if (type === 'bool') {
      if (role === 'mine') card.mine = value;
      else if (role === 'available') card.available = value;
      else if (value) card.badges.push(planFlag(f.name, value, words, role));
    } else if (isKeptOnly(role)) {
      card.hidden.push({ kind: 'hidden', field: f.name, text: String(value) });
    } else if (role === 'count' && type === 'integer') {
      // Nothing new says nothing.
      if (value > 0) card.badges.push({ kind: 'count', field: f.name, value, label: labelOf(words, f.name) });
      else card.hidden.push({ kind: 'hidden', field: f.name, text: '0' });
    } else if (type === 'array' || type === 'object') {
      card.texts.push({ kind: 'nested', block: type === 'array' ? planList(plan, f, value, 'nested') : planObject(plan, f, value) });
    } else if (type === 'string' && value === '') {
      continue;
    } else if (type === 'string' && role === 'longText') {
      card.texts.push({ kind: 'text', field: f.name, text: value });
    } else if (type === 'string' && role === 'caption') {
      card.meta.push({ kind: 'meta', field: f.name, label: null, value: planValue(plan, f.name, value, type, NO_WORDS) });
    } else {
      card.meta.push({ kind: 'meta', field: f.name, label: labelOf(words, f.name), value: planValue(plan, f.name, value, type, words) });
    }
  }
  const keyField = all.find((f) => meaning.role(f.name) === 'identifier' && item[f.name] !== null && item[f.name] !== undefined);
  if (keyField) card.key = String(item[keyField.name]);
  const main = events.find((e) => !e.danger);
  if (main) card.main = { name: main.name, key: main.key, item: item[main.key] };
  const name = card.title ? card.title.text : '';
  card.others = events.filter((e) => e !== main).map((e) => ({
    name: e.name, key: e.key, item: item[e.key], danger: e.danger, label: e.label, ariaLabel: `${e.label} ${name}`.trim(),
  }));
  return card;
}
