export * from "./protocol.js";
export * from "./session.js";
export * from "./apps.js";
