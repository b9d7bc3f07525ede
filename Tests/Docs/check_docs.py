#!/usr/bin/env python3
"""Checks that what the docs name exists, and that nothing cites a document the repository lacks.

    check_docs.py              # the repository this file is in
    check_docs.py --self-test  # shows on a made-up repository that each check can fail

The documents are every Markdown file of the repository (what `git ls-files` lists, so nothing
a build makes under .build, .build-* or Benchmarks/.venv; without git, a walk that leaves out
hidden folders a build or a tool makes). In them:

- **Paths.** A link's target (relative to the document), a token that starts with a top-level
  folder of the repository (`Sources/ViperCore/Session/Session.swift`, `bin/test`,
  `examples/todo/`) anywhere in a line, code blocks included, and, in code spans, a shorter
  path that ends a repository path (`Session/LiveScene.swift`, `Contracts/`) or a Swift file's
  name (`AddContract.swift`) must exist. A pattern (`examples/todo/…`, `Tests/*.py`) must
  exist up to its first wildcard. Paths into what a build makes (`.build/…`) are not checked,
  nor the paths of the package docs/your-first-app.md makes (`OTHER_PACKAGES`).
- **Type names.** A code span outside code blocks that is an UpperCamelCase name (`RequestQueue`),
  or one followed by members or a call (`Session.accept(lines:)`, `TodoAddScene.Event`), must
  name a type that a `struct`, `class`, `enum`, `protocol`, `actor` or `typealias` declares in
  the Swift of the repository (Sources/, Tests/, and the Benchmarks and Fuzz packages), or a
  target or product of one of its Package.swift files, or a class of its Python, or a type, class
  or constant a TypeScript declaration exports (`export declare class ViperSession` in a `.d.ts`
  file, or in the text a Swift generator writes), or a class, object or interface of Kotlin (the
  same way), or a type a Swift code block of the same document declares. `KNOWN_NAMES` lists the few others.
- **Citations.** No text file of the repository cites a document it does not hold: numbered
  seeds, a design document, a folder of seeds or of contracts (`CITATIONS`). Files that
  other work is changing keep theirs until it is merged (`CITATIONS_TO_FIX_AFTER_MERGE`).

Prints each problem as FILE:LINE: what, then a summary; exits 1 when there is any problem.
Standard library only.
"""
import os
import re
import subprocess
import sys
import tempfile

# Names in code spans that are not Swift types of this project. Prefer rewording a document
# to adding a name here.
KNOWN_NAMES = {
    # Swift's standard library and Foundation, as the docs name them.
    "Codable", "Decodable", "Encodable", "Sendable", "BinaryInteger", "Void", "Task", "Date",
    "Calendar", "NumberFormatter", "URLSession", "NSString",
    # Python's own exception, which the Python client raises.
    "TimeoutError",
    # Kotlin's and Java's, which the Kotlin client uses.
    "Long", "LocalDate", "OffsetDateTime", "CompletableFuture",
    # Python's typing, which the typed Python client uses.
    "TypedDict",
}

# Documents that describe a package other than this one, and the paths of that package they name.
OTHER_PACKAGES = {
    # The package `viper new package Greeter` makes, followed step by step.
    "docs/your-first-app.md": re.compile(r"^(?:Sources/Greeter|Tests/Greeter|examples/greeter(?:/|$))"),
    # The Swift and Python packages `viper typegen` writes.
    "docs/clients.md": re.compile(r"^(?:Sources/ViperApps(?:/|$)|Apps\.swift$|viper_apps/)"),
}

# What cites a document the repository does not hold. The patterns are split so that this file
# does not match them itself.
CITATIONS = [
    (re.compile(r"\b[Ss]eeds? [0-9]{3}\b"), "a numbered seed"),
    (re.compile(r"\b" + "DESIGN" + r"\.md\b"), "DESIGN" + ".md"),
    (re.compile(r"\b" + "DESIGN" + r" ?§"), "a section of DESIGN" + ".md"),
    (re.compile(r"\b[Dd]esign " + r"file\b"), "the design " + "file"),
    (re.compile(r"(?<![\w$])" + "seeds" + r"/"), "a folder of seeds"),
    (re.compile(r"(?<![\w/.])" + "contracts" + r"/[\w.-]+\.md\b"), "a contracts/ document"),
    (re.compile(r"\b[Tt]he " + r"seed(?:'s)?\b(?! corpus)"), "the seed"),
]

# Files that another branch is changing now: their citations are fixed once it is merged, and
# then the entry goes. An entry whose file cites nothing any more is itself reported.
CITATIONS_TO_FIX_AFTER_MERGE: set[str] = set()

# Files whose text is not prose: images, and this file, which spells the patterns out.
NOT_TEXT = re.compile(r"\.(?:png|jpe?g|gif|ico|sqlite)$")
SELF = "Tests/Docs/check_docs.py"

WILDCARD = re.compile(r"[…*{<]")
GENERATED = re.compile(r"(?:^|/)\.(?:build|venv|swiftpm|pytest_cache)")
EXTENSIONS = (
    ".swift", ".md", ".py", ".json", ".transcript", ".html", ".js", ".css", ".csv", ".png", ".toml",
    ".txt", ".mustache", ".c", ".h", ".svg", ".dict", ".supp", ".modulemap", ".ts", ".kt",
)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
TYPE_SPAN = re.compile(
    r"(?:(?:some|any) )?([A-Z][A-Za-z0-9]*)(?:<[^`]*>)?((?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?:\([^`]*\))?(?:\.self|\.Type)?")
DECLARATION = re.compile(r"\b(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)")
PYTHON_CLASS = re.compile(r"^\s*class\s+([A-Z][A-Za-z0-9_]*)", re.M)
TYPESCRIPT_EXPORT = re.compile(r"\bexport (?:declare )?(?:class|interface|type|const) ([A-Z][A-Za-z0-9_]*)")
# At a line's start, or after a `\n` in the text a Swift generator writes.
KOTLIN_DECLARATION = re.compile(r"(?:^|\\n)\s*(?:(?:data|sealed|enum|abstract|open) )*(?:class|object|interface|typealias) ([A-Z][A-Za-z0-9_]*)", re.M)
PACKAGE_NAME = re.compile(r"\bname:\s*\"([A-Za-z][A-Za-z0-9_]*)\"")


class Repository:
    """The files of a repository, what its Swift declares, and the names it knows."""

    def __init__(self, root):
        self.root = root
        self.files = self.list_files(root)
        self.folders = {os.path.dirname(f) for f in self.files}
        for folder in list(self.folders):
            while folder:
                folder = os.path.dirname(folder)
                self.folders.add(folder)
        self.folders.discard("")
        self.tops = {p.split("/")[0] for p in self.files if "/" in p}
        self.names = set()
        for path in self.files:
            if path.endswith(".swift") and (path.split("/")[0] in ("Sources", "Tests") or "/Sources/" in path):
                self.names |= set(DECLARATION.findall(self.read(path)))
                self.names |= set(TYPESCRIPT_EXPORT.findall(self.read(path)))
                self.names |= set(KOTLIN_DECLARATION.findall(self.read(path)))
            elif path.endswith(".ts"):
                self.names |= set(TYPESCRIPT_EXPORT.findall(self.read(path)))
            elif path.endswith(".kt"):
                self.names |= set(KOTLIN_DECLARATION.findall(self.read(path)))
            elif path.endswith(".py") and path != SELF:
                self.names |= set(PYTHON_CLASS.findall(self.read(path)))
            if os.path.basename(path) == "Package.swift":
                self.names |= set(PACKAGE_NAME.findall(self.read(path)))
        self.names |= KNOWN_NAMES

    @staticmethod
    def list_files(root):
        try:
            top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=root, capture_output=True, check=True).stdout.decode().strip()
            if os.path.realpath(top) != os.path.realpath(root):
                raise OSError("not the top of a git work tree")
            listed = subprocess.run(
                ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                cwd=root, capture_output=True, check=True).stdout.decode()
            files = {f for f in listed.split("\0") if f}
            # Deleted but not yet committed: listed by git, gone from the disk.
            return {f for f in files if os.path.exists(os.path.join(root, f))}
        except (OSError, subprocess.CalledProcessError):
            files = set()
            for folder, subfolders, names in os.walk(root):
                subfolders[:] = [s for s in subfolders if not (s == ".git" or GENERATED.match("/" + s) or s in ("__pycache__", "node_modules"))]
                for name in names:
                    files.add(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
            return files

    def read(self, path):
        with open(os.path.join(self.root, path), encoding="utf-8", errors="replace") as f:
            return f.read()

    def exists(self, path):
        path = path.rstrip("/")
        return path in self.files or path in self.folders

    def ends_some_path(self, tail):
        tail = tail.rstrip("/")
        return any(p == tail or p.endswith("/" + tail) for p in self.files | self.folders)

    def documents(self):
        return sorted(p for p in self.files if p.endswith(".md"))


def pattern_prefix(path):
    """A path cut before its first component that is a pattern; the path itself when none is."""
    parts = path.split("/")
    for index, part in enumerate(parts):
        if WILDCARD.search(part):
            return "/".join(parts[:index])
    return path


class Checker:
    def __init__(self, repository):
        self.repo = repository
        self.problems = []
        self.paths = set()
        self.types = set()
        tops = "|".join(re.escape(t) for t in sorted(repository.tops)) or "(?!)"
        self.rooted = re.compile(r"(?<![\w./~$@:-])((?:" + tops + r")/[\w.+@…*{}<>-]*(?:/[\w.+@…*{}<>-]*)*)")

    def problem(self, where, text):
        self.problems.append(f"{where}: {text}")

    # Paths

    def check_path(self, where, path, document, rooted):
        path = path.rstrip(".,;:")
        other = OTHER_PACKAGES.get(document)
        if not path or GENERATED.search(path) or (other and other.search(path)):
            return
        prefix = pattern_prefix(path)
        if not prefix:
            return
        self.paths.add(path)
        found = self.repo.exists(prefix) if rooted else self.repo.ends_some_path(prefix)
        if not found:
            self.problem(where, f"no such path: {path}")

    def check_link(self, where, target, document):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            return
        path = target.split("#")[0].split("?")[0]
        resolved = os.path.normpath(os.path.join(os.path.dirname(document), path)).replace(os.sep, "/")
        if resolved.startswith(".."):
            self.problem(where, f"a link out of the repository: {target}")
            return
        self.check_path(where, resolved, document, rooted=True)

    def rooted_paths(self, line):
        return self.rooted.findall(line)

    def span_paths(self, where, span, document):
        for token in span.split():
            token = token.strip("(),;'\"")
            if token.split("/")[0] in self.repo.tops or re.search(r"[:=?$@~\"'\\]", token) or token[:1] in "/.-*…":
                continue
            if "/" in token and (token.endswith("/") or token.endswith(EXTENSIONS)):
                self.check_path(where, token, document, rooted=False)
            elif "/" not in token and token.endswith(".swift") and not WILDCARD.search(token):
                self.check_path(where, token, document, rooted=False)

    # Type names

    def check_type(self, where, span, local):
        match = TYPE_SPAN.fullmatch(span.strip())
        if not match or span.strip().endswith(EXTENSIONS):
            return
        name = match.group(1)
        if len(name) < 2 or not re.search(r"[a-z]", name):
            return
        self.types.add(name)
        if name not in self.repo.names and name not in local:
            self.problem(where, f"no such type: {name}" + (f" (in `{span}`)" if span != name else ""))

    # Documents

    def check_document(self, document):
        text = self.repo.read(document)
        lines = text.split("\n")
        local = set()
        fence = None
        for line in lines:
            stripped = line.lstrip()
            if fence is None and stripped.startswith("```"):
                fence = stripped[3:].strip()
            elif fence is not None and stripped.startswith("```"):
                fence = None
            elif fence == "swift":
                local |= set(DECLARATION.findall(line))
        fence = None
        for number, line in enumerate(lines, 1):
            where = f"{document}:{number}"
            stripped = line.lstrip()
            if stripped.startswith("```"):
                fence = None if fence is not None else stripped[3:].strip()
                continue
            for path in self.rooted_paths(line):
                self.check_path(where, path, document, rooted=True)
            if fence is not None:
                continue
            for target in LINK.findall(line):
                self.check_link(where, target, document)
            for _, span in CODE_SPAN.findall(line):
                self.span_paths(where, span, document)
                self.check_type(where, span, local)

    # Citations

    def check_citations(self):
        clean_known = set(CITATIONS_TO_FIX_AFTER_MERGE)
        for path in sorted(self.repo.files):
            if path == SELF or NOT_TEXT.search(path):
                continue
            for number, line in enumerate(self.repo.read(path).split("\n"), 1):
                for pattern, what in CITATIONS:
                    if pattern.search(line):
                        if path in CITATIONS_TO_FIX_AFTER_MERGE:
                            clean_known.discard(path)
                        else:
                            self.problem(f"{path}:{number}", f"cites {what}, which is not in the repository: {line.strip()[:100]}")
        for path in sorted(clean_known):
            self.problem(path, "cites nothing any more: take it out of CITATIONS_TO_FIX_AFTER_MERGE")

    def run(self):
        for document in self.repo.documents():
            self.check_document(document)
        self.check_citations()
        return self.problems


def check(root):
    checker = Checker(Repository(root))
    problems = checker.run()
    return checker, problems


def self_test():
    """A made-up repository with one of each kind of mistake, and one without: each check must
    find exactly its mistakes, and nothing in the clean one."""
    files = {
        "Package.swift": 'let package = Package(name: "demo", targets: [.target(name: "DemoKit")])\n',
        "Sources/DemoKit/Real.swift": "/// A type.\npublic struct RealType {}\nenum Other {}\n",
        "Tests/DemoTests/Double.swift": "final class StubThing {}\n",
        "clients/py/client.py": "class PyClient:\n    pass\n",
        "clients/ts/client.d.ts": "export declare class TsSession {}\nexport type TsKind = string;\n",
        "clients/kt/Client.kt": "sealed class KtEvent(val name: String)\nobject KtKinds\n",
        "bin/test": "#!/bin/sh\n",
        "docs/guide.md": "\n".join([
            "`RealType`, `Other.member`, `StubThing(x:)`, `DemoKit`, `PyClient`, `TsSession`, `TsKind`, `KtEvent`, `KtKinds`, `Codable`, `Local` are known.",
            "[the tests](../bin/test), `Sources/DemoKit/Real.swift`, `DemoKit/Real.swift`, `Real.swift`, `examples/…`.",
            "```swift",
            "struct Local {}",
            "```",
            "`MissingType`, `TsGone` and `Gone.thing` are not; neither are `Sources/DemoKit/Gone.swift`, `Kit/Real.swift`.",
            "Nor [this](missing.md), nor bin/absent in prose, nor `Absent.swift`.",
            "",
        ]),
        "README.md": "A clean page: `RealType` in `Sources/DemoKit/`. " + "seed 003 is cited here.\n",
        "Sources/DemoKit/Cited.swift": "/// As DESIGN" + ".md says.\nstruct Cited {}\n",
        "Sources/DemoKit/Later.swift": "/// The seed's rule.\nstruct Later {}\n",
    }
    expected = [
        "docs/guide.md:6: no such type: MissingType",
        "docs/guide.md:6: no such type: TsGone",
        "docs/guide.md:6: no such type: Gone (in `Gone.thing`)",
        "docs/guide.md:6: no such path: Sources/DemoKit/Gone.swift",
        "docs/guide.md:6: no such path: Kit/Real.swift",
        "docs/guide.md:7: no such path: docs/missing.md",
        "docs/guide.md:7: no such path: bin/absent",
        "docs/guide.md:7: no such path: Absent.swift",
        "README.md:1: cites a numbered seed, which is not in the repository: A clean page: `RealType` in `Sources/DemoKit/`. "
        + "seed 003 is cited here.",
        "Sources/DemoKit/Cited.swift:1: cites " + "DESIGN" + ".md, which is not in the repository: /// As DESIGN" + ".md says.",
        "Sources/DemoKit/Known.swift: cites nothing any more: take it out of CITATIONS_TO_FIX_AFTER_MERGE",
    ]
    global CITATIONS_TO_FIX_AFTER_MERGE
    saved = CITATIONS_TO_FIX_AFTER_MERGE
    CITATIONS_TO_FIX_AFTER_MERGE = {"Sources/DemoKit/Later.swift", "Sources/DemoKit/Known.swift"}
    failures = []
    try:
        with tempfile.TemporaryDirectory() as root:
            for path, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(root, path)) or root, exist_ok=True)
                with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                    f.write(text)
            # Known.swift is listed but absent: its entry is stale all the same.
            _, problems = check(root)
            for line in expected:
                if line not in problems:
                    failures.append(f"not found: {line}")
            for line in problems:
                if line not in expected:
                    failures.append(f"found but not expected: {line}")
    finally:
        CITATIONS_TO_FIX_AFTER_MERGE = saved
    for failure in failures:
        print(f"docs self-test: {failure}")
    if failures:
        print(f"docs self-test: {len(failures)} failures")
        return 1
    print(f"docs self-test: {len(expected)} planted mistakes found, nothing else")
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    if arguments:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    checker, problems = check(root)
    for line in problems:
        print(line)
    documents = len(checker.repo.documents())
    if problems:
        print(f"docs: {len(problems)} problems in {documents} documents")
        return 1
    print(f"docs: {len(checker.paths)} paths and {len(checker.types)} type names checked, all exist")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
