#!/usr/bin/env python3
"""The release `viper` loads libcurl when URLSession first needs it, and not before.

Starts `viper serve --db :memory:` (the binary given, as bin/viper builds it), answers
`initialize`, and checks that no libcurl is mapped into the process; then starts the News app,
whose headlines come over HTTP from the sample server viper starts in process, and checks that
the list shows them and that libcurl is mapped now. Run by bin/test on a full run, after it has
built the release binary; exits 1 with what differed.

    Tests/Release/check_curl_on_demand.py .build/release/viper
"""
import json
import queue
import subprocess
import sys
import tempfile
import threading
import time

DEADLINE_SECONDS = 60


def libcurl_mapped(pid):
    with open(f"/proc/{pid}/maps") as maps:
        return any("libcurl" in line for line in maps)


def main():
    binary = sys.argv[1]
    log = tempfile.TemporaryFile(mode="w+")
    engine = subprocess.Popen([binary, "serve", "--db", ":memory:"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=log, text=True)
    # Lines are read on a thread of their own, so that waiting for one never misses a line
    # already read into the pipe's buffer.
    lines = queue.Queue()

    def read_lines():
        for line in engine.stdout:
            lines.put(line)
        lines.put(None)  # the engine closed its output

    threading.Thread(target=read_lines, daemon=True).start()
    failures = []

    def send(method, params):
        try:
            engine.stdin.write(json.dumps({"jsonrpc": "2.0", "id": method, "method": method, "params": params}) + "\n")
            engine.stdin.flush()
        except BrokenPipeError:
            pass  # the engine ended: the read that follows says so, with its log

    def read_until(accept, what):
        deadline = time.monotonic() + DEADLINE_SECONDS
        while True:
            try:
                line = lines.get(timeout=max(0, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                break
            message = json.loads(line)
            if accept(message):
                return message
        engine.kill()
        log.seek(0)
        sys.exit(f"check_curl_on_demand: no {what} (the engine ended, or took over {DEADLINE_SECONDS} s); its log: {log.read()[-2000:]}")

    try:
        send("initialize", {})
        read_until(lambda m: m.get("id") == "initialize" and "result" in m, "answer to initialize")
        if libcurl_mapped(engine.pid):
            failures.append("libcurl was loaded before any HTTP request (after initialize)")
        send("app.start", {"app": "news"})
        render = read_until(
            lambda m: m.get("method") == "view.render" and m["params"]["kind"] == "news.list"
            and m["params"]["viewModel"]["state"] != "loading", "news.list render after its load")
        view_model = render["params"]["viewModel"]
        if view_model["state"] != "loaded" or not view_model["articles"]:
            failures.append(f"the News list did not load its headlines over HTTP: {json.dumps(view_model)[:300]}")
        if not libcurl_mapped(engine.pid):
            failures.append("libcurl is not loaded after the News app fetched its headlines")
    finally:
        try:
            engine.stdin.close()
        except BrokenPipeError:
            pass
        engine.wait(timeout=DEADLINE_SECONDS)
    for failure in failures:
        print(f"check_curl_on_demand: {failure}", file=sys.stderr)
    if not failures:
        print("libcurl on demand: not loaded at start, loaded for the first HTTP request, which succeeded")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
