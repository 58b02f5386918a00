#!/usr/bin/env python3
"""Writes benchmark corpora of real English prose: N rows each, as text lines and as NDJSON.

Sources (all on a Debian machine): the paragraphs of /usr/share/common-licenses and of the
packages' /usr/share/doc/*/copyright files, and the package descriptions `apt-cache dumpavail`
prints. Rows are these paragraphs (joined into one line) and descriptions, interleaved, taken in
order and cycled when a corpus needs more rows than there are.

Usage: make_corpus.py OUT_DIR N [N...]   (writes OUT_DIR/rows-N.txt and OUT_DIR/rows-N.ndjson)
"""
import glob
import json
import os
import subprocess
import sys


def paragraphs(text):
    block = []
    for line in text.splitlines():
        line = line.strip()
        if line:
            block.append(line)
        elif block:
            yield " ".join(block)
            block = []
    if block:
        yield " ".join(block)


def pool():
    rows = []
    for path in sorted(glob.glob("/usr/share/common-licenses/*")) + sorted(glob.glob("/usr/share/doc/*/copyright")):
        try:
            with open(path, encoding="utf-8") as f:
                rows.extend(p for p in paragraphs(f.read()) if 20 <= len(p) <= 2000)
        except (OSError, UnicodeDecodeError):
            continue
    try:
        dump = subprocess.run(["apt-cache", "dumpavail"], capture_output=True, text=True, check=True).stdout
        descriptions = [l[len("Description: "):] for l in dump.splitlines() if l.startswith("Description: ")]
    except (OSError, subprocess.CalledProcessError):
        descriptions = []
    # Interleave, so every prefix of the corpus mixes short descriptions and longer paragraphs.
    mixed = []
    for i in range(max(len(rows), len(descriptions))):
        if i < len(descriptions):
            mixed.append(descriptions[i])
        if i < len(rows):
            mixed.append(rows[i])
    return mixed


def main():
    out, counts = sys.argv[1], [int(n) for n in sys.argv[2:]]
    os.makedirs(out, exist_ok=True)
    rows = pool()
    if not rows:
        sys.exit("make_corpus: found no prose on this machine")
    for n in counts:
        with open(f"{out}/rows-{n}.txt", "w", encoding="utf-8") as text, \
             open(f"{out}/rows-{n}.ndjson", "w", encoding="utf-8") as ndjson:
            for i in range(n):
                row = rows[i % len(rows)]
                text.write(row + "\n")
                ndjson.write(json.dumps({"id": f"r{i}", "text": row}, ensure_ascii=False) + "\n")
    print(f"corpus: {len(rows)} distinct rows of prose, written for " + ", ".join(map(str, counts)))


if __name__ == "__main__":
    main()
