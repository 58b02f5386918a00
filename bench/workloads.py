"""The workloads of issue 14 for `make bench`, each timed side by side with Pango in one run.

Corpora (written to .build/bench, never committed):
- prose: English paragraphs of Debian's copyright files and package descriptions (make_corpus.py),
  every other row two paragraphs joined by a line break, as a JSON array, as NDJSON (rows with ids)
  and NUL-separated for Pango (which lays the line breaks out as hard breaks);
- multilingual: every gettext catalog of the machine (bench/multilingual_corpus.py: every
  language with at least 50 messages, drawn uniformly, rows of 1 to 20 consecutive messages),
  200,000 rows; cellheight uses Chromium's fallback chain, Pango the system fontconfig's fallback.
  Its rows are also timed by script group, so that the figure says which scripts cost what.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus  # noqa: E402
import multilingual_corpus  # noqa: E402
from multilingual_corpus import write as write_corpus  # noqa: E402

def prose_rows(count):
    """`count` rows of prose, every other one two paragraphs with a line break between them."""
    pool = make_corpus.pool()
    rows, i = [], 0
    while len(rows) < count:
        if len(rows) % 2:
            rows.append(pool[i % len(pool)] + "\n" + pool[(i + 1) % len(pool)])
            i += 2
        else:
            rows.append(pool[i % len(pool)])
            i += 1
    return rows


def locale_fonts(out, binary, font, family, size, width, rows, median_run):
    """A CI gate over a catalog whose rules map fonts by locale (none of which is the catalog's),
    against the same rules without the map: the map must cost little (issue 26: within 1.3x)."""
    catalog = os.path.join(out, "locale-fonts.po")
    with open(catalog, "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        for n, text in enumerate(rows[:20_000]):
            escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            f.write(f'msgid "m{n}"\nmsgstr "{escaped}"\n\n')
    base = f"rules:\n  - keys: \"*\"\n    font: {family}\n    size: {size}\n    width: {width}\n    maxLines: 8\n"
    seconds = {}
    for name, extra in [("plain", ""), ("fonts", "    fonts: {ja: Noto Sans CJK JP, zh: Noto Sans CJK SC, ko: Noto Sans CJK KR}\n")]:
        path = os.path.join(out, f"rules-{name}.yaml")
        with open(path, "w") as f:
            f.write(base + extra)
        seconds[name], _ = median_run([binary, "--quiet", "--output", "ndjson", "--rules", path, catalog])
    ratio = seconds["fonts"] / seconds["plain"]
    print(f"{'rules with fonts by locale (20k catalog rows)':<46} {seconds['fonts']:>12.3f} s = {ratio:.2f}x the same rules "
          f"without (target within 1.3x: {'yes' if ratio <= 1.3 else 'no'})")


def by_script(out, common, rows, prose_cost, timed):
    """Seconds and cost per byte (against prose's) of the multilingual rows by script group, one
    worker each (user CPU is what they cost; the groups are timed one after the other)."""
    groups = {}
    for text in rows:
        groups.setdefault(script_group(text), []).append(text)
    print(f"\nmultilingual rows by script group, --jobs 1 (cost per byte against prose's in this run):")
    for name in ["ascii", "latin", "alphabet", "cjk", "complex"]:
        texts = groups.get(name, [])
        if not texts:
            continue
        path = os.path.join(out, f"multilingual-{name}.ndjson")
        with open(path, "w", encoding="utf-8") as f:
            for n, text in enumerate(texts):
                f.write(json.dumps({"id": f"r{n}", "text": text}, ensure_ascii=False) + "\n")
        seconds = min(timed(common + ["--jobs", "1", "--output", "ndjson", path])[0] for _ in range(2))
        size = os.path.getsize(path)
        print(f"  {name:<10} {len(texts):>7} rows {size / 1e6:>6.1f} MB {seconds:>7.2f} s  "
              f"{seconds / size / prose_cost:>6.1f}x prose per byte (at 1 worker against prose at the default)")


def floor(binary, floor_program, font, locales, rows, targets, timed):
    """Prints what no exact engine can go below on the multilingual rows: HarfBuzz shaping each
    distinct word once in the font that draws it (bench/shaping_floor.c), and process start; and
    each target's time (seconds by name) against it."""
    fonts = [font]
    for locale in locales:
        found = subprocess.run(["fc-match", "-f", "%{file}", ":lang=" + locale.split("@")[0].replace("_", "-").lower()],
                               capture_output=True, text=True).stdout.strip()
        if found and found not in fonts:
            fonts.append(found)
    runs = []
    for _ in range(3):
        with open(rows, "rb") as stdin:
            runs.append(subprocess.run([floor_program] + fonts, stdin=stdin, capture_output=True, text=True,
                                       check=True).stdout)
    report = sorted(runs, key=lambda r: float(r.split("hb_shape ")[1].split()[0]))[1]
    # Only the words of fallback fonts other than CJK's count: a width table could, in principle,
    # serve the primary font's words (Latin, Cyrillic, Greek, ...) and ideographs without shaping;
    # Indic scripts, Thai and Khmer shape in context.
    shaping_ms = sum(float(line.split()[-2]) for line in report.splitlines()[1:]
                     if line.split()[0] != os.path.basename(font) and "CJK" not in line.split()[0])
    fontconfig_ms = float(report.split("FcInit ")[1].split()[0])
    start_ms = 1000 * sorted(timed([binary, "--version"])[0] for _ in range(9))[4]
    floor_ms = shaping_ms / 2 + start_ms + fontconfig_ms
    print(f"\nfloor under the multilingual rows: HarfBuzz alone shaping each distinct word once "
          f"(bench/shaping_floor.c, median of 3):\n  " + report.strip().replace("\n", "\n  "))
    print(f"  fonts other than {os.path.basename(font)} and CJK: {shaping_ms:.1f} ms on one core, "
          f"{shaping_ms / 2:.1f} ms on 2 at best, + process start "
          f"(`cellheight --version`) {start_ms:.1f} ms + fontconfig's start {fontconfig_ms:.1f} ms = a floor of "
          f"{floor_ms:.1f} ms")
    for name, seconds in targets.items():
        print(f"  {name}: {1000 * seconds:.1f} ms, {'below' if 1000 * seconds < floor_ms else 'above'} the floor")


def script_group(text):
    """The script group of a row, for the breakdown: what the table-driven lane could take
    (ascii, latin, alphabets in the primary font, cjk) and what needs shaping in context (complex)."""
    groups = set()
    for c in text:
        o = ord(c)
        if o < 0x80:
            continue
        if o < 0x370 or 0x1E00 <= o < 0x2070:
            groups.add("latin")
        elif o < 0x590 or 0x10A0 <= o < 0x1100:
            groups.add("alphabet")  # Greek, Cyrillic, Armenian, Georgian
        elif 0x2E80 <= o < 0xA000 or 0xAC00 <= o < 0xD7B0 or 0xFF00 <= o < 0xFFF0:
            groups.add("cjk")
        elif 0x2070 <= o < 0x2E80:
            groups.add("latin")  # punctuation and symbols
        else:
            return "complex"  # Hebrew, Arabic, Indic, Thai, Khmer, Myanmar, Tibetan, Ethiopic, ...
    if not groups:
        return "ascii"
    if groups == {"latin"}:
        return "latin"
    if groups <= {"latin", "alphabet"}:
        return "alphabet"
    if groups <= {"latin", "cjk"}:
        return "cjk"
    return "complex"


def bare_loop(bare_program, font, size, width, corpora, results, median_run):
    """Prints the time of a bare C loop over the same rows (bench/bare_loop.c: each code point's
    advance in the primary font, lines wrapped at spaces, one thread; wrong for real text, the
    work's bare bones) and cellheight's time as a multiple of it."""
    print(f"\nbare C loop over the same rows (bench/bare_loop.c: per-code-point advances in {os.path.basename(font)}, "
          "wrapped at spaces, one thread; wrong for real text):")
    for name, nul, keys in corpora:
        seconds, _ = median_run([bare_program, font, str(size), str(width)], nul)
        multiples = ", ".join(f"{key} {results[key] / seconds:.1f}x" for key in keys)
        print(f"  {name:<14} {seconds:>7.3f} s; cellheight takes {multiples} its time")


def run(out, binary, pango, floor_program, bare_program, median_run, timed, repeat_note):
    quick = os.environ.get("BENCH_QUICK") == "1"
    prose_count, multi_count = (10_000, 20_000) if quick else (100_000, 200_000)
    font, family, size, width = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVu Sans", 14, 320
    prose = write_corpus(out, f"prose-{prose_count}", prose_rows(prose_count))
    multi_rows, languages = multilingual_corpus.rows(multi_count)
    multi = write_corpus(out, f"multilingual-{multi_count}", multi_rows)
    rules = os.path.join(out, "rules.yaml")
    with open(rules, "w") as f:
        f.write("rules:\n  - keys: \"*.title\"\n    maxLines: 8\n    maxHeight: 200\n")
    template = os.path.join(out, "template.json")
    with open(template, "w") as f:
        json.dump({"width": width, "padding": 10, "labels": [{"field": "text", "font": font, "size": size,
                                                               "minHeight": 44}]}, f)

    common = [binary, "--font", font, "--size", str(size), "--width", str(width), "--quiet"]
    multi_bytes = sum(len(t.encode()) for t in multi_rows)
    print(f"\nworkloads of issues 14 and 26: DejaVu Sans {size} px at {width} px, {repeat_note}")
    print(f"prose: {prose_count} rows ({os.path.getsize(prose['nul']) / prose_count:.0f} bytes a row, half with a line "
          f"break); multilingual: {len(multi_rows)} rows from {len(languages)} languages ({multi_bytes / 1e6:.1f} MB, "
          f"{sum(map(len, multi_rows)) / len(multi_rows):.0f} characters a row)")
    print("Pango: the same rows, one run each, rows NUL-separated; prose in the font file alone, multilingual with "
          "the system fontconfig's fallback (cellheight: Chromium's)\n")
    pango_prose, pango_prose_rss = median_run([pango, font, str(size), str(width), "-0"], prose["nul"])
    pango_multi, pango_multi_rss = median_run([pango, "family:" + family, str(size), str(width), "-0"], multi["nul"])

    results = {}
    header = f"{'workload':<46} {'cellheight s':>12} {'RSS MB':>7} {'Pango s':>8} {'ratio':>7}  target   met"
    print(header)
    print("-" * len(header))

    def line(name, key, argv, pango_seconds, target):
        seconds, rss = median_run(argv)
        results[key] = seconds
        ratio = pango_seconds / seconds
        print(f"{name:<46} {seconds:>12.3f} {rss:>7.0f} {pango_seconds:>8.3f} {ratio:>6.1f}x  {target:>4}x   "
              f"{'yes' if ratio >= target else 'no'}", flush=True)

    line("prose, JSON array in, --output json", "prose-json", common + ["--output", "json", prose["json"]], pango_prose, 50)
    line("prose, JSON array in, table", "prose-table", common + [prose["json"]], pango_prose, 50)
    line("prose, NDJSON in, --output ndjson", "prose-ndjson", common + ["--output", "ndjson", prose["ndjson"]],
         pango_prose, 50)
    line("multilingual, NDJSON in, --output ndjson", "multi-ndjson",
         common + ["--output", "ndjson", multi["ndjson"]], pango_multi, 20)
    line("multilingual, JSON array in, --output json", "multi-json", common + ["--output", "json", multi["json"]],
         pango_multi, 20)
    print(f"{'Pango alone (peak RSS)':<46} {'':>12} {max(pango_prose_rss, pango_multi_rss):>7.0f}")
    bare_loop(bare_program, font, size, width,
              [("prose", prose["nul"], ["prose-ndjson", "prose-json"]),
               ("multilingual", multi["nul"], ["multi-ndjson", "multi-json"])], results, median_run)

    print()
    gate, _ = median_run(common + ["--output", "ndjson", "--rules", rules, prose["ndjson"]])
    cell, _ = median_run([binary, "--template", template, "--quiet", "--output", "ndjson", prose["ndjson"]])
    plain = results["prose-ndjson"]
    for name, seconds in [("CI gate (--rules with budgets)", gate), ("template (one label, padding, min height)", cell)]:
        ratio = seconds / plain
        print(f"{name:<46} {seconds:>12.3f} s = {ratio:.2f}x plain measurement (target within 1.5x: "
              f"{'yes' if ratio <= 1.5 else 'no'})")
    locale_fonts(out, binary, font, family, size, width, multi_rows, median_run)
    per_byte = (results["multi-ndjson"] / os.path.getsize(multi["ndjson"])) / (plain / os.path.getsize(prose["ndjson"]))
    print(f"{'cost per input byte, multilingual / prose':<46} {per_byte:>12.2f}x (target within 4x: "
          f"{'yes' if per_byte <= 4 else 'no'})")
    by_script(out, common, multi_rows, plain / os.path.getsize(prose["ndjson"]), timed)
    floor(binary, floor_program, font, languages, multi["nul"], {
        "20x Pango": pango_multi / 20,
        "4x the cost per byte of prose in this run": 4 * plain * os.path.getsize(multi["ndjson"]) /
                                                      os.path.getsize(prose["ndjson"])}, timed)

    # One 20 MB row: peak RSS against the row's size, of plain text (the pairwise lane), of text
    # with an em dash and a Cyrillic word (shaped), and of Chinese messages (a break opportunity at
    # every ideograph, fallback fonts), written as NDJSON and as JSON.
    chinese = " ".join(text.replace("\n", " ") for text in multi_rows[:20_000]
                       if sum("\u4e00" <= c <= "\u9fff" for c in text) * 2 > len(text)) + " "
    for label, words in [("", "lorem ipsum dolor sit amet consectetur adipiscing elit "),
                         (" beyond ASCII", "lorem ipsum dolor sit amet — consectetur café adipiscing привет elit "),
                         (" of Chinese", chinese)]:
        row = os.path.join(out, "row-20MB" + label.replace(" ", "-") + ".txt")
        if not os.path.exists(row):
            encoded = (words * (20_000_000 // len(words.encode()) + 1)).encode()[:20_000_000]
            with open(row, "w") as f:
                f.write(encoded.decode("utf-8", "ignore") + "\n")
        for output in ["ndjson", "json"]:
            seconds, rss = timed(common + ["--output", output, row])
            print(f"{'one 20 MB row' + label + ', ' + output:<46} {seconds:>12.3f} s, peak RSS {rss:.0f} MB = "
                  f"{rss / 20:.1f}x the row (target under 10x: {'yes' if rss / 20 < 10 else 'no'})")
