#!/usr/bin/env python3
"""Checks lines an engine wrote against the protocol's schema.

    validate_wire.py SCHEMA WIRE_LOG

WIRE_LOG is what `viper test --wire-log` writes: one JSON object per line, {"line": <a line the
engine wrote>, "method": <the method of the request its step sent, or null>}. Every line must be
an engineMessage of SCHEMA; a result must also have the shape of its method's result
($defs/results/<method>). Before checking, the script shows that the check can fail: it spoils
one line of each kind it checks (a render, a result) and expects the schema to refuse it.
Exits 1 with every refused line when any is refused.
"""
import copy
import json
import sys

from jsonschema import Draft202012Validator


def validator(schema, pointer):
    """A validator for the part of `schema` at `pointer` (#/$defs/…), with its $defs in reach."""
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": pointer})


def pointer_token(name):
    return name.replace("~", "~0").replace("/", "~1")


def problems(schema, engine, results, line, method):
    """Why `line` is not what the schema says; empty when it is."""
    try:
        message = json.loads(line)
    except json.JSONDecodeError as error:
        return [f"not JSON: {error}"]
    found = [error.message for error in engine.iter_errors(message)]
    if not found and "result" in message and method is not None:
        if method not in results:
            if method in schema["$defs"]["results"]:
                results[method] = validator(schema, "#/$defs/results/" + pointer_token(method))
            else:
                return []
        found = [f"result of {method}: {error.message}" for error in results[method].iter_errors(message["result"])]
    return found


def spoiled(message):
    """The message with one value of the wrong type, or None when it has nothing to spoil."""
    bad = copy.deepcopy(message)
    if message.get("method") == "view.render":
        view_model = bad["params"]["viewModel"]
        for key, value in view_model.items():
            view_model[key] = {"spoiled": True} if not isinstance(value, dict) else 42
            return bad
    if isinstance(message.get("result"), dict) and message["result"]:
        key = sorted(message["result"])[0]
        bad["result"][key] = {"spoiled": True}
        return bad
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    engine = validator(schema, "#/$defs/engineMessage")
    results = {}
    entries = [json.loads(text) for text in open(sys.argv[2], encoding="utf-8") if text.strip()]
    if not entries:
        sys.exit(f"{sys.argv[2]} holds no lines: nothing was checked")

    # The check must be able to fail: a spoiled render and a spoiled result are refused.
    spoiled_kinds = set()
    for entry in entries:
        message = json.loads(entry["line"])
        kind = "render" if message.get("method") == "view.render" else "result" if "result" in message else None
        bad = spoiled(message)
        if kind is None or kind in spoiled_kinds or bad is None:
            continue
        if not problems(schema, engine, results, json.dumps(bad), entry["method"]):
            sys.exit(f"the schema accepts a spoiled {kind}, so it checks nothing: {json.dumps(bad)}")
        spoiled_kinds.add(kind)

    refused = []
    for number, entry in enumerate(entries, start=1):
        for problem in problems(schema, engine, results, entry["line"], entry["method"]):
            refused.append(f"line {number} ({entry['method']}): {problem}\n    {entry['line'][:300]}")
    if refused:
        print(f"schema: {len(refused)} of {len(entries)} lines do not match {sys.argv[1]}:")
        print("\n".join(refused))
        sys.exit(1)
    print(f"schema: {len(entries)} lines match {sys.argv[1]} (and spoiled {', '.join(sorted(spoiled_kinds))} lines are refused)")


if __name__ == "__main__":
    main()
