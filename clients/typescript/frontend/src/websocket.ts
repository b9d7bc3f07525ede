import type { Transport } from "viper-apps";

/**
 * A browser's transport: a WebSocket to `viper serve --listen`, one message per text frame.
 * Give it to the session once the socket is open. (Compiled with the rest; the stories run on
 * Node 20, which has no WebSocket of its own.)
 */
export function webSocketTransport(socket: WebSocket): Transport {
  return {
    send: (line) => socket.send(line),
    onLine: (listener) => socket.addEventListener("message", (event) => listener(String(event.data))),
    onClose: (listener) =>
      socket.addEventListener("close", (event) => listener(event.wasClean ? undefined : new Error(event.reason || `closed with ${event.code}`))),
  };
}
