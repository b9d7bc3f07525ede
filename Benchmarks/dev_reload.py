#!/usr/bin/env python3
"""How long `dev` takes to bring a saved change back on the same screen.

Runs `dev` over pipes on a session of 50 requests (start the app, open the screen, then type
into it), saves a one-line change to the screen's Presenter and times, from the save, until
the screen is drawn again by the new build; then saves the undo, and so on: --changes saves
in all. Prints each reload's figures (saved to redrawn, the build, the replay of the 50
requests, as `dev` reports them) and their medians. Two packages, side by side:

- viper's own clone (the ToDo app's add screen), with its debug build in .build;
- a package that `viper new package Greeter` writes, with a Settings screen (`viper new
  module Settings --presented`), built in --scratch-path (default: .build-generated).

The Presenter file is restored at the end. BENCHMARKS.md quotes the figures.

    Benchmarks/dev_reload.py [--changes N] [--only viper|new]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Dev:
    """A `dev` process whose stdout lines are collected as they come."""

    def __init__(self, binary, arguments, folder):
        self.process = subprocess.Popen([binary, "dev"] + arguments, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1, env=dict(os.environ, NO_COLOR="1"))
        self.lines = []
        self.read = 0
        threading.Thread(target=self._collect, args=(self.process.stdout, self.lines), daemon=True).start()
        self.errors = []
        threading.Thread(target=self._collect, args=(self.process.stderr, self.errors), daemon=True).start()

    @staticmethod
    def _collect(stream, into):
        for line in stream:
            into.append(line.rstrip("\n"))

    def type(self, commands):
        self.process.stdin.write("".join(command + "\n" for command in commands))
        self.process.stdin.flush()

    def wait_for(self, text, timeout=900):
        """The lines up to the first after the last match that contains `text`."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index in range(self.read, len(self.lines)):
                if text in self.lines[index]:
                    found = self.lines[self.read:index + 1]
                    self.read = index + 1
                    return found
            if self.process.poll() is not None:
                break
            time.sleep(0.01)
        sys.exit(f"dev did not print {text!r}; stdout ends with:\n" + "\n".join(self.lines[-20:]) + "\nstderr:\n" + "\n".join(self.errors[-20:]))

    def finish(self):
        self.process.stdin.close()
        self.process.wait(timeout=120)


def reloads(binary, arguments, folder, presenter, change, session, shown, changes):
    """`changes` saves of `change` and its undo, each timed until `shown(text)` is drawn again."""
    original = open(presenter).read()
    changed = original.replace(*change)
    assert changed != original, f"{change[0]!r} is not in {presenter}"
    dev = Dev(binary, arguments, folder)
    rows = []
    try:
        dev.type(session)
        dev.wait_for(shown(False))
        for index in range(changes):
            upper = index % 2 == 0
            saved = time.time()
            with open(presenter, "w") as file:
                file.write(changed if upper else original)
            report = dev.wait_for("· rebuilt in ")[-1]
            dev.wait_for(shown(upper))
            redrawn = time.time() - saved
            built, replayed = (float(value) for value in re.findall(r"(\d+\.\d) s", report))
            requests = int(re.search(r"replayed (\d+) request", report).group(1))
            rows.append((redrawn, built, replayed, requests))
            # The examples the new build runs are left to finish before the next save.
            dev.wait_for("· examples/")
    finally:
        with open(presenter, "w") as file:
            file.write(original)
        dev.finish()
    return rows


def viper_clone(changes):
    binary = run_checked(["swift", "build", "--product", "viper", "--show-bin-path"], ROOT).strip().splitlines()[-1] + "/viper"
    run_checked(["swift", "build", "--product", "viper"], ROOT)
    session = ["start todo", "addTapped"] + [f"titleChanged Water the plants {index}" for index in range(48)]
    return reloads(
        binary, ["--now", "2026-11-24T09:00:00Z", "--time-zone", "UTC"], ROOT,
        os.path.join(ROOT, "Sources/Apps/TodoApp/Add/TodoAddPresenter.swift"),
        ("title: draft.title,", "title: draft.title.uppercased(),"), session,
        lambda upper: "title: WATER THE PLANTS 47" if upper else "title: Water the plants 47", changes)


def new_package(changes, scratch):
    viper = os.path.join(ROOT, ".build/debug/viper")
    run_checked(["swift", "build", "--product", "viper"], ROOT)
    with tempfile.TemporaryDirectory() as folder:
        run_checked([viper, "new", "package", "Greeter"], folder)
        package = os.path.join(folder, "Greeter")
        run_checked([viper, "new", "module", "Settings", "--app", "greeter", "--presented"], package)
        run_checked(["swift", "build", "--product", "greeter", "--scratch-path", scratch], package)
        session = ["start greeter", "openTapped settings"] + [f"textChanged Hello {index}" for index in range(48)]
        return reloads(
            os.path.join(scratch, "debug/greeter"), ["--scratch-path", scratch, "--now", "2026-11-24T09:00:00Z", "--time-zone", "UTC"], package,
            os.path.join(package, "Sources/GreeterApp/Settings/SettingsPresenter.swift"),
            ("text: draft.text,", "text: draft.text.uppercased(),"), session,
            lambda upper: "text: HELLO 47" if upper else "text: Hello 47", changes)


def run_checked(arguments, folder):
    done = subprocess.run(arguments, cwd=folder, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(arguments)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--changes", type=int, default=5)
    parser.add_argument("--only", choices=["viper", "new"])
    parser.add_argument("--scratch-path", default=os.path.join(ROOT, ".build-generated"))
    options = parser.parse_args()
    results = {}
    if options.only != "new":
        results["viper's clone, ToDo's add screen"] = viper_clone(options.changes)
    if options.only != "viper":
        results["a package from `viper new`, its Settings screen"] = new_package(options.changes, options.scratch_path)
    print("| package | saved → same screen redrawn | the build | the replay | requests replayed |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, rows in results.items():
        redrawn, built, replayed, requests = zip(*rows)
        print(f"| {name} | {statistics.median(redrawn):.1f} s ({min(redrawn):.1f} to {max(redrawn):.1f}) "
              f"| {statistics.median(built):.1f} s | {statistics.median(replayed):.1f} s | {requests[0]} |")
    print(f"\nMedians of {options.changes} saves each; Benchmarks/dev_reload.py --changes {options.changes}")


if __name__ == "__main__":
    main()
