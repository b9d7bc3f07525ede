// The browser page's planning (Sources/Shells/ViperWeb/Page/plan.mjs) under Node's test runner:
// from what `engine.describe` says of each scene kind of the six apps, and from view models
// like theirs, which events become which controls and how each member is drawn. The
// descriptions are the engine's own: the `engine.describe` session protocol.md shows, which the
// Swift suite checks line for line against the engine.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { planScene, planRender, meaningOf } from '../../Sources/Shells/ViperWeb/Page/plan.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pageFolder = `${root}Sources/Shells/ViperWeb/Page/`;

/** describe's result, from the session protocol.md shows. */
const described = (() => {
  const lines = readFileSync(`${root}protocol.md`, 'utf8').split('\n');
  const asked = lines.findIndex((line) => line.startsWith('> ') && line.includes('"method":"engine.describe"'));
  assert.ok(asked >= 0, 'protocol.md shows an engine.describe session');
  return JSON.parse(lines[asked + 1].slice(2)).result;
})();

const specOf = (kind) => {
  const spec = described.scenes.find((scene) => scene.kind === kind);
  assert.ok(spec, `describe has ${kind}`);
  return spec;
};
const planOf = (kind) => planScene(kind, specOf(kind));
const names = (list) => list.map((item) => item.name);
/** The members of a render's pairs, or of a card's meta, by wire name. */
const fieldsOf = (list) => list.map((item) => item.field);

test('describe carries roles and tones for the apps', () => {
  const summary = specOf('flights.summary');
  assert.equal(summary.roles.state, 'state');
  assert.deepEqual(summary.tones.state, { booked: 'good', booking: 'busy', failed: 'bad', ready: 'settled' });
  assert.equal(specOf('weather.list').roles.removeTapped, 'danger');
  assert.equal(specOf('chat.conversation').roles.isMine, 'mine');
});

test('todo.list: one button in the header, sections as groups headed by their title, ToDos as cards keyed by their id', () => {
  const plan = planOf('todo.list');
  assert.deepEqual(names(plan.toolbar), ['addTapped']);
  assert.deepEqual(plan.footer, []);
  assert.equal(plan.primary.name, 'addTapped');
  assert.equal(plan.primary.label, 'Add a ToDo');
  assert.equal(plan.primary.icon, '+');

  const render = planRender(plan, {
    isEmpty: false,
    sections: [{ kind: 'tomorrow', title: 'Tomorrow', items: [{ id: '7', title: 'Buy milk', dueDate: '2026-11-20', dueDay: 'Friday' }] }],
  });
  assert.equal(render.title.text, 'ToDos');
  assert.equal(render.title.field, null);
  const [isEmpty] = render.chips;
  assert.equal(isEmpty.field, 'isEmpty');
  assert.equal(isEmpty.hidden, true, 'the empty text says it: no badge');
  const [sections] = render.blocks;
  assert.equal(sections.style, 'cards');
  assert.equal(sections.groups, true);
  assert.equal(sections.wrapped, false, 'a list of groups needs no heading');
  const [group] = sections.items;
  assert.deepEqual(group.title, { field: 'title', text: 'Tomorrow' });
  assert.deepEqual(group.blocks[0], { kind: 'hidden', field: 'kind', text: 'tomorrow' });
  const [card] = group.blocks[1].items;
  assert.equal(card.key, '7');
  assert.deepEqual(card.title, { field: 'title', text: 'Buy milk' });
  assert.deepEqual(card.hidden, [{ kind: 'hidden', field: 'id', text: '7' }]);
  assert.deepEqual(fieldsOf(card.meta), ['dueDate', 'dueDay']);
  assert.equal(card.meta[0].label, 'Due date');

  const empty = planRender(plan, { isEmpty: true, sections: [] });
  assert.equal(empty.blocks[0].empty, 'Nothing to do.');
});

test('todo.add: live inputs prefilled from the members they edit, Save enabled by saveEnabled, Cancel first, problems as notes', () => {
  const plan = planOf('todo.add');
  assert.deepEqual(plan.live.map((input) => [input.name, input.bound, input.label]),
    [['titleChanged', 'title', 'Title'], ['dueDateChanged', 'dueDate', 'Due date']]);
  assert.deepEqual(names(plan.footer), ['cancelTapped', 'saveTapped'], 'cancel first, at the bottom like a dialog');
  assert.deepEqual(plan.footer.map((a) => a.role), ['cancel', 'primary']);
  assert.equal(plan.hasCancel, true);
  assert.equal(plan.primary.enabledBy, 'saveEnabled');
  assert.ok(plan.consumed.has('title') && plan.consumed.has('dueDate') && plan.consumed.has('saveEnabled'));

  const render = planRender(plan, { title: '', dueDate: null, saveEnabled: false, problems: ['Enter a title'] });
  assert.deepEqual([...render.disabled], ['saveTapped']);
  assert.deepEqual(render.pairs, [], 'what the inputs show is not shown again');
  const [problems] = render.blocks;
  assert.equal(problems.style, 'notes');
  assert.equal(problems.title, null);
  assert.equal(problems.wrapped, false);
  assert.deepEqual(problems.items.map((item) => item.value), ['Enter a title']);
  assert.equal(planRender(plan, { title: 'Milk', dueDate: '2026-11-20', saveEnabled: true, problems: [] }).disabled.size, 0);
});

test('chat.conversation: a composer under a thread of messages, titled by the person, mine marked, the time without a label', () => {
  const plan = planOf('chat.conversation');
  assert.equal(plan.composer, true);
  assert.equal(plan.primary.name, 'sendButtonTapped');
  assert.equal(plan.primary.enabledBy, 'sendButtonEnabled');
  assert.deepEqual(names(plan.toolbar), ['closeButtonTapped']);
  assert.equal(plan.toolbar[0].role, 'cancel');
  assert.deepEqual(plan.live.map((input) => [input.name, input.bound, input.label]), [['inputTextChanged', 'inputText', 'Message']]);

  const render = planRender(plan, {
    title: 'Ada', inputText: '', sendButtonEnabled: false, errorMessage: 'Sending failed.',
    messages: [
      { messageId: '1', messageText: 'Hello', messageHeader: 'Ada', formattedSentDate: 'Today 09:41', isMine: false },
      { messageId: '2', messageText: 'Hi!', messageHeader: 'You', formattedSentDate: 'Today 09:42', isMine: true },
    ],
  });
  assert.deepEqual(render.title, { text: 'Ada', field: 'title' }, 'no title of the app: the heading titles the screen');
  assert.equal(render.heading, null);
  assert.deepEqual(render.banners, [{ kind: 'banner', field: 'errorMessage', text: 'Sending failed.' }]);
  const [messages] = render.blocks;
  assert.equal(messages.thread, true);
  assert.equal(messages.wrapped, false, 'a conversation needs no heading');
  const [theirs, mine] = messages.items;
  assert.deepEqual([theirs.mine, mine.mine], [false, true]);
  assert.deepEqual(mine.title, { field: 'messageText', text: 'Hi!' });
  assert.equal(mine.key, '2');
  assert.deepEqual(mine.texts, [{ kind: 'text', field: 'messageHeader', text: 'You' }]);
  assert.deepEqual(mine.meta.map((m) => [m.field, m.label]), [['formattedSentDate', null]]);
  assert.deepEqual(planRender(plan, { title: 'Ada', inputText: '', sendButtonEnabled: false, errorMessage: null, messages: [] }).blocks[0].empty,
    'No messages yet: say hello.');
});

test('chat.inbox: each conversation opens with a tap, unread messages as a count, Refresh never the main action', () => {
  const plan = planOf('chat.inbox');
  assert.equal(plan.primary, null, 'refresh is secondary');
  assert.deepEqual(plan.toolbar.map((a) => [a.name, a.role, a.icon]), [['refreshTapped', 'normal', '↻']]);
  assert.deepEqual(plan.items.map((e) => [e.name, e.key, e.danger]), [['conversationTapped', 'conversationId', false]]);

  const render = planRender(plan, {
    errorMessage: null,
    conversations: [
      { conversationId: 'ada', title: 'Ada', lastMessage: 'See you', unreadCount: 2 },
      { conversationId: 'bob', title: 'Bob', lastMessage: null, unreadCount: 0 },
    ],
  });
  assert.deepEqual(render.banners, []);
  const [ada, bob] = render.blocks[0].items;
  assert.deepEqual(ada.main, { name: 'conversationTapped', key: 'conversationId', item: 'ada' });
  assert.deepEqual(ada.badges, [{ kind: 'count', field: 'unreadCount', value: 2, label: 'Unread' }]);
  assert.deepEqual(ada.texts, [{ kind: 'text', field: 'lastMessage', text: 'See you' }]);
  assert.deepEqual(bob.badges, [], 'nothing unread says nothing');
  assert.deepEqual(bob.hidden.map((h) => [h.field, h.text]), [['conversationId', 'bob'], ['unreadCount', '0']]);
});

test('weather.list: a place opens its forecast, Remove is a danger beside it, the one list of a titled scene has no heading', () => {
  const plan = planOf('weather.list');
  assert.deepEqual(plan.items.map((e) => [e.name, e.danger]), [['locationTapped', false], ['removeTapped', true]]);
  const render = planRender(plan, { errorMessage: null, locations: [{ locationId: '2267057', name: 'Lisbon', detail: '17°C, Clear sky' }] });
  const [locations] = render.blocks;
  assert.equal(locations.title, null);
  assert.equal(locations.wrapped, true);
  const [lisbon] = locations.items;
  assert.equal(lisbon.main.name, 'locationTapped');
  assert.deepEqual(lisbon.others.map((e) => [e.name, e.danger, e.label, e.ariaLabel]), [['removeTapped', true, 'Remove', 'Remove Lisbon']]);
  assert.deepEqual(lisbon.texts, [{ kind: 'text', field: 'detail', text: '17°C, Clear sky' }]);
  assert.equal(planRender(plan, { errorMessage: null, locations: [] }).blocks[0].empty, 'No places yet: add one to see its weather.');
});

test('weather.add: a search as you type, a busy flag while it runs, results to pick', () => {
  const plan = planOf('weather.add');
  assert.deepEqual(plan.live.map((input) => [input.name, input.superseding, input.label]), [['queryChanged', true, 'Search']]);
  assert.deepEqual(plan.items.map((e) => e.name), ['resultTapped']);
  assert.deepEqual(plan.footer.map((a) => [a.name, a.role]), [['cancelTapped', 'cancel']]);
  const searching = planRender(plan, { query: 'Lis', results: [], isSearching: true, errorMessage: null });
  assert.equal(searching.busy, true);
  assert.deepEqual(searching.chips.map((c) => [c.field, c.tone, c.spinner, c.hidden, c.text]), [['isSearching', 'busy', true, false, 'Searching']]);
  const done = planRender(plan, { query: 'Lis', results: [{ resultId: '1', name: 'Lisbon', detail: 'Lisbon, Portugal' }], isSearching: false, errorMessage: null });
  assert.equal(done.busy, false);
  assert.equal(done.chips[0].hidden, true);
});

test('weather.detail and the other states: the tones the app gives say what shows, and when the scene is busy', () => {
  const plan = planOf('weather.detail');
  const vm = (state) => ({
    locationId: '2267057', name: 'Lisbon', region: 'Lisbon, Portugal', state, errorMessage: state === 'failed' ? 'Offline.' : null,
    current: { temperature: '17°C', conditions: 'Clear sky', wind: '9 km/h' },
    days: [{ day: '2026-11-20', weekday: 'Friday', high: '18°C', low: '11°C', conditions: 'Clear sky' }],
  });
  const loading = planRender(plan, vm('loading'));
  assert.deepEqual(loading.chips.map((c) => [c.field, c.value, c.tone, c.spinner, c.hidden]), [['state', 'loading', 'busy', true, false]]);
  assert.equal(loading.busy, true);
  const loaded = planRender(plan, vm('loaded'));
  assert.equal(loaded.chips[0].hidden, true, 'a settled state says nothing');
  assert.equal(loaded.busy, false);
  const failed = planRender(plan, vm('failed'));
  assert.deepEqual([failed.chips[0].tone, failed.chips[0].hidden, failed.chips[0].text], ['bad', false, 'Failed']);
  assert.deepEqual(failed.banners.map((b) => b.text), ['Offline.']);

  assert.deepEqual(loaded.title, { text: 'Forecast', field: null });
  assert.deepEqual(loaded.heading, { kind: 'heading', field: 'name', text: 'Lisbon' }, 'a titled scene shows its heading under the title');
  assert.deepEqual(loaded.hidden, [{ kind: 'hidden', field: 'locationId', text: '2267057' }]);
  assert.deepEqual(fieldsOf(loaded.pairs), ['region']);
  const [current, days] = loaded.blocks;
  assert.equal(current.kind, 'object');
  assert.deepEqual(fieldsOf(current.rows), ['temperature', 'conditions', 'wind']);
  assert.equal(days.title, 'The next seven days');
  assert.deepEqual(days.items[0].title, { field: 'weekday', text: 'Friday' }, 'with no heading, the first text titles an item');

  const summary = planOf('flights.summary');
  const booking = (state) => planRender(summary, {
    flightNumber: 'EZY8012', route: 'London (LGW) → Nice (NCE)', departs: '2026-11-27 07:05', arrives: '2026-11-27 10:05',
    passengers: 2, total: '£180.00', state, bookEnabled: state === 'ready', reference: state === 'booked' ? 'EZ12AB34' : null, errorMessage: null,
  });
  assert.deepEqual(['ready', 'booking', 'booked', 'failed'].map((state) => {
    const [chip] = booking(state).chips;
    return [chip.value, chip.tone, chip.hidden, booking(state).busy];
  }), [['ready', 'neutral', true, false], ['booking', 'busy', false, true], ['booked', 'good', false, false], ['failed', 'bad', false, false]]);
  assert.deepEqual(fieldsOf(booking('booked').pairs), ['flightNumber', 'route', 'departs', 'arrives', 'passengers', 'total', 'reference']);
  assert.equal(booking('ready').heading, null, 'no member of the summary is a heading');
  assert.deepEqual(summary.footer.map((a) => [a.name, a.role]), [['bookTapped', 'primary'], ['destinationWeatherTapped', 'normal'], ['doneTapped', 'normal']]);
  assert.deepEqual([...booking('booking').disabled], ['bookTapped']);
});

test('flights: a full flight cannot be chosen, and the search form binds each input to what it edits', () => {
  const availability = planOf('flights.availability');
  const render = planRender(availability, {
    route: 'London (LGW) → Nice (NCE)', date: '2026-11-27', passengers: 2, state: 'loaded', errorMessage: null,
    flights: [{ flightId: 'f1', number: 'EZY8012', departs: '07:05', arrives: '10:05', duration: '2h', price: '£90.00', seatsLeft: 1, selectable: false }],
  });
  const [flight] = render.blocks[0].items;
  assert.equal(flight.available, false);
  assert.deepEqual(flight.title, { field: 'number', text: 'EZY8012' });
  assert.deepEqual(flight.meta.map((m) => [m.field, m.label]),
    [['departs', 'Departs'], ['arrives', 'Arrives'], ['duration', 'Duration'], ['price', 'Price'], ['seatsLeft', 'Seats left']]);
  assert.equal(flight.main.name, 'flightTapped');
  assert.deepEqual(fieldsOf(render.pairs), ['route', 'date', 'passengers']);

  const search = planOf('flights.search');
  assert.deepEqual(search.live.map((input) => [input.name, input.field.name, input.bound]),
    [['fromChanged', 'code', 'from'], ['toChanged', 'code', 'to'], ['dateChanged', 'date', 'date'], ['passengersChanged', 'count', 'passengers']]);
  assert.equal(search.lists, 0, 'problems are no list of things');
});

test('news: a stale list warns, a summary is text, an article shows its body and a link', () => {
  const list = planOf('news.list');
  const render = planRender(list, {
    state: 'loaded', isStale: true, errorMessage: null,
    articles: [{ id: 'a1', title: 'Headline', source: 'Wire', age: '2 hours ago', summary: 'What happened.' }],
  });
  const [state, stale] = render.chips;
  assert.equal(state.hidden, true);
  assert.deepEqual([stale.field, stale.tone, stale.hidden, stale.text], ['isStale', 'warn', false, 'Not up to date']);
  assert.equal(planRender(list, { state: 'loaded', isStale: false, errorMessage: null, articles: [] }).chips[1].hidden, true);
  const [article] = render.blocks[0].items;
  assert.deepEqual(article.texts, [{ kind: 'text', field: 'summary', text: 'What happened.' }]);
  assert.deepEqual(fieldsOf(article.meta), ['source', 'age']);
  assert.deepEqual(article.main, { name: 'articleTapped', key: 'id', item: 'a1' });

  const detail = planRender(planOf('news.detail'), {
    title: 'Headline', source: 'Wire', author: null, publishedAt: '2026-11-19T08:00:00Z', age: '2 hours ago', body: 'Short.', url: 'https://example.com/a',
  });
  assert.equal(detail.heading.text, 'Headline');
  assert.deepEqual(detail.texts.map((t) => [t.kind, t.field]), [['text', 'body'], ['link', 'url']]);
  assert.deepEqual(fieldsOf(detail.pairs), ['source', 'publishedAt', 'age']);
  assert.equal(detail.pairs[1].label, 'Published');
});

test('accounts: the home is headed by the display name and warns when offline; the login form is busy while it works', () => {
  const home = planRender(planOf('accounts.home'), { username: 'grace', displayName: 'Grace Hopper', memberSince: '2026-11-19', isOffline: false });
  assert.deepEqual(home.heading, { kind: 'heading', field: 'displayName', text: 'Grace Hopper' });
  assert.deepEqual(home.chips.map((c) => [c.field, c.tone, c.hidden]), [['isOffline', 'warn', true]]);
  const offline = planRender(planOf('accounts.home'), { username: 'grace', displayName: 'Grace Hopper', memberSince: '2026-11-19', isOffline: true });
  assert.deepEqual(offline.chips.map((c) => [c.tone, c.hidden, c.text]), [['warn', false, 'Offline']]);
  assert.deepEqual(home.pairs.map((p) => [p.field, p.label, p.value.type]), [['username', 'Username', 'string'], ['memberSince', 'Member since', 'day']]);

  const login = planOf('accounts.login');
  assert.deepEqual(login.live.map((input) => [input.name, input.field.type]), [['usernameChanged', 'string'], ['passwordChanged', 'secret']]);
  const working = planRender(login, { username: 'grace', logInEnabled: false, isWorking: true, errorMessage: null });
  assert.equal(working.busy, true);
  assert.deepEqual(working.chips.map((c) => [c.field, c.tone, c.spinner]), [['isWorking', 'busy', true]]);
  const failed = planRender(login, { username: 'grace', logInEnabled: true, isWorking: false, errorMessage: 'The username or the password is wrong.' });
  assert.deepEqual(failed.banners.map((b) => b.field), ['errorMessage']);
  assert.deepEqual(planRender(planOf('accounts.prompt'), { title: 'Welcome!' }).heading.text, 'Welcome!');
});

test('the alert: a button per label of its actions, the last the main one', () => {
  const plan = planOf('alert');
  assert.equal(plan.alert, true);
  const render = planRender(plan, { title: 'Sold out', message: 'No seats are left.', actions: ['Back', 'OK'] });
  assert.deepEqual([render.title, render.message], ['Sold out', 'No seats are left.']);
  assert.deepEqual(render.buttons.map((b) => [b.name, b.label, b.role]), [['dismissTapped', 'Back', 'secondary'], ['dismissTapped', 'OK', 'primary']]);
});

test('an app that gives no roles draws its members as labelled values: no name means anything by itself', () => {
  // What `viper new` would make without roles, with the names the apps use.
  const spec = {
    kind: 'greeter.home',
    events: [{ name: 'cancelTapped', data: [] }, { name: 'submitTapped', data: [] }, { name: 'removeTapped', data: [{ name: 'id', nullable: false, type: 'string' }] }],
    viewModel: [
      { name: 'title', nullable: false, type: 'string' }, { name: 'state', nullable: false, type: 'string' },
      { name: 'errorMessage', nullable: true, type: 'string' }, { name: 'isWorking', nullable: false, type: 'bool' },
      { name: 'items', nullable: false, type: 'array', items: { type: 'object', fields: [{ name: 'id', nullable: false, type: 'string' }, { name: 'isMine', nullable: false, type: 'bool' }] } },
    ],
  };
  const plan = planScene('greeter.home', spec);
  assert.deepEqual(plan.actions.map((a) => a.role), ['primary', 'normal'], 'cancelTapped is a button like any other');
  assert.deepEqual(plan.items.map((e) => e.danger), [false]);
  const render = planRender(plan, { title: 'Hello', state: 'loading', errorMessage: 'Oops', isWorking: true, items: [{ id: '1', isMine: true }] });
  assert.deepEqual(render.title, { text: 'Home', field: null });
  assert.deepEqual(render.banners, []);
  assert.deepEqual(fieldsOf(render.pairs), ['title', 'state', 'errorMessage']);
  assert.deepEqual(render.chips.map((c) => [c.field, c.tone, c.spinner]), [['isWorking', 'info', false]]);
  assert.equal(render.busy, false);
  const [card] = render.blocks[0].items;
  assert.equal(card.mine, false);
  assert.equal(card.key, null);
  assert.deepEqual(card.title, { field: 'id', text: '1' });
  assert.deepEqual(card.badges.map((b) => b.field), ['isMine']);
});

test("viper new's home: a text typed live, Submit the main button enabled by submitEnabled, opening a screen a small form", () => {
  const plan = planScene('greeter.home', {
    kind: 'greeter.home',
    events: [
      { name: 'textChanged', data: [{ name: 'text', nullable: false, type: 'string' }] }, { name: 'submitTapped', data: [] },
      { name: 'openTapped', data: [{ name: 'screen', nullable: false, type: 'string' }] },
    ],
    viewModel: [
      { name: 'text', nullable: false, type: 'string' }, { name: 'submitEnabled', nullable: false, type: 'bool' },
      { name: 'submitted', nullable: false, type: 'array', items: { type: 'string' } },
      { name: 'screens', nullable: false, type: 'array', items: { type: 'string' } },
    ],
  });
  assert.deepEqual(plan.live.map((input) => [input.name, input.bound, input.label]), [['textChanged', 'text', 'Text']]);
  assert.deepEqual(plan.footer.map((a) => [a.name, a.role, a.enabledBy, a.label]), [['submitTapped', 'primary', 'submitEnabled', 'Submit']]);
  assert.deepEqual(plan.forms.map((form) => [form.name, form.label, form.fields.map((f) => [f.field.name, f.label])]),
    [['openTapped', 'Open', [['screen', 'Screen']]]]);
  const render = planRender(plan, { text: '', submitEnabled: false, submitted: [], screens: ['settings'] });
  assert.deepEqual(render.blocks.map((list) => [list.field, list.style, list.title, list.empty]),
    [['submitted', 'bullets', 'Submitted', 'No submitted'], ['screens', 'bullets', 'Screens', null]]);
});

test('without a description the page still draws, guessing types from the values', () => {
  const plan = planScene('todo.list', null);
  assert.deepEqual([plan.actions, plan.live, plan.items, plan.forms], [[], [], [], []]);
  const render = planRender(plan, { when: '2026-11-20', count: 3, done: false, notes: ['a'] });
  assert.deepEqual(render.pairs.map((p) => [p.field, p.value.type]), [['when', 'day'], ['count', 'integer']]);
  assert.deepEqual(render.chips.map((c) => c.field), ['done']);
  assert.equal(render.blocks[0].style, 'bullets');
});

test('roles and tones that are not what the protocol says are no roles', () => {
  for (const spec of [{ roles: 'error', tones: [] }, { roles: { a: 1 }, tones: { a: 'busy' } }, null]) {
    const meaning = meaningOf(spec);
    assert.equal(meaning.role('a'), null);
    assert.equal(meaning.tone('a', 'busy'), null);
  }
});

test("the page's code names no member, event or state value of the apps", () => {
  // The protocol's own words are the page's to know: JSON-RPC's members, the types of values,
  // the alert's members and event, the roles.
  const own = new Set([
    'id', 'method', 'params', 'result', 'string', 'bool', 'integer', 'number', 'day', 'instant', 'secret', 'array', 'object',
    // The states `viper dev --listen` serves at /dev-status (protocol.md §1.1).
    'building', 'failed', 'ok',
    ...specOf('alert').viewModel.map((f) => f.name), ...specOf('alert').events.map((e) => e.name),
  ]);
  const vocabulary = new Set(['heading', 'identifier', 'hidden', 'error', 'warning', 'state', 'busy', 'longText', 'caption', 'count', 'mine',
    'available', 'problems', 'cancel', 'danger', 'secondary', 'good', 'bad', 'settled']);
  const appNames = new Set();
  for (const scene of described.scenes) {
    if (scene.kind === 'alert') continue;
    for (const name of Object.keys(scene.roles || {})) appNames.add(name);
    for (const tones of Object.values(scene.tones || {})) for (const value of Object.keys(tones)) appNames.add(value);
  }
  const named = [...appNames].filter((name) => !own.has(name) && !vocabulary.has(name));
  assert.ok(named.includes('isMine') && named.includes('booking') && named.includes('lastMessage'));
  for (const file of readdirSync(pageFolder).filter((name) => name.endsWith('.mjs'))) {
    // Comments may give examples; code may not name them, in a string or in a pattern's
    // alternatives (`/^(isMine|mine)$/`).
    const code = readFileSync(pageFolder + file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    for (const name of named) {
      assert.doesNotMatch(code, new RegExp(`['"\`]${name}['"\`]|[(|^]${name}\\||\\|${name}[)$|]`), `${file} names ${name}`);
    }
  }
});
