import type { AppName, Events, RootScenes, SceneKind, ViewModels } from "./apps.js";
import type { EngineState, HTTPRequest, HTTPResponse, InitializeParams, InitializeResult, Instant, NavigationAction } from "./protocol.js";

/**
 * How the session reaches the engine: one JSON text per line each way, such as `viper serve`'s
 * standard input and output, or a WebSocket's text frames.
 */
export interface Transport {
  /** Sends one line, without its newline. */
  send(line: string): void;
  /** Calls `listener` with each line the engine writes, in order, without its newline. */
  onLine(listener: (line: string) => void): void;
  /** Calls `listener` once the engine is gone; what still waits for an answer then fails. */
  onClose?(listener: (error?: Error) => void): void;
}

/** A live scene: its id (`todo.add#1`) and its kind, which decides its view model and events. */
export interface SceneRef<K extends SceneKind = SceneKind> {
  readonly id: string;
  readonly kind: K;
}

/** The names of the events scenes of kind `K` accept. */
export type EventName<K extends SceneKind> = keyof Events[K] & string;

/** What an event's method takes: its data, or nothing for an event without data. */
export type EventArguments<K extends SceneKind, E extends EventName<K>> = Events[K][E] extends null ? [] : [data: Events[K][E]];

/** The events scenes of kind `K` accept, each a method that sends it, with its data. */
export type SceneEvents<K extends SceneKind> = {
  readonly [E in EventName<K>]: (...data: EventArguments<K, E>) => Pending<void>;
};

/** A scene joined or left the stack. Test `kind` to know the scene's type. */
export type Navigation = {
  [K in SceneKind]: {
    readonly action: NavigationAction;
    readonly kind: K;
    readonly scene: SceneRef<K>;
    /** For `push` and `present`, the scene that opened it; for `pop` and `dismiss`, the one now on top. */
    readonly from: SceneRef | null;
  };
}[SceneKind];

/** What a scene shows now. Test `kind` to know the view model's type. */
export type Render = {
  [K in SceneKind]: {
    readonly kind: K;
    readonly scene: SceneRef<K>;
    readonly viewModel: ViewModels[K];
  };
}[SceneKind];

/** A request on its way: a promise of its result, with its id, which `cancel` cancels. */
export type Pending<T> = Promise<T> & {
  readonly id: number;
  /** Asks the engine to cancel the request; it then fails with a `ViperError` of kind `cancelled`. */
  cancel(): void;
};

/** Tells an effect's handler that the engine no longer needs its answer. */
export interface EffectCancellation {
  readonly isCancelled: boolean;
  onCancel(listener: () => void): void;
}

/**
 * One session with the engine: typed requests, and the renders and navigation it writes.
 * The session keeps the stack of live scenes and the view model each rendered last.
 */
export declare class ViperSession {
  constructor(transport: Transport);
  /** The live scenes, bottom first. */
  readonly stack: readonly SceneRef[];
  /** The scene on top, which the user sees. */
  readonly top: SceneRef | undefined;
  /** The key that resumes this session, when the engine keeps journals. */
  readonly resumeKey: string | undefined;
  /** The highest live scene of kind `kind`. */
  find<K extends SceneKind>(kind: K): SceneRef<K> | undefined;
  /** The view model `scene` rendered last, while it is live. */
  viewModel<K extends SceneKind>(scene: SceneRef<K>): ViewModels[K] | undefined;

  initialize(params?: InitializeParams): Pending<InitializeResult>;
  /** Starts `app`: its root scene replaces the stack. */
  start<A extends AppName>(app: A): Pending<SceneRef<RootScenes[A]>>;
  /** The events of `scene`, each a method that sends the user's event to it: `send(form).saveTapped()`. */
  send<K extends SceneKind>(scene: SceneRef<K>): SceneEvents<K>;
  /** The user left the top scene with the platform's gesture (a back button, a swipe). */
  back(scene: SceneRef): Pending<void>;
  /** Fixes the session clock at `now`; scenes that show the time render again. */
  setClock(now: Instant): Pending<void>;
  state(): Pending<EngineState>;
  /** What `engine.describe` answers, as JSON. */
  describe(): Pending<unknown>;
  /** Answers once nothing more happens without outside input. */
  idle(): Pending<void>;
  shutdown(): Pending<null>;
  /** Any other method, untyped (`notification.post`, `debug.injectFault`). */
  request(method: string, params?: object): Pending<unknown>;

  /** Calls `listener` with each navigation, after the stack changed; returns what stops it. */
  onNavigate(listener: (navigation: Navigation) => void): () => void;
  /** Calls `listener` with each render; returns what stops it. */
  onRender(listener: (render: Render) => void): () => void;
  /** Performs the apps' HTTP, for a session initialized with `capabilities: {effects: ["http"]}`. */
  onHTTP(handler: (request: HTTPRequest, cancellation: EffectCancellation) => Promise<HTTPResponse>): void;
}
