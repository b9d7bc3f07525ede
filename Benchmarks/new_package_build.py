#!/usr/bin/env python3
"""How long a new user waits for the first `swift test` of a package `viper new` made.

Writes `viper new package Greeter` into a temporary folder, then times, from nothing (a scratch
folder of its own, the packages cloned anew from wherever SwiftPM finds them):
`swift package resolve`, then `swift test`, which builds the package, viper's targets it uses
and their dependencies, and runs the package's tests. With --traits, the same package again
with `traits: [...]` on its viper line (for instance --traits PostgreSQL), one after the other
in the same run. With --source, the package depends on another tree of viper's (a worktree of an
earlier commit, say) instead of this clone, so that two versions are measured side by side.
Prints each figure; BENCHMARKS.md quotes them.

    Benchmarks/new_package_build.py [--traits PostgreSQL] [--source DIR ...] [--viper PATH]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(arguments, folder):
    """Seconds `arguments` took in `folder`, and what it printed; exits with its output when it fails."""
    start = time.monotonic()
    done = subprocess.run(arguments, cwd=folder, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(arguments)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return time.monotonic() - start, done.stdout + done.stderr


def first_test(viper, source, traits):
    with tempfile.TemporaryDirectory() as folder:
        timed([viper, "new", "package", "Greeter"], folder)
        package = os.path.join(folder, "Greeter")
        manifest = os.path.join(package, "Package.swift")
        with open(manifest) as file:
            text = file.read()
        line = re.search(r'\.package\(path: "([^"]*)", traits: \[\]\)', text)
        if line is None:
            sys.exit("the package's manifest has no `.package(path: ..., traits: [])` line to change")
        quoted = ", ".join(f'"{trait}"' for trait in traits or [])
        text = text.replace(line.group(0), f'.package(path: "{source}", traits: [{quoted}])')
        # SwiftPM names a package on a path by its folder's name, which the products' lines use.
        text = text.replace(f'package: "{os.path.basename(line.group(1))}"', f'package: "{os.path.basename(source)}"')
        with open(manifest, "w") as file:
            file.write(text)
        scratch = os.path.join(folder, "scratch")
        resolve, _ = timed(["swift", "package", "resolve", "--scratch-path", scratch], package)
        test, output = timed(["swift", "test", "--scratch-path", scratch], package)
        steps = max((int(step.group(1)) for step in re.finditer(r"^\[\d+/(\d+)\]", output, re.MULTILINE)), default=0)
        return resolve, test, steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--traits", help="comma-separated traits for a second package, built after the first")
    parser.add_argument("--source", nargs="+", default=[ROOT], help="viper's trees to build the package against, one after the other")
    parser.add_argument("--viper", default=os.path.join(ROOT, ".build/debug/viper"), help="the viper that writes the package")
    options = parser.parse_args()
    if not os.access(options.viper, os.X_OK):
        sys.exit(f"no viper at {options.viper}: run `swift build --product viper` first, or give --viper")
    variants = [(source, None) for source in options.source]
    if options.traits:
        variants += [(source, options.traits.split(",")) for source in options.source]
    print("| viper's tree | traits | resolve | build and test | in all | build steps |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for source, traits in variants:
        resolve, test, steps = first_test(options.viper, os.path.abspath(source), traits)
        print(f"| {source} | {', '.join(traits or []) or 'none'} | {resolve:.0f} s | {test:.0f} s | {resolve + test:.0f} s | {steps:,} |", flush=True)


if __name__ == "__main__":
    main()
