#!/usr/bin/env python3
"""Unused-code check, run by `make lint`: finds declarations in Sources/ whose name appears nowhere
else in Sources/ or Tests/ (comments left out), e.g. a private helper no longer called, a property
no longer read, a type nothing names.

It is a grep, not a compiler: a name is used when the word appears more often than it is declared,
so it misses a member whose name is used for something else, and it cannot see uses the compiler makes on its own
(protocol requirements such as `description`, `CodingKey` cases, ArgumentParser's `run` and
`validate`, enum cases read through their raw values). Those are listed in
scripts/unused-allowed.txt, one name a line with the reason after a `#`.

Usage: python3 scripts/check-unused.py [--list]   (exit 1 when an unlisted declaration is unused)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|private|fileprivate|open|static|class|final|override|mutating|nonmutating|"
    r"lazy|weak|unowned|nonisolated(?:\(unsafe\))?|convenience|required|indirect|dynamic)\s+)*"
    r"(func|var|let|struct|class|enum|protocol|typealias|actor|case)\s+`?([A-Za-z_][A-Za-z0-9_]*)")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def code_lines(path):
    """The file's lines without `//` comments (a `//` inside a string literal is rare enough here)."""
    in_block = in_string = False
    for line in path.read_text(encoding="utf-8").splitlines():
        # A multi-line string literal's lines are text, not code or comments ("*/" may be in them).
        if line.count('"""') % 2 == 1:
            in_string = not in_string
            yield line
            continue
        if in_string:
            yield line
            continue
        if in_block:
            if "*/" not in line:
                yield ""
                continue
            line, in_block = line.split("*/", 1)[1], False
        # A line comment first: a `/*` inside one (a path such as "LC_MESSAGES/*.mo") opens nothing.
        cut = re.search(r'//(?=(?:[^"]*"[^"]*")*[^"]*$)', line)
        line = line[:cut.start()] if cut else line
        # A block comment opens at a `/*` outside string literals ("LC_MESSAGES/*.mo" in a help text).
        opening = re.search(r'/\*(?=(?:[^"]*"[^"]*")*[^"]*$)', line)
        if opening and "*/" not in line[opening.end():]:
            line, in_block = line[:opening.start()], True
        yield line


def main():
    allowed = set()
    allow_file = ROOT / "scripts" / "unused-allowed.txt"
    if allow_file.exists():
        for line in allow_file.read_text().splitlines():
            name = line.split("#", 1)[0].strip()
            if name:
                allowed.add(name)
    counts = {}
    declarations = []
    for folder in ("Sources", "Tests"):
        for path in sorted((ROOT / folder).rglob("*.swift")):
            for number, line in enumerate(code_lines(path), 1):
                for word in WORD.findall(line):
                    counts[word] = counts.get(word, 0) + 1
                if folder == "Sources":
                    match = DECLARATION.match(line)
                    if match and match.group(1) == "case" and ":" in re.sub(r"\([^)]*\)", "", line):
                        match = None  # a switch's case, not an enum's
                    if match and match.group(2) not in ("init", "deinit", "_"):
                        declarations.append((path.relative_to(ROOT), number, match.group(1), match.group(2)))
    # A name is used when it appears more often than it is declared (several types may declare it).
    declared = {}
    for _, _, _, name in declarations:
        declared[name] = declared.get(name, 0) + 1
    unused = [(path, number, kind, name) for path, number, kind, name in declarations
              if counts.get(name, 0) <= declared[name] and name not in allowed]
    for path, number, kind, name in unused:
        print(f"{path}:{number}: {kind} {name} is declared and never used")
    if "--list" not in sys.argv and unused:
        print(f"{len(unused)} unused declaration(s): remove them, or list the name in scripts/unused-allowed.txt "
              "with the reason the compiler uses it", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
