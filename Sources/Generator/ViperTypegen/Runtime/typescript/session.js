import { scenes } from "./apps.js";
import { ConnectionClosed, ErrorCode, ViperError } from "./protocol.js";

export class ViperSession {
  #transport;
  #nextId = 1;
  #waiting = new Map();
  #scenes = new Map();
  #stack = [];
  #viewModels = new Map();
  #navigationListeners = new Set();
  #renderListeners = new Set();
  #httpHandler = null;
  #effects = new Map();
  #closed = null;
  #resumeKey = undefined;

  constructor(transport) {
    this.#transport = transport;
    transport.onLine((line) => this.#receive(line));
    transport.onClose?.((error) => this.#close(error));
  }

  get stack() {
    return this.#stack.slice();
  }

  get top() {
    return this.#stack[this.#stack.length - 1];
  }

  get resumeKey() {
    return this.#resumeKey;
  }

  find(kind) {
    for (let index = this.#stack.length - 1; index >= 0; index -= 1) {
      if (this.#stack[index].kind === kind) return this.#stack[index];
    }
    return undefined;
  }

  viewModel(scene) {
    return this.#viewModels.get(scene.id);
  }

  initialize(params = {}) {
    return this.#request("initialize", params, (result) => {
      this.#resumeKey = result?.resumeKey;
      return result;
    });
  }

  start(app) {
    return this.#request("app.start", { app }, (result) => this.#scene(result.scene));
  }

  send(scene) {
    const events = {};
    for (const event of scenes[scene.kind]?.events ?? []) {
      events[event] = (data) => {
        const params = { scene: scene.id, event };
        if (data !== undefined && data !== null) params.data = data;
        return this.#request("view.event", params, () => undefined);
      };
    }
    return Object.freeze(events);
  }

  back(scene) {
    return this.#request("view.back", { scene: scene.id }, () => undefined);
  }

  setClock(now) {
    return this.#request("clock.set", { now }, () => undefined);
  }

  state() {
    return this.#request("engine.state", undefined, (result) => result);
  }

  describe() {
    return this.#request("engine.describe", undefined, (result) => result);
  }

  idle() {
    return this.#request("engine.idle", undefined, () => undefined);
  }

  shutdown() {
    return this.#request("shutdown", undefined, () => null);
  }

  request(method, params) {
    return this.#request(method, params, (result) => result);
  }

  onNavigate(listener) {
    this.#navigationListeners.add(listener);
    return () => this.#navigationListeners.delete(listener);
  }

  onRender(listener) {
    this.#renderListeners.add(listener);
    return () => this.#renderListeners.delete(listener);
  }

  onHTTP(handler) {
    this.#httpHandler = handler;
  }

  #request(method, params, shape) {
    const id = this.#nextId;
    this.#nextId += 1;
    let waiter;
    const promise = new Promise((resolve, reject) => {
      waiter = { method, resolve: (result) => resolve(shape(result)), reject };
    });
    const pending = Object.assign(promise, {
      id,
      cancel: () => {
        if (this.#waiting.has(id)) this.#write({ jsonrpc: "2.0", method: "$/cancelRequest", params: { id } });
      },
    });
    if (this.#closed) {
      waiter.reject(this.#closed);
      return pending;
    }
    this.#waiting.set(id, waiter);
    const message = { jsonrpc: "2.0", id, method };
    if (params !== undefined) message.params = params;
    this.#write(message);
    return pending;
  }

  #write(message) {
    if (!this.#closed) this.#transport.send(JSON.stringify(message));
  }

  #receive(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      // The engine writes one JSON text per line; anything else (a shell's banner) is not for us.
      return;
    }
    if (message === null || typeof message !== "object") return;
    if (typeof message.method === "string") {
      if (message.id !== undefined) {
        this.#effect(message);
        return;
      }
      const params = message.params ?? {};
      if (message.method === "view.navigate") this.#navigate(params);
      else if (message.method === "view.render") this.#render(params);
      else if (message.method === "$/cancelRequest") this.#effects.get(params.id)?.cancel();
      return;
    }
    const waiter = this.#waiting.get(message.id);
    if (!waiter) return;
    this.#waiting.delete(message.id);
    if (message.error !== undefined) waiter.reject(new ViperError(message.error, waiter.method));
    else waiter.resolve(message.result);
  }

  #scene(id, kind) {
    let scene = this.#scenes.get(id);
    if (!scene) {
      scene = Object.freeze({ id, kind: kind ?? id.slice(0, id.lastIndexOf("#")) });
      this.#scenes.set(id, scene);
    }
    return scene;
  }

  #forget(scene) {
    this.#scenes.delete(scene.id);
    this.#viewModels.delete(scene.id);
  }

  #navigate(params) {
    const scene = this.#scene(params.scene, params.kind);
    const from = typeof params.from === "string" ? this.#scene(params.from) : null;
    switch (params.action) {
      case "root":
        for (const gone of this.#stack) if (gone.id !== scene.id) this.#forget(gone);
        this.#stack = [scene];
        break;
      case "push":
      case "present":
        this.#stack.push(scene);
        break;
      default:
        this.#stack = this.#stack.filter((live) => live.id !== scene.id);
        this.#forget(scene);
    }
    const navigation = Object.freeze({ action: params.action, kind: scene.kind, scene, from });
    for (const listener of [...this.#navigationListeners]) listener(navigation);
  }

  #render(params) {
    const scene = this.#scene(params.scene, params.kind);
    this.#viewModels.set(scene.id, params.viewModel);
    const render = Object.freeze({ kind: scene.kind, scene, viewModel: params.viewModel });
    for (const listener of [...this.#renderListeners]) listener(render);
  }

  async #effect(message) {
    const id = message.id;
    if (message.method !== "effect.http" || !this.#httpHandler) {
      const reason = message.method === "effect.http" ? "this client performs no HTTP: give the session an onHTTP handler" : `this client has no method '${message.method}'`;
      this.#write({ jsonrpc: "2.0", id, error: { code: ErrorCode.effectFailed, message: reason } });
      return;
    }
    const cancellation = new Cancellation();
    this.#effects.set(id, cancellation);
    try {
      const response = await this.#httpHandler(message.params, cancellation);
      if (!cancellation.isCancelled) this.#write({ jsonrpc: "2.0", id, result: response });
    } catch (error) {
      if (!cancellation.isCancelled) {
        this.#write({ jsonrpc: "2.0", id, error: { code: ErrorCode.effectFailed, message: String(error?.message ?? error) } });
      }
    } finally {
      this.#effects.delete(id);
    }
  }

  #close(error) {
    if (this.#closed) return;
    this.#closed = new ConnectionClosed(error ? `the engine went away: ${error.message ?? error}` : "the engine went away");
    for (const waiter of this.#waiting.values()) waiter.reject(this.#closed);
    this.#waiting.clear();
    for (const cancellation of this.#effects.values()) cancellation.cancel();
  }
}

class Cancellation {
  #cancelled = false;
  #listeners = [];

  get isCancelled() {
    return this.#cancelled;
  }

  onCancel(listener) {
    if (this.#cancelled) listener();
    else this.#listeners.push(listener);
  }

  cancel() {
    if (this.#cancelled) return;
    this.#cancelled = true;
    for (const listener of this.#listeners) listener();
  }
}
