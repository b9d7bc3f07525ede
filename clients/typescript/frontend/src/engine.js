// The one part of this front end that knows it runs on Node: `viper serve` as a child process,
// its stdin and stdout as the session's transport. Plain JavaScript, so that the TypeScript
// needs no Node type declarations; a browser front end would give a WebSocket instead.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * Starts `viper serve --db :memory:` (VIPER_BINARY, else `viper` on the PATH) and gives its
 * pipes as a transport.
 * @returns {import("viper-apps").Transport & { close(): Promise<number | null> }}
 */
export function startEngine() {
  const binary = process.env.VIPER_BINARY || "viper";
  const child = spawn(binary, ["serve", "--db", ":memory:"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    send: (line) => child.stdin.write(line + "\n"),
    onLine: (listener) => lines.on("line", listener),
    onClose: (listener) => child.on("exit", (code) => listener(code === 0 ? undefined : new Error(`viper exited with ${code}`))),
    close: () => {
      child.stdin.end();
      return exited;
    },
  };
}
