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
import select
import subprocess
import sys
import time

DEADLINE_SECONDS = 60


def libcurl_mapped(pid):
    with open(f"/proc/{pid}/maps") as maps:
        return any("libcurl" in line for line in maps)


def main():
    binary = sys.argv[1]
    engine = subprocess.Popen([binary, "serve", "--db", ":memory:"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    failures = []

    def send(method, params):
        engine.stdin.write(json.dumps({"jsonrpc": "2.0", "id": method, "method": method, "params": params}) + "\n")
        engine.stdin.flush()

    def read_until(accept, what):
        deadline = time.monotonic() + DEADLINE_SECONDS
        while time.monotonic() < deadline:
            ready, _, _ = select.select([engine.stdout], [], [], deadline - time.monotonic())
            if not ready:
                break
            line = engine.stdout.readline()
            if not line:
                break
            message = json.loads(line)
            if accept(message):
                return message
        engine.kill()
        sys.exit(f"check_curl_on_demand: no {what} within {DEADLINE_SECONDS} s; stderr: {engine.stderr.read()}")

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
        engine.stdin.close()
        engine.wait(timeout=DEADLINE_SECONDS)
    for failure in failures:
        print(f"check_curl_on_demand: {failure}", file=sys.stderr)
    if not failures:
        print("libcurl on demand: not loaded at start, loaded for the first HTTP request, which succeeded")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
