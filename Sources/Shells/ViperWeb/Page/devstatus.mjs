// `viper dev --listen` says how its last build went at /dev-status: a build under way, or one
// that failed with the compiler's errors while the engine that ran goes on. The page shows it
// as a banner. Any other server answers 404 to the first question, and the page asks no more.

/** Where the status is asked for: this page's server, with the query's `token` as sessions carry it. */
export function devStatusUrl() {
  const token = new URLSearchParams(location.search).get('token');
  return `/dev-status${token !== null ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** Asks every `period` milliseconds, and hands `show` each answer ({state, text}), until the
 *  server says it has none. While the engine restarts the question fails, and is asked again. */
export function watchDevStatus(show, period = 1000) {
  async function ask() {
    try {
      const response = await fetch(devStatusUrl(), { cache: 'no-store' });
      if (response.status === 404) return;
      if (response.ok) show(await response.json());
    } catch {
      // The engine is starting again after a saved change: the next question finds it.
    }
    setTimeout(ask, period);
  }
  ask();
}
