#!/usr/bin/env python3
"""Makes new layout cases and asks the local Chromium for its answers (a development tool).

The shared oracle (fixtures/public.jsonl) is a sample; the rules must hold on other texts too.
This tool draws other real strings from the gettext catalogs installed on this machine
(/usr/share/locale/*/LC_MESSAGES/*.mo), gives each a font, size, width and line height like the
oracle's, lays them out in headless Chromium (Debian's `chromium`, the oracle's reference) with the
oracle's page model, and writes cases in the oracle's format, which
`python3 ../shared/tools/check_oracle.py BINARY CASES.jsonl` can score.

Usage: chromium_cases.py OUT.jsonl [--count N] [--seed S]
       chromium_cases.py OUT.jsonl --issue16 [--count N] [--seed S]
                                   (cases of the kinds issue 16 lists, in the format of the oracle's
                                   public-gen.jsonl: emoji, script fonts, bold/italic/mono files, fonts
                                   named by family and generic family, fractional sizes and widths,
                                   `white-space: normal`, narrow boxes with large sizes)
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


NOTO = "/usr/share/fonts/truetype/noto/"
DEJAVU = "/usr/share/fonts/truetype/dejavu/"
LIBERATION = "/usr/share/fonts/truetype/liberation2/"
# Files the issue-16 cases use: faces of other weights, styles and widths, and script fonts with
# the languages whose texts they get.
STYLE_FONTS = [DEJAVU + f for f in ("DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSansCondensed.ttf",
                                    "DejaVuSansMono.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSerif-Bold.ttf")] + \
              [LIBERATION + f for f in ("LiberationSans-Bold.ttf", "LiberationSans-Italic.ttf", "LiberationSerif-Bold.ttf",
                                        "LiberationMono-Regular.ttf", "LiberationMono-Italic.ttf")] + \
              [NOTO + f for f in ("NotoSerif-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                                  "NotoSansDisplay-Regular.ttf")]
SCRIPT_FONTS = {"ta": "NotoSansTamil-Regular.ttf", "bn": "NotoSansBengali-Regular.ttf", "km": "NotoSansKhmer-Regular.ttf",
                "hy": "NotoSansArmenian-Regular.ttf", "ka": "NotoSansGeorgian-Regular.ttf", "am": "NotoSansEthiopic-Regular.ttf",
                "si": "NotoSansSinhala-Regular.ttf", "my": "NotoSansMyanmar-Regular.ttf", "fa": "NotoNaskhArabic-Regular.ttf"}
FAMILIES = ["DejaVu Sans Condensed", "DejaVu Serif Condensed", "DejaVu Sans Light", "Liberation Sans", "Liberation Mono",
            "Noto Sans", "Noto Serif", "Noto Sans CJK JP", "Noto Sans CJK KR", "DejaVu Sans Mono",
            "Arial", "Helvetica", "Times New Roman", "Courier New"]
GENERIC = ["sans-serif", "serif", "monospace"]
# Emoji and symbols, with and without variation selectors (no colour emoji font is installed).
EMOJI = ["\u2615", "\u270c\ufe0f", "\u270c", "\u26a0\ufe0f", "\u26a0", "\u2605", "\u2714", "\u2713", "\u2764\ufe0f",
         "\u2764", "\u2600", "\u2600\ufe0f", "\u263a", "\u23f0", "\u2614", "\u26a1", "\u267b\ufe0f", "\u2615\ufe0e",
         "\U0001f600", "\U0001f44d", "\U0001f44d\U0001f3fd", "\U0001f4e6", "\U0001f389", "\U0001f525", "\U0001f914",
         "\U0001f680", "\U0001f469\u200d\U0001f4bb", "\U0001f1e9\U0001f1ea", "1\ufe0f\u20e3", "\u00a9\ufe0f", "\u2b50"]


def fc_match(family):
    out = subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True, text=True).stdout
    return out.strip()


def issue16_cases(count, rng):
    """Cases of the kinds issue 16 lists; tags name the kind (`kind:...`) and the language."""
    pools = {}

    def text_in(lang):
        if lang not in pools:
            pools[lang] = [t for t in catalog_strings(lang) if 8 <= len(t) <= 300]
        return rng.choice(pools[lang])

    def size_and_width(text_width_hint=None):
        size = round(rng.uniform(9, 40), rng.choice([0, 2, 3])) if rng.random() < 0.5 else rng.randint(10, 32)
        width = round(rng.uniform(60, 600), rng.choice([0, 1, 2])) if rng.random() < 0.45 else rng.randint(60, 600)
        return size, width

    def line_height(size):
        kind = rng.choice(["normal", "normal", "px", "pxfrac", "mult"])
        if kind == "normal":
            return "normal"
        if kind == "px":
            return f"{rng.randint(int(size * 1.1) + 1, int(size * 2) + 1)}px"
        if kind == "pxfrac":
            return f"{round(rng.uniform(size * 1.1, size * 2), 2)}px"
        return rng.choice(["1", "1.15", "1.2", "1.33", "1.45", "1.5", "2"])

    def emoji_text():
        words = text_in(rng.choice(["en_GB", "de", "fr", "es"])).split(" ")
        for _ in range(rng.randint(2, 5)):
            position = rng.randint(0, len(words))
            words.insert(position, "".join(rng.choice(EMOJI) for _ in range(rng.randint(1, 3))))
        return " ".join(words)

    def ws_text():
        words = text_in(rng.choice(["en_GB", "de", "ru", "es", "ja"])).split(" ")
        glue = ["  ", "   ", "\t", "\n", " \n ", "\u00a0 "]
        return rng.choice(["", "  ", "\n"]) + "".join(w + (rng.choice(glue) if rng.random() < 0.4 else " ")
                                                      for w in words).rstrip(" ") + rng.choice(["", " ", "\n"])

    kinds = (["emoji"] * 25 + ["script"] * 20 + ["style"] * 15 + ["family"] * 15 + ["generic"] * 10 +
             ["ws-normal"] * 10 + ["narrow"] * 5)
    cases = []
    for n in range(count):
        kind = rng.choice(kinds)
        size, width = size_and_width()
        case = {"id": f"i16-{kind}-{n:03d}", "size": size, "width": width, "lineHeight": line_height(size),
                "tags": [f"kind:{kind}"]}
        if kind == "emoji":
            case["text"] = emoji_text()
            case["lineHeight"] = "normal" if rng.random() < 0.7 else case["lineHeight"]
            pick = rng.random()
            if pick < 0.6:
                case["font"] = rng.choice(STYLE_FONTS + FONTS[:5])
            else:
                case["fontFamily"] = rng.choice(FAMILIES[:7] + GENERIC)
        elif kind == "script":
            lang = rng.choice(sorted(SCRIPT_FONTS))
            case["text"] = text_in(lang)
            case["tags"].append(f"lang:{lang}")
            case["font"] = NOTO + SCRIPT_FONTS[lang] if rng.random() < 0.6 else rng.choice(FONTS[:5] + STYLE_FONTS)
        elif kind == "style":
            lang = rng.choice(["en_GB", "de", "ru", "el", "vi", "pl", "cs", "tr", "uk"])
            case["text"] = text_in(lang)
            case["tags"].append(f"lang:{lang}")
            case["font"] = rng.choice(STYLE_FONTS)
        elif kind in ("family", "generic"):
            lang = rng.choice(["en_GB", "de", "ru", "ja", "ko", "zh_CN", "ar", "he", "hi", "th"])
            case["text"] = text_in(lang)
            case["tags"].append(f"lang:{lang}")
            case["fontFamily"] = rng.choice(FAMILIES if kind == "family" else GENERIC)
        elif kind == "ws-normal":
            case["text"] = ws_text()
            case["whiteSpace"] = "normal"
            case["font"] = rng.choice(FONTS[:5] + STYLE_FONTS) if rng.random() < 0.6 else None
            if case["font"] is None:
                del case["font"]
                case["fontFamily"] = rng.choice(FAMILIES[:7] + GENERIC)
        else:  # narrow: a box narrower than a letter or two
            lang = rng.choice(["en_GB", "de", "ja", "ru"])
            case["text"] = text_in(lang)[:60]
            case["tags"].append(f"lang:{lang}")
            case["size"] = round(rng.uniform(34, 48), rng.choice([0, 2]))
            case["width"] = rng.randint(18, 60)
            case["font"] = rng.choice(FONTS[:5] + STYLE_FONTS)
            case["whiteSpace"] = rng.choice(["normal", "pre-wrap"])
            if case["whiteSpace"] == "pre-wrap":
                del case["whiteSpace"]
        if "fontFamily" in case:
            case["font"] = fc_match(case["fontFamily"])
        cases.append(case)
    return cases


def measure(cases):
    fonts = sorted({c["font"] for c in cases if "fontFamily" not in c})
    family = {f: f"F{i}" for i, f in enumerate(fonts)}
    faces = "\n".join(f'@font-face {{ font-family: "{family[f]}"; src: url("file://{f}"); }}' for f in fonts)

    def css_family(c):
        if "fontFamily" not in c:
            return f"'{family[c['font']]}'"
        return c["fontFamily"] if c["fontFamily"] in ("sans-serif", "serif", "monospace") else f"'{c['fontFamily']}'"

    divs = "\n".join(
        f'<div class="c" id="{c["id"]}" style="font-family: {css_family(c)}; font-size: {c["size"]}px; '
        f'width: {c["width"]}px; line-height: {c["lineHeight"]};'
        f'{" white-space: " + c["whiteSpace"] + ";" if "whiteSpace" in c else ""}"></div>' for c in cases)
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
    parser.add_argument("--issue16", action="store_true", help="cases of the kinds issue 16 lists")
    args = parser.parse_args()
    if args.remeasure:
        with open(args.remeasure, encoding="utf-8") as f:
            cases = [json.loads(line) for line in f if line.strip()]
    elif args.issue16:
        cases = issue16_cases(args.count, random.Random(args.seed))
    else:
        cases = make_cases(args.count, random.Random(args.seed), args.edges)
    measure_and_write(cases, args.out)


def measure_and_write(cases, out):
    """Measures the cases in Chromium, 500 to a page, and writes them with their answers to `out`."""
    results = {}
    for i in range(0, len(cases), 500):
        results.update(measure(cases[i:i + 500]))
    with open(out, "w", encoding="utf-8") as f:
        for c in cases:
            r = results[c["id"]]
            c["expected"] = {"lineCount": len(r["lines"]), "height": r["height"], "lines": r["lines"]}
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print(f"{len(cases)} cases written to {out}")


if __name__ == "__main__":
    main()
