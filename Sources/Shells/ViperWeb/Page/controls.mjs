// Inputs: the controls for the data of events, typed live (`titleChanged`) or sent as a small
// form, and what they hold as the protocol wants it.

import { h, uid } from './dom.mjs';
import { localToInstant, instantToLocal } from './values.mjs';

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

/** The scene's live inputs, each sending its event as the user types. `page.edit` sends an
 *  input's event and resolves once the engine answered (after a break, once the session
 *  resumed and got the text); `page.viewModelOf` gives what the scene last rendered. */
export function buildLiveInputs(view, page) {
  // A form, so that browsers treat a password field as one; Enter is handled per input.
  const fields = h('form', { class: 'fields', novalidate: true, onsubmit: (e) => e.preventDefault() });
  for (const event of view.plan.live) {
    const control = makeControl(event.field, event.label);
    const { input } = control;
    input.dataset.event = event.name;
    if (view.plan.composer) input.placeholder = `${event.label}…`;
    const binding = { event, control, input, inFlight: 0, synced: rawOf(input) };
    input.addEventListener(input.type === 'checkbox' ? 'change' : 'input', () => {
      const value = readControl(control);
      if (value === undefined) return;
      binding.synced = rawOf(input);
      binding.inFlight++;
      page.edit(view, event.name, { [event.field.name]: value }).finally(() => {
        binding.inFlight--;
        // The engine may have changed what was typed (trimmed, capitalised): show its
        // version once nothing of the user's is on its way.
        if (binding.inFlight === 0) syncBinding(binding, page.viewModelOf(view.scene));
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
 *  their edits are on the way (those typed during a break wait for the resume, focused or
 *  not), renders echo older text, and writing it back would eat keystrokes. A render that
 *  changes the field afterwards (a sent message clears it) wins. */
export function syncBinding(binding, vm) {
  const { bound, field } = binding.event;
  if (!vm || !bound || field.type === 'secret' || !(bound in vm)) return;
  const want = controlValue(field, vm[bound]);
  const input = binding.input;
  if (binding.inFlight > 0 || (document.activeElement === input && rawOf(input) !== binding.synced)) return;
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
export function buildEventForm(view, event, page) {
  const controls = event.fields.map(({ field, label }) => ({ ...makeControl(field, label), label }));
  const form = h('form', { class: 'event-form', 'data-event': event.name, novalidate: true },
    h('p', { class: 'event-form-title' }, event.label),
    h('div', { class: 'fields' }, controls.map((c) => c.wrap)),
    h('button', { type: 'submit', class: 'btn btn-secondary' }, event.label));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = {};
    for (const control of controls) {
      const value = readControl(control);
      if (value === undefined) {
        page.toast(`${control.label}: enter a valid ${control.field.type}.`);
        control.input.focus();
        return;
      }
      data[control.field.name] = value;
    }
    page.send(view, event.name, data);
  });
  return form;
}
