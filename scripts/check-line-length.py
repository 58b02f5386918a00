#!/usr/bin/env python3
"""`make lint`'s line-length check: no Swift line in Sources/ or Tests/ longer than 120 columns.

The code predates the limit, so scripts/long-lines.txt lists, per file, how many lines over the
limit it may still have (`count path`); a file not listed may have none. A file over its allowance
fails with the lines that are too long. The allowance only goes down: when you shorten lines, run
`python3 scripts/check-line-length.py --update` and commit the lower counts (it never raises one
unless given --raise, for a file moved or renamed).
"""
import glob
import sys

LIMIT = 120
ALLOWANCE = "scripts/long-lines.txt"


def long_lines(path):
    with open(path, encoding="utf-8") as f:
        return [(number, len(line.rstrip("\n"))) for number, line in enumerate(f, 1)
                if len(line.rstrip("\n")) > LIMIT]


def main(argv):
    files = sorted(glob.glob("Sources/**/*.swift", recursive=True) + glob.glob("Tests/**/*.swift", recursive=True))
    allowed = {}
    with open(ALLOWANCE, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                count, path = line.split(maxsplit=1)
                allowed[path.strip()] = int(count)
    found = {path: long_lines(path) for path in files}
    if "--update" in argv:
        counts = {path: len(lines) if "--raise" in argv else min(len(lines), allowed.get(path, 0))
                  for path, lines in found.items()}
        with open(ALLOWANCE, "w", encoding="utf-8") as f:
            f.write(f"# Lines over {LIMIT} columns each file may still have (scripts/check-line-length.py).\n")
            for path, count in sorted(counts.items()):
                if count:
                    f.write(f"{count} {path}\n")
        return 0
    failed = 0
    for path, lines in found.items():
        allowance = allowed.get(path, 0)
        if len(lines) > allowance:
            failed += 1
            shown = ", ".join(f"{path}:{number} ({columns})" for number, columns in lines[:5])
            print(f"{path}: {len(lines)} lines over {LIMIT} columns, {allowance} allowed: {shown}", file=sys.stderr)
    total = sum(len(lines) for lines in found.values())
    print(f"line length: {total} lines over {LIMIT} columns in {len(files)} files (allowed: "
          f"{sum(allowed.values())}); {failed} files over their allowance")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
