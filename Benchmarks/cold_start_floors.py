#!/usr/bin/env python3
"""How fast can a Swift program on Linux start at all, by what it links?

Compiles four one-line programs with `swiftc -O -static-stdlib`, each linking more than the one
before (the Swift runtime; Foundation's essentials; all of Foundation with ICU; and
FoundationNetworking, whose URLSession loads libcurl and the libraries libcurl needs), then
times each, and `viper --version` and a `viper serve` cold start of each viper binary given, as
the median of N runs of spawning the program and waiting for its exit; the programs take turns,
run after run, so that all of them see the same machine. BENCHMARKS.md explains what the
figures say about the cold start target.

    Benchmarks/cold_start_floors.py [--runs N] [--viper .build/release/viper [--viper OTHER]]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

PROGRAMS = {
    "the Swift runtime only: print(\"hello\")": 'print("hello")\n',
    "Foundation's essentials (Date)": 'import Foundation\nprint("hello \\(Date().timeIntervalSince1970 > 0)")\n',
    "all of Foundation, ICU's data included (NumberFormatter)":
        'import Foundation\nlet f = NumberFormatter(); f.numberStyle = .decimal\n'
        'print(CommandLine.arguments.count > 5 ? f.string(from: 1234)! : "hello")\n',
    "FoundationNetworking (URLSession: libcurl and the libraries it needs)":
        'import Foundation\nimport FoundationNetworking\n'
        'let s: URLSessionConfiguration? = CommandLine.arguments.count > 5 ? URLSessionConfiguration.ephemeral : nil\n'
        'print("hello \\(s == nil)")\n',
}


def time_ms(arguments, stdin=b""):
    start = time.perf_counter()
    subprocess.run(arguments, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--viper", action="append", default=[], help="a viper binary to time beside them (repeatable)")
    options = parser.parse_args()
    programs = []  # (name, binary size, arguments, stdin)
    with tempfile.TemporaryDirectory() as folder:
        for index, (name, source) in enumerate(PROGRAMS.items()):
            path = os.path.join(folder, f"p{index}")
            with open(path + ".swift", "w") as file:
                file.write(source)
            subprocess.run(["swiftc", "-O", "-static-stdlib", path + ".swift", "-o", path],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            programs.append((name, os.path.getsize(path), [path], b""))
        line = b'{"jsonrpc":"2.0","id":1,"method":"initialize"}\n'
        for binary in options.viper:
            size = os.path.getsize(binary)
            label = f" ({binary})" if len(options.viper) > 1 else ""
            programs.append((f"viper --version (starts, parses its command line, exits){label}", size, [binary, "--version"], b""))
            programs.append((f"viper serve --db :memory: answering initialize (the bench's cold start){label}", size,
                             [binary, "serve", "--db", ":memory:"], line))
        times = [[] for _ in programs]
        for _ in range(options.runs):
            for index, (_, _, arguments, stdin) in enumerate(programs):
                times[index].append(time_ms(arguments, stdin))
    rows = [(name, size, statistics.median(runs)) for (name, size, _, _), runs in zip(programs, times)]
    base = rows[0][2]
    print("| program | binary | start to exit (ms) | × the first |")
    print("| --- | ---: | ---: | ---: |")
    for name, size, ms in rows:
        print(f"| {name} | {size / 1_048_576:.1f} MB | {ms:.2f} | {ms / base:.2f}× |")
    print(f"\nMedians of {options.runs} runs, the programs in turn; {sys.argv[0]} {' '.join(sys.argv[1:])}")


if __name__ == "__main__":
    main()
