/** A calendar day, `YYYY-MM-DD` (`2026-11-19`). */
export type Day = string;
/** An instant, ISO 8601 with a UTC offset (`2026-11-19T09:00:00Z`). */
export type Instant = string;
/** Text the user types that must not be shown, logged or kept, such as a password: mask its input. */
export type Secret = string;

/** The versions of the protocol the engine speaks. */
export type ProtocolVersion = "1.0" | "1.1";

/** The terms of a session (protocol.md §4.1); every member may be left out. */
export interface InitializeParams {
  /** The version the client speaks; the newest, "1.1", when left out. */
  protocolVersion?: ProtocolVersion;
  /** Fixes the session clock at this instant; it follows the system clock when left out. */
  now?: Instant;
  /** An IANA time zone (`Europe/Paris`), which decides the day an instant falls on; "UTC" by default. */
  timeZone?: string;
  /** A locale (`fr_FR`) for the names Presenters show; "en_US" by default. */
  locale?: string;
  /** The first day of the week: 1 = Sunday … 7 = Saturday; 1 by default. */
  firstWeekday?: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  /** What the client does itself: `effects: ["http"]` sends it the apps' HTTP (`onHTTP`). */
  capabilities?: { effects?: readonly "http"[] };
  /** Whose data the apps work on; "default" when left out. */
  workspace?: string;
  /** The `resumeKey` of a session whose connection broke: it goes on here. */
  resume?: string;
}

/** What `initialize` answers. */
export interface InitializeResult {
  readonly protocolVersion: ProtocolVersion;
  readonly engine: { readonly name: string; readonly version: string };
  /** The apps `start` takes. */
  readonly apps: readonly string[];
  readonly capabilities: {
    /** The effects the engine leaves to this client. */
    readonly effects?: readonly string[];
    readonly faultInjection: boolean;
    /** The longest line the engine reads, in bytes. */
    readonly maxLineBytes: number;
  };
  /** The key that resumes this session once, when the engine keeps journals. */
  readonly resumeKey?: string;
  /** Present when `initialize` asked to resume: how many requests were replayed, or why none was. */
  readonly resume?: { readonly replayed: number; readonly error?: ErrorObject };
}

/** How a scene joined or left the stack (protocol.md §5.1). */
export type NavigationAction = "root" | "push" | "present" | "pop" | "dismiss";

/** An HTTP request the engine asks the client to perform (`effect.http`, protocol.md §6). */
export interface HTTPRequest {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text, or `null` for none. */
  readonly body: string | null;
  /** Instead of `body`, a body that is not UTF-8, in base64. */
  readonly bodyBase64?: string;
}

/** The answer to an `HTTPRequest`: any status is an answer, 404 and 500 too. */
export interface HTTPResponse {
  /** 100 to 599. */
  status: number;
  headers?: Record<string, string>;
  /** The body as text; `bodyBase64` instead for bytes. No body is an empty one. */
  body?: string | null;
  bodyBase64?: string;
}

/** One live scene as `engine.state` shows it. */
export interface StateEntry {
  readonly scene: string;
  readonly kind: string;
  /** The view model it rendered last; `null` before its first render. */
  readonly viewModel: unknown;
}

/** What `engine.state` answers: the live scenes, bottom first. */
export interface EngineState {
  readonly stack: readonly StateEntry[];
}

/** The stable names of the protocol's errors (protocol.md §10). */
export type ErrorKind =
  | "parseError" | "emptyLine" | "invalidUTF8" | "lineTooLong" | "batchNotSupported" | "invalidRequest"
  | "alreadyInitialized" | "shutDown" | "unknownReply" | "methodNotFound" | "invalidParams"
  | "unsupportedProtocolVersion" | "unknownApp" | "unknownScene" | "unknownEvent" | "unknownOperation"
  | "notTopScene" | "cannotGoBack" | "invalidReply" | "internalError" | "outputTooLarge" | "notInitialized"
  | "cannotResume" | "cancelled";

/** Why a session could not be resumed. */
export type CannotResumeReason = "unknown" | "expired" | "tooLong" | "workspace" | "unavailable";

/** An error's `data`: its kind, and the members that kind carries. */
export interface ErrorData {
  readonly kind: ErrorKind;
  /** Where a parameter was wrong (`params.data.title`). */
  readonly path?: string;
  readonly scene?: string;
  readonly event?: string;
  readonly app?: string;
  readonly method?: string;
  readonly operation?: string;
  /** The byte where a line could not be read. */
  readonly offset?: number;
  readonly length?: number;
  readonly limit?: number;
  readonly supported?: readonly string[];
  readonly reason?: CannotResumeReason;
}

/** An error as the wire carries it. */
export interface ErrorObject {
  readonly code: number;
  /** For people: what was wrong and what to send instead. */
  readonly message: string;
  readonly data?: ErrorData;
}

/** The JSON-RPC codes of the protocol's errors. */
export declare const ErrorCode: {
  readonly parseError: -32700;
  readonly invalidRequest: -32600;
  readonly methodNotFound: -32601;
  readonly invalidParams: -32602;
  readonly internalError: -32603;
  readonly notInitialized: -32002;
  readonly cannotResume: -32010;
  readonly cancelled: -32800;
  /** What this client replies when an effect handler fails: the service sees a network failure. */
  readonly effectFailed: -32000;
};

/** A request the engine refused: its error, and the method it answered. */
export declare class ViperError extends Error {
  readonly code: number;
  readonly kind: ErrorKind;
  readonly data: ErrorData;
  readonly method: string;
}

/** The engine went away before it answered. */
export declare class ConnectionClosed extends Error {}
