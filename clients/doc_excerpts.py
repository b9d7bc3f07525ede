"""Checks that the code a guide shows is still the code of a front end that the tests build.

Usage: doc_excerpts.py GUIDE LANGUAGES FOLDER

Every fenced block of GUIDE whose language is one of LANGUAGES (comma-separated: `ts,js`) must
appear, character for character, in one source file (.ts, .js, .kt, .swift, .py) under FOLDER. Prints each block that does not and
a count; exits 1 when a block is missing or the guide shows no block in those languages.
Standard library only.
"""
import pathlib
import re
import sys

#: The files a front end's code is in.
SOURCES = {".ts", ".js", ".kt", ".swift", ".py"}


def main(guide, languages, folder):
    names = "|".join(re.escape(language) for language in languages.split(","))
    blocks = re.findall(r"^```(?:" + names + r")\n(.*?)^```", pathlib.Path(guide).read_text(), flags=re.M | re.S)
    sources = [path for path in pathlib.Path(folder).rglob("*") if path.is_file() and path.suffix in SOURCES]
    texts = [path.read_text(errors="replace") for path in sources]
    missing = [block for block in blocks if not any(block in text for text in texts)]
    for block in missing:
        print(f"{guide} shows code that {folder} no longer holds:\n{block}")
    print(f"{guide}: {len(blocks) - len(missing)} of {len(blocks)} {languages} blocks quoted from {folder}")
    return 1 if missing or not blocks else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
