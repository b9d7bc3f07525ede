#!/usr/bin/env python3
"""Turns the example sessions of a document into a wire log for validate_wire.py.

    doc_wire_log.py DOCUMENT PROGRAM > WIRE_LOG

Takes the fenced blocks of DOCUMENT that start with `$ PROGRAM` (`viper serve`, `ProbeServer`)
and writes each `<` line as {"line": …, "method": …}, where method is that of the `>` request
with the response's id in the same block (null for notifications, errors and the engine's own
requests), as `viper test --wire-log` does.
"""
import json
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    document, program = sys.argv[1], sys.argv[2]
    in_block = False
    methods = None
    for line in open(document, encoding="utf-8").read().split("\n"):
        if line.startswith("```"):
            in_block, methods = not in_block, None
        elif in_block and line.startswith("$ " + program):
            methods = {}
        elif methods is not None and line.startswith("> "):
            try:
                request = json.loads(line[2:])
            except json.JSONDecodeError:
                continue
            if isinstance(request, dict) and "id" in request and isinstance(request.get("method"), str):
                methods[json.dumps(request["id"])] = request["method"]
        elif methods is not None and line.startswith("< "):
            message = json.loads(line[2:])
            method = methods.get(json.dumps(message.get("id"))) if "method" not in message else None
            print(json.dumps({"line": line[2:], "method": method}))


if __name__ == "__main__":
    main()
