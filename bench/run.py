#!/usr/bin/env python3
"""`make bench`: how fast cellheight measures real prose, side by side with Pango in the same run.

Prints, for corpora of 10k, 100k and 1M rows (bench/make_corpus.py): rows/s, MB/s and peak RSS of
`cellheight --output ndjson`, Pango's rows/s on the same rows (bench/pango_rows.c, built here) and
the ratio, and the share of rows on which both engines find the same line count; then the cost of
4 widths against 1, and the wall time of a 10-row file including process start.
Figures are medians of REPEAT runs (default 3) after one warm-up run; the machine is shared, so
compare ratios.
"""
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, ".build", "bench")
BIN = os.environ.get("CELLHEIGHT_BIN", os.path.join(ROOT, ".build", "release", "cellheight"))
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SIZE, WIDTH = 16, 320
REPEAT = int(os.environ.get("REPEAT", "3"))
SIZES = [int(n) for n in os.environ.get("BENCH_ROWS", "10000 100000" if os.environ.get("BENCH_QUICK") == "1"
                                        else "10000 100000 1000000").split()]
PANGO_MAX_ROWS = int(os.environ.get("PANGO_MAX_ROWS", "100000"))


def timed(argv, stdin_path=None):
    """Runs argv (stdout discarded) under GNU time; returns (seconds, peak RSS in MB)."""
    with open(stdin_path or os.devnull, "rb") as stdin:
        start = time.perf_counter()
        run = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdin=stdin, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        seconds = time.perf_counter() - start
    # Exit 1 is a CI gate's "rows over budget": a complete run.
    if run.returncode not in (0, 1):
        raise subprocess.CalledProcessError(run.returncode, argv, stderr=run.stderr)
    return seconds, int(run.stderr.strip().splitlines()[-1]) / 1024


def median_run(argv, stdin_path=None):
    # One untimed run first, for both programs alike: it reads the freshly written corpus and the
    # program's own pages into the page cache, which the timed runs then share.
    timed(argv, stdin_path)
    runs = [timed(argv, stdin_path) for _ in range(REPEAT)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def line_counts_cellheight(path, widths=str(WIDTH)):
    out = subprocess.run([BIN, "--font", FONT, "--size", str(SIZE), "--width", widths, "--output", "ndjson",
                          "--format", "lines", path], capture_output=True, text=True, check=True).stdout
    return [json.loads(line)["lineCount"] for line in out.splitlines()]


def line_counts_pango(pango, path):
    with open(path, "rb") as stdin:
        out = subprocess.run([pango, FONT, str(SIZE), str(WIDTH)], stdin=stdin, capture_output=True, text=True,
                             check=True).stdout
    return [int(line.split()[0]) for line in out.splitlines()]


def main():
    os.makedirs(OUT, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_corpus.py"), OUT] + [str(n) for n in SIZES],
                   check=True)
    pango = os.path.join(OUT, "pango_rows")
    cflags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangoft2", "fontconfig"], capture_output=True,
                            text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", pango, os.path.join(ROOT, "bench", "pango_rows.c")] + cflags, check=True)
    floor_program = os.path.join(OUT, "shaping_floor")
    subprocess.run(["cc", "-O2", "-o", floor_program, os.path.join(ROOT, "bench", "shaping_floor.c")] +
                   subprocess.run(["pkg-config", "--cflags", "--libs", "harfbuzz", "fontconfig"], capture_output=True, text=True,
                                  check=True).stdout.split(), check=True)
    bare_program = os.path.join(OUT, "bare_loop")
    subprocess.run(["cc", "-O2", "-o", bare_program, os.path.join(ROOT, "bench", "bare_loop.c")] +
                   subprocess.run(["pkg-config", "--cflags", "--libs", "harfbuzz"], capture_output=True, text=True,
                                  check=True).stdout.split(), check=True)

    print(f"\nfont {os.path.basename(FONT)} {SIZE} px, width {WIDTH} px, median of {REPEAT} runs, "
          f"{os.cpu_count()} cores\n")
    header = f"{'rows':>9} {'MB':>7} {'cellheight s':>13} {'rows/s':>10} {'MB/s':>7} {'RSS MB':>7} " \
             f"{'pango s':>8} {'pango rows/s':>13} {'ratio':>7}"
    print(header)
    print("-" * len(header))
    for n in SIZES:
        text = os.path.join(OUT, f"rows-{n}.txt")
        ndjson = os.path.join(OUT, f"rows-{n}.ndjson")
        megabytes = os.path.getsize(text) / 1e6
        seconds, rss = median_run([BIN, "--font", FONT, "--size", str(SIZE), "--width", str(WIDTH),
                                   "--output", "ndjson", ndjson])
        row = f"{n:>9} {megabytes:>7.1f} {seconds:>13.2f} {n / seconds:>10.0f} {megabytes / seconds:>7.1f} {rss:>7.0f}"
        if n <= PANGO_MAX_ROWS:
            pango_seconds, _ = median_run([pango, FONT, str(SIZE), str(WIDTH)], text)
            row += f" {pango_seconds:>8.2f} {n / pango_seconds:>13.0f} {pango_seconds / seconds:>6.1f}x"
        else:
            row += f" {'(not run above ' + str(PANGO_MAX_ROWS) + ' rows)':>30}"
        print(row, flush=True)

    small = os.path.join(OUT, f"rows-{SIZES[0]}.txt")
    ours, theirs = line_counts_cellheight(small), line_counts_pango(pango, small)
    same = sum(a == b for a, b in zip(ours, theirs))
    print(f"\nline count agreement with Pango on {len(ours)} rows: {100 * same / len(ours):.2f}% "
          "(Pango does not hang trailing spaces or follow Chromium's break rules)")

    mid = os.path.join(OUT, f"rows-{SIZES[min(1, len(SIZES) - 1)]}.ndjson")
    one, _ = median_run([BIN, "--font", FONT, "--size", str(SIZE), "--width", "320", "--output", "ndjson", mid])
    four, _ = median_run([BIN, "--font", FONT, "--size", str(SIZE), "--width", "320,375,414,768", "--output", "ndjson", mid])
    print(f"4 widths cost {four / one:.2f}x one width ({four:.2f} s vs {one:.2f} s)")

    import workloads
    workloads.run(OUT, BIN, pango, floor_program, bare_program, median_run, timed,
                  f"median of {REPEAT} runs after a warm-up")

    ten = os.path.join(OUT, "rows-10.txt")
    with open(small, encoding="utf-8") as source, open(ten, "w", encoding="utf-8") as out:
        out.writelines(source.readline() for _ in range(10))
    runs = sorted(timed([BIN, "--font", FONT, "--size", str(SIZE), "--width", str(WIDTH), ten])[0] for _ in range(10))
    print(f"a 10-row file: {1000 * runs[len(runs) // 2]:.0f} ms wall time, including process start (median of 10)")


if __name__ == "__main__":
    main()
