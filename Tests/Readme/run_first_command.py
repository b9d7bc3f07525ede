"""Runs README.md's first command, as a new user would, with the session README.md documents
under "A session" piped into it, and checks that it answers with the documented lines: CI fails
when setting up from a fresh clone breaks (a missing library, a build that no longer builds),
not only when the tests do.

Usage: python3 Tests/Readme/run_first_command.py README.md
"""

import json
import re
import subprocess
import sys


def first_command(readme):
    """The first line of the first ```sh block."""
    block = re.search(r"```sh\n(.*?)```", readme, re.S)
    if not block:
        sys.exit("README.md has no ```sh block")
    return block.group(1).strip().splitlines()[0]


def documented_session(readme):
    """The `>` and `<` lines of the block under "### A session"."""
    section = readme.split("### A session", 1)[1]
    block = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    sent = [line[2:] for line in block.splitlines() if line.startswith("> ")]
    expected = [line[2:] for line in block.splitlines() if line.startswith("< ")]
    return sent, expected


def main():
    root_readme = sys.argv[1]
    readme = open(root_readme, encoding="utf-8").read()
    command = first_command(readme)
    sent, expected = documented_session(readme)
    print(f"README: running `{command}` with the {len(sent)} requests of its documented session", flush=True)
    run = subprocess.run(["bash", "-c", command], input="\n".join(sent) + "\n", capture_output=True, text=True, timeout=3600)
    if run.returncode != 0:
        sys.stderr.write(run.stderr[-4000:])
        sys.exit(f"README: `{command}` exited {run.returncode}")
    actual = run.stdout.splitlines()
    if [json.loads(line) for line in actual] != [json.loads(line) for line in expected]:
        for number, (want, got) in enumerate(zip(expected + [""] * len(actual), actual + [""] * len(expected)), 1):
            if want != got:
                print(f"line {number}: documented {want}\n        answered   {got}")
                break
        sys.exit("README: the documented session is not what the engine answers")
    print(f"README: `{command}` answered the documented session line for line ({len(actual)} lines)")


if __name__ == "__main__":
    main()
