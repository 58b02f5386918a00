#!/usr/bin/env python3
"""Times cellheight on hostile single rows of 10^4, 10^5 and 10^6 characters.

Linear time shows as about 10x per step; a quadratic step would show as about 100x.
Usage: scripts/bench-hostile.py [path/to/cellheight]
"""
import os
import subprocess
import sys
import tempfile
import time

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/cellheight"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

# name -> (text of n characters, extra options)
CASES = {
    "no break opportunity ('a' x n, every line an emergency break)": (lambda n: "a" * n, ["--width", "100"]),
    # Shaped text keeps its numbers per offset in small form and writes them out for the stretch a
    # line cuts: each line's cut must not write out the rest of the word.
    "no break opportunity beyond ASCII ('ééжж' x n/4, shaped)": (lambda n: "ééжж" * (n // 4), ["--width", "50"]),
    "tabs between Cyrillic words ('word\\tтаб\\t' x n/9, shaped)": (lambda n: "word\tтаб\t" * (n // 9), ["--width", "50"]),
    # One cluster of n marks, or of a Devanagari letter and n joiners: HarfBuzz 6.0 (Debian 12) is
    # quadratic over one cluster, so cellheight shapes it in pieces of 64 (LongClusterPieces).
    "combining marks ('e' + U+0301 x n-1: one grapheme)": (lambda n: "e" + "\u0301" * (n - 1), ["--width", "100"]),
    "joiners (U+0915 + U+200D x n-1: one grapheme)": (lambda n: "\u0915" + "\u200d" * (n - 1), ["--width", "100"]),
    "word then n/2 spaces then a word (hanging spaces)": (lambda n: "a" * (n // 2) + " " * (n // 2) + "b", ["--width", "100"]),
    "tabs between letters ('a\\t' x n/2)": (lambda n: "a\t" * (n // 2), ["--width", "100"]),
    "CJK without spaces": (lambda n: "漢字かな" * (n // 4), ["--width", "100"]),
    "invalid UTF-8 with --lossy (0xFF x n)": (None, ["--lossy"]),
    "nested JSON arrays (n x '[', an error)": (lambda n: "[" * n, ["--format", "json"]),
}


def run(path, options):
    start = time.perf_counter()
    result = subprocess.run([BINARY, "--font", FONT, "--output", "ndjson"] + options + [path],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start, result.returncode


def main():
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "row.txt")
        for name, (make, options) in CASES.items():
            print(name)
            previous = None
            sizes = (10**4, 10**5, 10**6)
            for n in sizes:
                with open(path, "wb") as f:
                    f.write(b"\xff" * n if make is None else make(n).encode())
                seconds, status = run(path, options)
                ratio = f"  x{seconds / previous:.1f}" if previous else ""
                print(f"  n={n:>9,}  {seconds:8.3f} s  exit {status}{ratio}")
                previous = seconds
            sys.stdout.flush()


if __name__ == "__main__":
    main()
