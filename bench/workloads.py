"""The workloads of issue 14 for `make bench`, each timed side by side with Pango in one run.

Corpora (written to .build/bench, never committed):
- prose: English paragraphs of Debian's copyright files and package descriptions (make_corpus.py),
  every other row two paragraphs joined by a line break, as a JSON array, as NDJSON (rows with ids)
  and NUL-separated for Pango (which lays the line breaks out as hard breaks);
- multilingual: translated messages from the system's gettext catalogs
  (/usr/share/locale/*/LC_MESSAGES/*.mo, read here with the .mo format's own layout), taken round
  robin from locales of many scripts (CJK, Arabic, Thai, Hebrew, Devanagari, Bengali, Tamil, Khmer,
  Georgian, Ethiopic, Cyrillic, Greek, ...); cellheight uses Chromium's fallback chain, Pango the
  system fontconfig's fallback.
"""
import glob
import json
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus  # noqa: E402

LOCALES = ["ja", "zh_CN", "zh_TW", "ko", "ar", "fa", "he", "th", "hi", "bn", "ta", "km", "ka", "am", "ru", "uk",
           "el", "de", "fr", "pl", "vi", "tr"]


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


def mo_messages(path):
    """The translated strings of a .mo file (UTF-8 catalogs only), plural forms split."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 28:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if order is None:
        return []
    _, count, _, translations = struct.unpack(order + "4I", data[4:20])
    texts = []
    for n in range(count):
        length, offset = struct.unpack(order + "2I", data[translations + 8 * n:translations + 8 * n + 8])
        raw = data[offset:offset + length]
        if n == 0 and b"charset=" in raw and b"charset=UTF-8" not in raw.replace(b"utf-8", b"UTF-8"):
            return []
        if n == 0:
            continue  # the header
        for part in raw.split(b"\0"):
            try:
                text = part.decode("utf-8").strip()
            except UnicodeDecodeError:
                continue
            if 3 <= len(text) <= 400:
                texts.append(text)
    return texts


def multilingual_rows(count):
    by_locale = {}
    for locale in LOCALES:
        texts = []
        for path in sorted(glob.glob(f"/usr/share/locale/{locale}/LC_MESSAGES/*.mo")):
            texts.extend(mo_messages(path))
            if len(texts) > count:
                break
        if texts:
            by_locale[locale] = texts
    rows, i = [], 0
    while len(rows) < count and by_locale:
        for texts in by_locale.values():
            if i < len(texts) and len(rows) < count:
                rows.append(texts[i])
        i += 1
        if all(i >= len(t) for t in by_locale.values()):
            i = 0
    return rows, sorted(by_locale)


def write_corpus(out, name, rows):
    """Writes NAME.json, NAME.ndjson (with ids) and NAME.nul; returns their paths."""
    paths = {kind: os.path.join(out, f"{name}.{kind}") for kind in ("json", "ndjson", "nul")}
    with open(paths["json"], "w", encoding="utf-8") as f:
        json.dump(rows, f, ensure_ascii=False)
    with open(paths["ndjson"], "w", encoding="utf-8") as f:
        for n, text in enumerate(rows):
            f.write(json.dumps({"id": f"r{n}.title", "text": text}, ensure_ascii=False) + "\n")
    with open(paths["nul"], "w", encoding="utf-8") as f:
        f.write("\0".join(rows) + "\0")
    return paths


def floor(binary, floor_program, font, locales, rows, targets, timed):
    """Prints what no exact engine can go below on the multilingual rows: HarfBuzz shaping each
    distinct word once in the font that draws it (bench/shaping_floor.c), and process start; and
    each target's time (seconds by name) against it."""
    fonts = [font]
    for locale in locales:
        found = subprocess.run(["fc-match", "-f", "%{file}", ":lang=" + locale.replace("_", "-").lower()],
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


def run(out, binary, pango, floor_program, median_run, timed, repeat_note):
    quick = os.environ.get("BENCH_QUICK") == "1"
    prose_count, multi_count = (10_000, 2_000) if quick else (100_000, 10_000)
    font, family, size, width = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVu Sans", 14, 320
    prose = write_corpus(out, f"prose-{prose_count}", prose_rows(prose_count))
    multi_rows, locales = multilingual_rows(multi_count)
    multi = write_corpus(out, f"multilingual-{multi_count}", multi_rows)
    rules = os.path.join(out, "rules.yaml")
    with open(rules, "w") as f:
        f.write("rules:\n  - keys: \"*.title\"\n    maxLines: 8\n    maxHeight: 200\n")
    template = os.path.join(out, "template.json")
    with open(template, "w") as f:
        json.dump({"width": width, "padding": 10, "labels": [{"field": "text", "font": font, "size": size,
                                                               "minHeight": 44}]}, f)

    common = [binary, "--font", font, "--size", str(size), "--width", str(width), "--quiet"]
    print(f"\nworkloads of issue 14: DejaVu Sans {size} px at {width} px, {repeat_note}")
    print(f"prose: {prose_count} rows ({os.path.getsize(prose['nul']) / prose_count:.0f} bytes a row, half with a line "
          f"break); multilingual: {len(multi_rows)} rows from {len(locales)} locales ({', '.join(locales)})")
    print("Pango: the same rows, one run each, rows NUL-separated; prose in the font file alone, multilingual with "
          "the system fontconfig's fallback (cellheight: Chromium's)\n")
    pango_prose, pango_prose_rss = median_run([pango, font, str(size), str(width), "-0"], prose["nul"])
    pango_multi, pango_multi_rss = median_run([pango, "family:" + family, str(size), str(width), "-0"], multi["nul"])

    results = {}
    header = f"{'workload':<46} {'cellheight s':>12} {'RSS MB':>7} {'Pango s':>8} {'ratio':>7}  target   met"
    print(header)
    print("-" * len(header))

    def line(name, key, argv, pango_seconds, target=50):
        seconds, rss = median_run(argv)
        results[key] = seconds
        ratio = pango_seconds / seconds
        print(f"{name:<46} {seconds:>12.3f} {rss:>7.0f} {pango_seconds:>8.3f} {ratio:>6.1f}x  {target:>4}x   "
              f"{'yes' if ratio >= target else 'no'}", flush=True)

    line("prose, JSON array in, --output json", "prose-json", common + ["--output", "json", prose["json"]], pango_prose)
    line("prose, JSON array in, table", "prose-table", common + [prose["json"]], pango_prose)
    line("prose, NDJSON in, --output ndjson", "prose-ndjson", common + ["--output", "ndjson", prose["ndjson"]],
         pango_prose)
    line("multilingual, NDJSON in, --output ndjson", "multi-ndjson",
         common + ["--output", "ndjson", multi["ndjson"]], pango_multi)
    line("multilingual, JSON array in, --output json", "multi-json", common + ["--output", "json", multi["json"]],
         pango_multi)
    print(f"{'Pango alone (peak RSS)':<46} {'':>12} {max(pango_prose_rss, pango_multi_rss):>7.0f}")

    print()
    gate, _ = median_run(common + ["--output", "ndjson", "--rules", rules, prose["ndjson"]])
    cell, _ = median_run([binary, "--template", template, "--quiet", "--output", "ndjson", prose["ndjson"]])
    plain = results["prose-ndjson"]
    for name, seconds in [("CI gate (--rules with budgets)", gate), ("template (one label, padding, min height)", cell)]:
        ratio = seconds / plain
        print(f"{name:<46} {seconds:>12.3f} s = {ratio:.2f}x plain measurement (target within 1.5x: "
              f"{'yes' if ratio <= 1.5 else 'no'})")
    per_byte = (results["multi-ndjson"] / os.path.getsize(multi["ndjson"])) / (plain / os.path.getsize(prose["ndjson"]))
    print(f"{'cost per input byte, multilingual / prose':<46} {per_byte:>12.2f}x (target within 2x: "
          f"{'yes' if per_byte <= 2 else 'no'})")
    floor(binary, floor_program, font, locales, multi["nul"], {
        "50x Pango": pango_multi / 50,
        "2x the cost per byte of prose in this run": 2 * plain * os.path.getsize(multi["ndjson"]) /
                                                      os.path.getsize(prose["ndjson"])}, timed)

    # One 20 MB row: peak RSS against the row's size, of plain text (the pairwise lane), of text
    # with an em dash and a Cyrillic word (shaped), and of Chinese messages (a break opportunity at
    # every ideograph, fallback fonts), written as NDJSON and as JSON.
    chinese = " ".join(text.replace("\n", " ") for text in multilingual_rows(2_000)[0]
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
