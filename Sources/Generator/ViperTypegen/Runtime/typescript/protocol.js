export const ErrorCode = Object.freeze({
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  notInitialized: -32002,
  cannotResume: -32010,
  cancelled: -32800,
  effectFailed: -32000,
});

export class ViperError extends Error {
  constructor(error, method) {
    super(String(error?.message ?? "the engine refused the request"));
    this.name = "ViperError";
    this.code = typeof error?.code === "number" ? error.code : ErrorCode.internalError;
    this.data = error?.data && typeof error.data === "object" ? error.data : { kind: "internalError" };
    this.kind = this.data.kind;
    this.method = method;
  }
}

export class ConnectionClosed extends Error {
  constructor(message) {
    super(message);
    this.name = "ConnectionClosed";
  }
}
