// The browser page's reconnecting (Sources/Shells/ViperWeb/Page/reconnect.mjs) under Node's test
// runner: when the attempts after a break are made and when the page gives up, what it keeps of
// what the user does meanwhile and in what order it sends it, and how it reads the engine's
// answer to a resume (PROTOCOL: `initialize` with `resume`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RETRY, retryDelay, Reconnection, Outbox, refusalOf } from '../../Sources/Shells/ViperWeb/Page/reconnect.mjs';

/** Timers on a clock that moves only when told to, as the page's `clock` option takes them. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map();
  return {
    Date: { now: () => now },
    setTimeout(callback, delay) {
      const id = nextId++;
      timers.set(id, { at: now + delay, callback });
      return id;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
    /** Moves to `time`, running each timer due on the way at its own instant. */
    runUntil(time) {
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= time).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = time;
    },
    get now() { return now; },
  };
}

/** A reconnection on a fake clock whose attempts all fail at once, recording when each began. */
function failingReconnection() {
  const clock = fakeClock();
  const log = { attempts: [], gaveUp: [] };
  const reconnection = new Reconnection({
    clock,
    attempt: () => { log.attempts.push(clock.now); queueMicrotask(() => reconnection.failed()); },
    gaveUp: () => log.gaveUp.push(clock.now),
  });
  // The failures come as microtasks, as a socket's close event comes after the attempt.
  const runUntil = async (time) => {
    for (let t = clock.now; t < time;) {
      clock.runUntil(Math.min(time, t + 50));
      t = clock.now;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { clock, log, reconnection, runUntil };
}

test('the waits between attempts: 0.1 s doubling up to 2 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 20].map((n) => retryDelay(n)), [100, 200, 400, 800, 1600, 2000, 2000, 2000]);
  assert.deepEqual(RETRY, { firstDelay: 100, maxDelay: 2000, giveUpAfter: 30000 });
});

test('attempts follow the backoff from the break, none begins past 30 s, and the page gives up once, at 30 s', async () => {
  const { log, reconnection, runUntil } = failingReconnection();
  reconnection.begin();
  assert.equal(reconnection.active, true);
  await runUntil(40000);
  // 0.1, 0.3, 0.7, 1.5, 3.1 s, then every 2 s (give or take the 50 ms the failures take here).
  const expected = [100, 300, 700, 1500, 3100];
  for (let t = 5100; t < 30000; t += 2000) expected.push(t);
  assert.equal(log.attempts.length, expected.length);
  log.attempts.forEach((at, i) => assert.ok(at >= expected[i] && at < expected[i] + 50 * (i + 1), `attempt ${i} at ${at}, not near ${expected[i]}`));
  assert.deepEqual(log.gaveUp, [30000]);
  assert.equal(reconnection.active, false);
});

test('an attempt that hangs (neither opens nor fails) does not keep the page from giving up at 30 s', () => {
  const clock = fakeClock();
  const attempts = [];
  const gaveUp = [];
  const reconnection = new Reconnection({ clock, attempt: () => attempts.push(clock.now), gaveUp: () => gaveUp.push(clock.now) });
  reconnection.begin();
  clock.runUntil(60000);
  assert.deepEqual(attempts, [100]);
  assert.deepEqual(gaveUp, [30000]);
});

test('once the session is back, no attempt follows and the page does not give up; a later break starts over at 0.1 s', async () => {
  const { clock, log, reconnection, runUntil } = failingReconnection();
  reconnection.begin();
  await runUntil(1000);
  assert.equal(log.attempts.length, 3);
  reconnection.end();
  assert.equal(reconnection.active, false);
  reconnection.failed(); // a late close of the last attempt's socket
  await runUntil(60000);
  assert.equal(log.attempts.length, 3);
  assert.deepEqual(log.gaveUp, []);

  reconnection.begin();
  clock.runUntil(60100);
  assert.equal(log.attempts.length, 4);
  assert.equal(log.attempts[3], 60100);
});

const tap = (scene, event) => ({ method: 'view.event', params: { scene, event }, edit: false });
const typed = (scene, event, value) => ({ method: 'view.event', params: { scene, event, data: { title: value } }, edit: true });

test('what the user does while reconnecting is sent after the resume, in order, text typed into one input as its newest value', async () => {
  const outbox = new Outbox();
  const answers = [
    outbox.add(typed('todo.add#1', 'titleChanged', 'B')),
    outbox.add(typed('todo.add#1', 'titleChanged', 'Bu')),
    outbox.add(typed('todo.add#1', 'titleChanged', 'Buy')),
    outbox.add(typed('todo.add#1', 'dueDateChanged', '2026-11-20')),
    // Text typed after another event does not jump ahead of it.
    outbox.add(typed('todo.add#1', 'titleChanged', 'Buy milk')),
    outbox.add(tap('todo.add#1', 'saveTapped')),
    // Taps are never merged: each is something the user did.
    outbox.add(tap('todo.list#1', 'refreshTapped')),
    outbox.add(tap('todo.list#1', 'refreshTapped')),
  ];
  assert.equal(outbox.size, 6);
  const sent = [];
  outbox.flush((entry) => { sent.push(entry); return Promise.resolve(`answer ${sent.length}`); });
  assert.equal(outbox.size, 0);
  assert.deepEqual(sent.map((entry) => [entry.params.event, entry.params.data && entry.params.data.title]), [
    ['titleChanged', 'Buy'], ['dueDateChanged', '2026-11-20'], ['titleChanged', 'Buy milk'],
    ['saveTapped', undefined], ['refreshTapped', undefined], ['refreshTapped', undefined],
  ]);
  // Each caller hears how its event went: a merged one with the event that carried its text.
  assert.deepEqual(await Promise.all(answers),
    ['answer 1', 'answer 1', 'answer 1', 'answer 2', 'answer 3', 'answer 4', 'answer 5', 'answer 6']);
});

test('text typed into two scenes\' inputs of the same name stays apart', () => {
  const outbox = new Outbox();
  outbox.add(typed('todo.add#1', 'titleChanged', 'a'));
  outbox.add(typed('todo.add#2', 'titleChanged', 'b'));
  assert.equal(outbox.size, 2);
});

test('a session that could not be resumed drops what waited, and its callers hear nothing came of it', async () => {
  const outbox = new Outbox();
  const answers = [outbox.add(typed('todo.add#1', 'titleChanged', 'x')), outbox.add(tap('todo.add#1', 'saveTapped'))];
  outbox.drop();
  assert.equal(outbox.size, 0);
  assert.deepEqual(await Promise.all(answers), [undefined, undefined]);
  const sent = [];
  outbox.flush((entry) => { sent.push(entry); return Promise.resolve(); });
  assert.deepEqual(sent, [], 'nothing left to send');
});

test('the answer to a resume: resumed, refused with its reason, or from an engine that keeps no journals', () => {
  assert.equal(refusalOf({ resumeKey: 'a'.repeat(32), resume: { replayed: 4 } }), null);
  assert.equal(refusalOf({ resume: { replayed: 0 } }), null, 'a session with no step to replay is resumed too');
  const refused = (reason) => ({
    resumeKey: 'b'.repeat(32),
    resume: { replayed: 0, error: { code: -32030, message: 'Cannot resume the session.', data: { reason } } },
  });
  assert.equal(refusalOf(refused('expired')), 'it expired');
  assert.equal(refusalOf(refused('unknown')), 'the engine no longer knows it');
  assert.equal(refusalOf(refused('workspace')), 'it belongs to another workspace');
  assert.equal(refusalOf(refused('unavailable')), 'this engine keeps no sessions to resume');
  assert.equal(refusalOf(refused('somethingNew')), 'Cannot resume the session.', 'a reason this page does not know: the engine\'s message');
  assert.equal(refusalOf({ apps: ['todo'] }), 'this engine keeps no sessions to resume', 'no `resume` in the answer: an engine without journals');
});
