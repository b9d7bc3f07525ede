// Coming back after a break: when the socket drops, the page connects again and resumes its
// session (`initialize` with `resume`: the engine journals served sessions, so any process
// sharing the database can rebuild one). This module holds the timing of the attempts and the
// events the user makes meanwhile. Pure: no DOM and no socket, so that Node's test runner
// checks it (Tests/Page/).

/** The attempts' timing: the first 0.1 s after the break, each wait twice the one before up to
 *  2 s, and no attempt begun once 30 s passed (a restart or a deploy takes seconds; past half a
 *  minute, the user had better know). */
export const RETRY = { firstDelay: 100, maxDelay: 2000, giveUpAfter: 30000 };

/** How long to wait before attempt `attempt` (0 the first). */
export const retryDelay = (attempt, retry = RETRY) => Math.min(retry.firstDelay * 2 ** attempt, retry.maxDelay);

/** The attempts after a break: `attempt()` opens a socket; the page reports an attempt that
 *  failed with `failed()` and ends the attempts with `end()`; `gaveUp()` is called once the
 *  time is up. Timers come from `clock`, so that tests need not wait. */
export class Reconnection {
  #attempts = 0;
  #started = 0;
  #timer = null;
  #deadline = null;

  constructor({ attempt, gaveUp, clock = globalThis, retry = RETRY }) {
    Object.assign(this, { attempt, gaveUp, clock, retry });
  }

  /** Whether the page is between a break and its resume (or giving up). */
  get active() {
    return this.#deadline !== null;
  }

  /** The connection broke: attempts begin. */
  begin() {
    this.#stop();
    this.#attempts = 0;
    this.#started = this.clock.Date.now();
    // An attempt may hang (a socket that neither opens nor fails): the deadline does not wait on it.
    this.#deadline = this.clock.setTimeout(() => { this.#stop(); this.gaveUp(); }, this.retry.giveUpAfter);
    this.#next();
  }

  /** The attempt under way failed (or its socket dropped before the resume): the next one. */
  failed() {
    if (this.active) this.#next();
  }

  /** No more attempts: the session is back, started afresh, or given up. */
  end() {
    this.#stop();
  }

  #next() {
    const delay = retryDelay(this.#attempts++, this.retry);
    if (this.clock.Date.now() - this.#started + delay >= this.retry.giveUpAfter) return; // the deadline comes first
    this.clock.clearTimeout(this.#timer);
    this.#timer = this.clock.setTimeout(() => { this.#timer = null; this.attempt(); }, delay);
  }

  #stop() {
    this.clock.clearTimeout(this.#timer);
    this.clock.clearTimeout(this.#deadline);
    this.#timer = this.#deadline = null;
  }
}

/** What the user does while the page reconnects (taps, text typed), kept in order and sent
 *  once the session is back. Each entry is `{method, params, edit}`; `edit` marks a live
 *  input's text, which sets a value: newer text replaces the text kept just before it for the
 *  same input, so a word typed offline goes as one event. */
export class Outbox {
  #entries = [];

  get size() {
    return this.#entries.length;
  }

  /** Keeps an entry; resolves with what sending it resolves with, or undefined if it is dropped. */
  add(entry) {
    return new Promise((resolve) => {
      const last = this.#entries[this.#entries.length - 1];
      if (entry.edit && last && last.edit && last.method === entry.method
        && last.params.scene === entry.params.scene && last.params.event === entry.params.event) {
        last.params = entry.params;
        last.resolvers.push(resolve);
      } else {
        this.#entries.push({ ...entry, resolvers: [resolve] });
      }
    });
  }

  /** Sends every entry, in the order the user made them, with `send(entry)` (a promise). */
  flush(send) {
    for (const entry of this.#entries.splice(0)) {
      send(entry).then((value) => { for (const resolve of entry.resolvers) resolve(value); });
    }
  }

  /** Forgets every entry: the session they were made in is gone. */
  drop() {
    for (const entry of this.#entries.splice(0)) for (const resolve of entry.resolvers) resolve(undefined);
  }
}

/** Why the engine refused to resume (`resume.error.data.reason`), in words; null when it resumed. */
export function refusalOf(result) {
  const resume = result && result.resume;
  if (!resume) return 'this engine keeps no sessions to resume';
  if (!resume.error) return null;
  const reasons = {
    unknown: 'the engine no longer knows it', expired: 'it expired',
    workspace: 'it belongs to another workspace', unavailable: 'this engine keeps no sessions to resume',
  };
  const reason = resume.error.data && resume.error.data.reason;
  return reasons[reason] || resume.error.message || 'the engine refused';
}
