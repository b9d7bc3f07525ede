// The connection to the engine: one WebSocket to `/session` (protocol.md §1.1), JSON-RPC 2.0
// over it, one message a line. A new socket is a new engine session, unless the page resumes
// the one it had (reconnect.mjs).

/** An error response, or a request that could not get one (`code` "closed"). */
export class RpcError extends Error {
  constructor(error) {
    super(error && error.message ? error.message : 'The request failed.');
    this.code = error ? error.code : 0;
    this.data = error ? error.data : undefined;
  }
}

/** Where sessions are opened: this page's server, with the query's `token` when it has one. */
export function sessionUrl() {
  const query = new URLSearchParams(location.search);
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = query.get('token');
  return `${scheme}//${location.host}/session${token !== null ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** The page's connection. `handlers` are told of what happens: `opened()`, `notified(method,
 *  params)`, `closed(event, wasOpen)` (for every close but the page's own), `pendingChanged(count)`
 *  and `problem(message)` for what the engine sent that this page cannot take. */
export class Connection {
  #ws = null;
  #nextId = 1;
  #pending = new Map();
  #wasOpen = false;

  constructor(handlers) {
    this.handlers = handlers;
  }

  /** How many requests wait for their response. */
  get pendingCount() {
    return this.#pending.size;
  }

  /** Opens a new socket in place of the one there was; throws when the browser refuses to. */
  connect() {
    const ws = new WebSocket(sessionUrl());
    this.#ws = ws;
    // A socket replaced by a reconnect may still report; only the current one counts.
    this.#wasOpen = false;
    ws.addEventListener('open', () => {
      if (ws !== this.#ws) return;
      this.#wasOpen = true;
      this.handlers.opened();
    });
    ws.addEventListener('message', (event) => { if (ws === this.#ws) this.#receive(event.data); });
    ws.addEventListener('close', (event) => { if (ws === this.#ws) this.#closed(event); });
  }

  /** Closes the socket as the page's own decision (it gave up on it): no `closed` follows, and
   *  the requests that waited fail. */
  close() {
    const ws = this.#ws;
    this.#ws = null;
    if (ws) ws.close(1000);
    this.#failPending();
  }

  /** Sends a request; resolves with its result, rejects with an RpcError. */
  request(method, params) {
    return new Promise((resolve, reject) => {
      const ws = this.#ws;
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        reject(new RpcError({ code: 0, message: 'Not connected to the engine: reconnect first.' }));
        return;
      }
      const id = this.#nextId++;
      this.#pending.set(id, { resolve, reject, method });
      ws.send(JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }));
      this.handlers.pendingChanged(this.#pending.size);
    });
  }

  #receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      this.handlers.problem('The engine sent a message that is not JSON.');
      return;
    }
    if (!message || typeof message !== 'object' || Array.isArray(message)) return;
    if (typeof message.method === 'string') {
      if (Object.prototype.hasOwnProperty.call(message, 'id')) this.#refuseEngineRequest(message);
      else {
        try {
          this.handlers.notified(message.method, message.params || {});
        } catch (error) {
          // A view model this page cannot draw must not go unnoticed, nor stop later messages.
          this.handlers.problem(`This page could not show ${message.method}: ${error.message}`);
        }
      }
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) {
      // An error for a line whose id could not be read (id null), or for no request of ours.
      if (message.error) this.handlers.problem(message.error.message || 'The engine reported an error.');
      return;
    }
    this.#pending.delete(message.id);
    this.handlers.pendingChanged(this.#pending.size);
    if (message.error) pending.reject(new RpcError(message.error));
    else pending.resolve(message.result);
  }

  /** The page offers no effects in `initialize`, so the engine should never ask; if it does,
   *  an error reply keeps the request that waits on it from hanging (protocol.md §6). */
  #refuseEngineRequest(message) {
    const ws = this.#ws;
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({
        jsonrpc: '2.0', id: message.id,
        error: { code: -32601, message: `This page performs no '${message.method}': it offered no effects.` },
      }));
    }
  }

  #closed(event) {
    this.#failPending();
    this.handlers.closed(event, this.#wasOpen);
  }

  #failPending() {
    for (const pending of this.#pending.values()) pending.reject(new RpcError({ code: 'closed', message: 'The connection closed.' }));
    this.#pending.clear();
    this.handlers.pendingChanged(0);
  }
}
