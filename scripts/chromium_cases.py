#!/usr/bin/env python3
"""Makes new layout cases and asks the local Chromium for its answers (a development tool).

The shared oracle (fixtures/public.jsonl) is a sample; the rules must hold on other texts too.
This tool draws other real strings from the gettext catalogs installed on this machine
(/usr/share/locale/*/LC_MESSAGES/*.mo), gives each a font, size, width and line height like the
oracle's, lays them out in headless Chromium (Debian's `chromium`, the oracle's reference) with the
oracle's page model, and writes cases in the oracle's format, which
`python3 ../shared/tools/check_oracle.py BINARY CASES.jsonl` can score.

Usage: chromium_cases.py OUT.jsonl [--count N] [--seed S]
       chromium_cases.py OUT.jsonl --remeasure CASES.jsonl   (measure existing cases again, e.g. the
                                                             shared oracle's, to check this Chromium agrees)
"""
import argparse
import gettext
import glob
import html
import json
import os
import random
import subprocess
import tempfile

FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
]
LANGUAGES = {"ar": "ar", "de": "de", "el": "el", "en": "en_GB", "fr": "fr", "he": "he", "hi": "hi",
             "ja": "ja", "ko": "ko", "pl": "pl", "ru": "ru", "th": "th", "vi": "vi", "zh": "zh_CN"}

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
{faces}
div.c {{ white-space: pre-wrap; overflow-wrap: break-word; word-break: normal; tab-size: 8; padding: 0; margin: 0;
        border: 0; font-kerning: auto; font-style: normal; font-weight: normal; letter-spacing: normal;
        word-spacing: normal; text-indent: 0; text-transform: none; hyphens: manual; }}
</style></head><body>
{divs}
<script>
async function measure() {{
  await Promise.all([...document.fonts].map(f => f.load()));
  await document.fonts.ready;
  const out = [];
  for (const div of document.querySelectorAll("div.c")) {{
    const height = div.getBoundingClientRect().height;
    const text = div.firstChild ? div.firstChild.data : "";
    const mids = [];
    const range = document.createRange();
    for (let i = 0; i < text.length; i++) {{
      range.setStart(div.firstChild, i); range.setEnd(div.firstChild, i + 1);
      const rects = range.getClientRects();
      if (rects.length) {{ const r = rects[rects.length - 1]; mids.push([i, (r.top + r.bottom) / 2]); }}
    }}
    const lines = [];
    let last = null;
    for (const [i, mid] of mids) {{
      if (last === null || Math.abs(mid - last) > 1) {{ lines.push(i); last = mid; }}
    }}
    const slices = lines.map((s, k) => text.slice(s, k + 1 < lines.length ? lines[k + 1] : text.length));
    if (slices.length) slices[0] = text.slice(0, lines[0]) + slices[0];
    out.push({{id: div.id, height, lines: slices}});
  }}
  const pre = document.createElement("pre"); pre.id = "result"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
}}
measure();
</script></body></html>"""


def catalog_strings(language):
    strings = []
    for path in sorted(glob.glob(f"/usr/share/locale/{language}/LC_MESSAGES/*.mo")):
        try:
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except Exception:
            continue
        for key, value in catalog.items():
            if key and isinstance(value, str) and 1 <= len(value) <= 400 and "\r" not in value:
                strings.append(value)
    return sorted(set(strings))


def edge_variant(text, rng):
    """A constructed edge case made from a real string, like the oracle's `edge:` cases."""
    import unicodedata
    words = text.split(" ")
    kind = rng.choice(["nbsp", "shy", "zwsp", "tabs", "space-runs", "newlines", "trailing-spaces",
                       "leading-spaces", "url", "path", "nfd", "long-word", "hyphens"])
    if kind == "nbsp":
        return kind, "\u00a0".join(words)
    if kind == "shy":
        return kind, " ".join("\u00ad".join(w[i:i + 3] for i in range(0, len(w), 3)) for w in words)
    if kind == "zwsp":
        return kind, "\u200b".join(words)
    if kind == "tabs":
        return kind, "\t".join(words)
    if kind == "space-runs":
        return kind, "".join(w + " " * rng.randint(1, 6) for w in words).rstrip()
    if kind == "newlines":
        return kind, "\n".join(" ".join(words[i:i + 3]) for i in range(0, len(words), 3)) + rng.choice(["", "\n", "\n\n"])
    if kind == "trailing-spaces":
        return kind, text + " " * rng.randint(1, 40)
    if kind == "leading-spaces":
        return kind, " " * rng.randint(1, 40) + text
    if kind == "url":
        return kind, text + " https://example.org/" + "/".join(w.lower() for w in words[:4] if w.isascii() and w)
    if kind == "path":
        return kind, "/usr/share/" + "/".join(words[:5]) + ".txt"
    if kind == "nfd":
        return kind, unicodedata.normalize("NFD", text)
    if kind == "long-word":
        return kind, "".join(words)
    return kind, "-".join(words)


def make_cases(count, rng, edges=0.0):
    cases = []
    per_language = max(1, count // len(LANGUAGES))
    for lang, locale in LANGUAGES.items():
        pool = catalog_strings(locale)
        if not pool:
            continue
        for n, text in enumerate(rng.sample(pool, min(per_language, len(pool)))):
            tags = [f"lang:{lang}"]
            if rng.random() < edges:
                kind, text = edge_variant(text, rng)
                tags.append(f"edge:{kind}")
            size = rng.randint(10, 32)
            kind = rng.choice(["normal", "px", "mult"])
            line_height = {"normal": "normal", "px": f"{rng.randint(int(size * 1.1), int(size * 2))}px",
                           "mult": rng.choice(["1.2", "1.4", "1.5", "1.75", "2"])}[kind]
            cases.append({"id": f"local-{lang}-{n:04d}", "text": text, "font": rng.choice(FONTS), "size": size,
                          "width": rng.randint(40, 600), "lineHeight": line_height, "tags": tags})
    return cases


def measure(cases):
    fonts = sorted({c["font"] for c in cases})
    family = {f: f"F{i}" for i, f in enumerate(fonts)}
    faces = "\n".join(f'@font-face {{ font-family: "{family[f]}"; src: url("file://{f}"); }}' for f in fonts)
    divs = "\n".join(
        f'<div class="c" id="{c["id"]}" style="font-family: \'{family[c["font"]]}\'; font-size: {c["size"]}px; '
        f'width: {c["width"]}px; line-height: {c["lineHeight"]};"></div>' for c in cases)
    # Texts go in through the DOM (no HTML parsing of the text itself), as the oracle does.
    setter = "<script>const T = " + json.dumps({c["id"]: c["text"] for c in cases}) + \
             ";for (const [id, t] of Object.entries(T)) document.getElementById(id).appendChild(document.createTextNode(t));</script>"
    page = PAGE.format(faces=faces, divs=divs + "\n" + setter)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "page.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(page)
        dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                              "--force-device-scale-factor=1", "--lang=en-US", "--font-render-hinting=none",
                              "--hide-scrollbars", "--window-size=1280,1024", f"--user-data-dir={tmp}/profile",
                              "--virtual-time-budget=60000", "--dump-dom", "file://" + path],
                             capture_output=True, text=True, timeout=600).stdout
    start = dom.index('<pre id="result">') + len('<pre id="result">')
    return {r["id"]: r for r in json.loads(html.unescape(dom[start:dom.index("</pre>", start)]))}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--remeasure", help="cases to measure again instead of new ones")
    parser.add_argument("--edges", type=float, default=0.0, help="share of cases turned into edge cases (0..1)")
    args = parser.parse_args()
    if args.remeasure:
        with open(args.remeasure, encoding="utf-8") as f:
            cases = [json.loads(line) for line in f if line.strip()]
    else:
        cases = make_cases(args.count, random.Random(args.seed), args.edges)
    results = {}
    for i in range(0, len(cases), 500):
        results.update(measure(cases[i:i + 500]))
    with open(args.out, "w", encoding="utf-8") as f:
        for c in cases:
            r = results[c["id"]]
            c["expected"] = {"lineCount": len(r["lines"]), "height": r["height"], "lines": r["lines"]}
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print(f"{len(cases)} cases written to {args.out}")


if __name__ == "__main__":
    main()
