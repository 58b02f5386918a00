#!/usr/bin/env python3
"""Runs every example of README.md and docs/*.md and checks it prints exactly what the page shows.

An example is a line starting with "$ " inside a ```sh block (continued by lines ending in "\\");
the lines after it, up to the next "$ " or the end of the block, are its expected standard output.
An example expected to fail ends with a line `[exit N]`, its exit status (otherwise it must be 0).
Run from the repository root, after `make build` (or `swift build -c release -Xswiftc -enable-testing`).
"""
import glob
import re
import subprocess
import sys


def examples(readme):
    lines = readme.splitlines()
    in_block = False
    current = None
    for line in lines:
        if line.startswith("```"):
            if current:
                yield current
                current = None
            in_block = line.strip() == "```sh" and not in_block
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            if current:
                yield current
            current = {"command": line[2:], "expected": [], "continued": line.endswith("\\")}
        elif current is not None and current["continued"]:
            current["command"] += "\n" + line
            current["continued"] = line.endswith("\\")
        elif current is not None:
            current["expected"].append(line)
    if current:
        yield current


def main():
    passed = failed = 0
    for page in ["README.md"] + sorted(glob.glob("docs/*.md")):
        with open(page, encoding="utf-8") as f:
            ok, wrong = check(page, f.read())
        passed, failed = passed + ok, failed + wrong
    print(f"README examples: {passed} ok, {failed} wrong")
    return 1 if failed or not passed else 0


def check(page, readme):
    """Runs a page's examples; returns how many printed what it shows and how many did not."""
    passed = failed = 0
    for example in examples(readme):
        run = subprocess.run(["bash", "-c", "set -o pipefail; " + example["command"]],
                             capture_output=True, text=True, timeout=120)
        expected_lines = example["expected"]
        status = 0
        if expected_lines and re.fullmatch(r"\[exit \d+\]", expected_lines[-1]):
            status = int(expected_lines[-1][6:-1])
            expected_lines = expected_lines[:-1]
        expected = "\n".join(expected_lines)
        actual = run.stdout.rstrip("\n")
        if run.returncode == status and actual == expected:
            passed += 1
        else:
            failed += 1
            print(f"{page} example failed (exit {run.returncode}):\n$ {example['command']}\n"
                  f"--- expected\n{expected}\n--- got\n{actual}\n{run.stderr}", file=sys.stderr)
    return passed, failed


if __name__ == "__main__":
    sys.exit(main())
