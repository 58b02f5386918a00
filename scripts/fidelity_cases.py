#!/usr/bin/env python3
"""Writes fixtures/oracle-fidelity.jsonl: hand-made cases for issue 32's causes, with Chromium's answers.

Each case is one of the oracle's <div>s (standards mode, DPR 1, the model of ../shared/oracle/README.md,
measured by scripts/chromium_cases.py's page), made by hand for one rule Chromium follows that
cellheight once did not; tag `cause:N` names the issue's item. The answers come from the local
Chromium (Debian's chromium 156, the oracle's version), never from cellheight: run

    python3 scripts/fidelity_cases.py [OUT]      (default fixtures/oracle-fidelity.jsonl)

and review the diff by hand before committing it.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium_cases import measure_and_write  # noqa: E402

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
LIBERATION_SERIF = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"
LIBERATION_SANS = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"
NOTO = "/usr/share/fonts/truetype/noto/"
NOTO_SANS_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
NOTO_SERIF_CJK = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"


def case(cause, name, text, font, size, width, line_height="normal", **extra):
    return dict({"id": f"f{cause}-{name}", "text": text, "font": font, "size": size, "width": width,
                 "lineHeight": line_height, "tags": [f"cause:{cause}"]}, **extra)


def cases():
    out = []
    # 8: U+3000 in a font without it (Liberation Mono) falls back (Blink counts HarfBuzz's space glyph
    # in its place as missing), and the line takes Noto Sans CJK's taller `normal` line.
    mono = "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf"
    for name, text, white_space in [("a-ideographic-spaces", "a\u3000\u3000b c", "normal"),
                                    ("three-ideographic-spaces", "ab\u3000\u3000\u3000cd", "normal"),
                                    ("ideographic-space-space", "ab\u3000 cd", "normal"),
                                    ("space-ideographic-space", "ab \u3000cd", None),
                                    ("words", "Fast\u3000Integer\u3000Forward", None)]:
        extra = {"whiteSpace": white_space} if white_space else {}
        out.append(case(8, name, text, mono, 11, 20 if name != "words" else 59, **extra))
    # ...and U+3000 at a line's end (Blink's LineBreaker::HandleTrailingSpaces): a run of spaces
    # and U+3000 hangs whole, past the last opportunity in it; under `white-space: normal` a
    # collapsed space ends the line and a U+3000 after it starts the next; U+3000 hangs after a
    # cut of the break-anywhere retry, even before "-" where UAX #14 has no break.
    issue = ("Fast\u3000Integer\u3000\u3000Forward\u3000DCT at\u3000High \u3000 Quality \u3000 Levels --- fast "
             "integer forward transform")
    for name, text, font, size, width, white_space in [
            ("issue-normal-59", issue, mono, 11, 59, "normal"),
            ("issue-normal-80", issue, mono, 11, 80, "normal"),
            ("issue-pre-wrap-100", issue, mono, 11, 100, None),
            ("space-ideographic-space-normal", "ab \u3000 cd", mono, 11, 20, "normal"),
            ("ideographic-run-normal", "ab\u3000 \u3000cd", mono, 11, 20, "normal"),
            ("ideographic-run", "ab\u3000 \u3000cd", mono, 11, 20, None),
            ("run-before-hyphens", "Quality\u3000 \u3000x\u3000\u3000ab \u3000ab\u3000---", DEJAVU, 16, 30, None),
            ("cut-before-hyphens", "ab\u3000--", DEJAVU, 16, 1, None),
            ("end-does-not-fit-normal", "\u30fc  \u3000  Levels\u3000W  \u3000", mono, 13, 120, "normal"),
            ("end-fits-normal", "Levels  \u3000  ab \u3000 \u8a2d\u5b9a \u3000 xQuality\u3000 (1)  \u3000", NOTO_SANS_CJK,
             11, 59, "normal"),
            ("after-tab-overflowing", "\u3000\u6f22\u5b57\t\u3000---\u3000 W x", mono, 20, 45, None),
            ("after-tab-fitting", "\u30fc\t\u3000---", DEJAVU, 16, 45, None)]:
        extra = {"whiteSpace": white_space} if white_space else {}
        out.append(case(8, name, text, font, size, width, **extra))
    # 9: family names of fonts a Debian machine lacks: Chromium draws its standard font (Times New
    # Roman: Liberation Serif). `font` records that face; cellheight needs --missing-font chromium.
    text = "Choose the files to send to the printer"
    for family, size, width in [("Verdana", 16, 120), ("Georgia", 14.5, 90), ("Segoe UI", 20, 150),
                                ("Helvetica Neue", 13, 61.5), ("MS PGothic", 18, 200), ("SimSun", 12, 77)]:
        out.append(case(9, family.lower().replace(" ", "-"), text, LIBERATION_SERIF, size, width,
                        fontFamily=family))
    # 5: `line-height: normal` at fractional sizes: the metrics follow the size Blink's font cache
    # keeps, cut to 1/100 px in single precision (16.38 px is 16.37, 15.436 is 15.43).
    text = "Preferences and settings"
    for name, font, size, width in [
            ("noto-16.38", NOTO + "NotoSans-Regular.ttf", 16.38, 60),
            ("noto-15.436", NOTO + "NotoSans-Regular.ttf", 15.436, 80),
            ("noto-7.0199", NOTO + "NotoSans-Regular.ttf", 7.0199, 30),
            ("canadian-7.019", NOTO + "NotoSansCanadianAboriginal-Regular.ttf", 7.019, 30),
            ("symbols2-16.667", NOTO + "NotoSansSymbols2-Regular.ttf", 16.667, 90),
            ("dejavu-43.64", DEJAVU, 43.64, 200)]:
        out.append(case(5, name, text, font, size, width))
    out.append(case(5, "canadian-syllabics-7.019", "\u140a\u1403\u1405 \u1431\u1432", NOTO + "NotoSansCanadianAboriginal-Regular.ttf",
                    7.019, 40))
    # 8 (a 1 px emoji line height): each metric is scaled in single precision, as Fontations
    # (skrifa's Metrics::new: font units x f32(size / upem)) scales it, so half a px can round
    # down: Noto Sans Thai's descent (450 units) at 130 px is 58.499996, Noto Looped Thai's ascent
    # (1250) at 18 px 22.499998, Noto Sans Symbols' (1480) at 162.5 px 240.49998, and Liberation
    # Serif's ascent (1825 of 2048) at 40.96 px (40.95 in the font cache) 36.49999 in double but
    # 36.5 in single precision.
    thai_bold = NOTO + "NotoSansThai-Bold.ttf"
    for name, text, font, size, width in [
            ("sun-thai-bold-130", "\u2600", thai_bold, 130, 20),
            ("people-thai-bold-130", "\U0001f9d1\u200d\U0001f91d\u200d\U0001f9d1\u2733\ufe0f\u2600", thai_bold, 130, 20),
            ("weather-thai-130", "\u0e2d\u0e32\u0e01\u0e32\u0e28 \u2600\ufe0f", NOTO + "NotoSansThai-Regular.ttf", 130, 600),
            ("thai-fallback-130", "Weather \u0e2d\u0e32\u0e01\u0e32\u0e28 \u2600\ufe0f",
             "/usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf", 130, 900),
            ("looped-thai-18", "\u2705 \u0e40\u0e2a\u0e23\u0e47\u0e08", NOTO + "NotoLoopedThai-Regular.ttf", 18, 60),
            ("looped-thai-94", "\U0001f44d\U0001f3fd", NOTO + "NotoLoopedThai-Regular.ttf", 94, 200),
            ("devanagari-serif-36", "\u0928\u092e\u0938\u094d\u0924\u0947 \U0001f64f",
             NOTO + "NotoSerifDevanagari-Regular.ttf", 36, 90),
            ("symbols-162.5", "\u2600", NOTO + "NotoSansSymbols-Regular.ttf", 162.5, 300),
            ("star-liberation-serif-122.88", "\u2b50 Star rating", LIBERATION_SERIF, 122.88, 600),
            ("star-liberation-serif-40.96", "\u2b50 Star rating", LIBERATION_SERIF, 40.96, 120),
            ("times-40.96", "\U0001f600 Smile", LIBERATION_SERIF, 40.96, 600)]:
        out.append(case(8, name, text, font, size, width, tags=["cause:8", "kind:single-precision-metrics"]))
    out.append(case(8, "serif-family-122.88", "\u2b50 Star rating", LIBERATION_SERIF, 122.88, 600,
                    tags=["cause:8", "kind:single-precision-metrics"], fontFamily="serif"))
    # 8 (emoji line heights): Blink's SymbolsIterator ends a segment where the emoji scanner's
    # tokens change between having a variation selector and not (has_vs), and HarfBuzzShaper
    # gives each segment its own FontFallbackIterator: after an emoji no font has (🚀, 🧿), an
    # emoji with U+FE0F or U+FE0E still gets its font (㊗ from Noto Sans CJK, ⤴ from DejaVu Serif).
    sans_bold = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-BoldItalic.ttf"
    for name, text, font, size, width, extra in [
            ("nazar-congratulations", "\U0001f9ff\u3297\ufe0f", "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed.ttf",
             62, 250, {}),
            ("rocket-arrow", "\U0001f680\u2934\ufe0f", DEJAVU, 200, 600, {}),
            ("coder-congratulations", "Unable \U0001f469\u200d\U0001f4bb\u3297\ufe0f to find it", sans_bold, 16.5, 120, {}),
            ("party-metro", "The \U0001f389\u24c2\ufe0f launch", LIBERATION_SANS, 11, 60,
             {"fontFamily": "Liberation Sans"}),
            ("rocket-letter-a", "Go \U0001f680\U0001f170\ufe0f now", NOTO + "NotoSansDisplay-Bold.ttf", 13, 80, {}),
            ("keycap-after-rocket", "\U0001f680#\ufe0f\u20e3", "/usr/share/fonts/truetype/liberation2/LiberationMono-Italic.ttf",
             24, 300, {}),
            ("text-nazar-congratulations", "\U0001f9ff\ufe0e\u3297", DEJAVU, 60, 600, {}),
            ("text-keycap", "1\ufe0e\u20e3\u3297", DEJAVU, 60, 600, {})]:
        out.append(case(8, name, text, font, size, width, tags=["cause:8", "kind:emoji-segments"], **extra))
    # 7: a soft hyphen after a letter wider than the box: the letter goes alone, and the next line
    # starts with the soft hyphen, whose break can make a line of just the hyphen.
    for text, width in [("x\u00ada", 1), ("x\u00ada", 7), ("x\u00ada", 8), ("x\u00ada", 12), ("ab\u00adcd", 9),
                        ("x\u00ada\u00adb", 9), ("xx\u00ada", 7), ("x\u00adaa", 9), ("i\u00adW", 8), ("W\u00ada", 4)]:
        out.append(case(7, f"{text.replace(chr(0xAD), '-')}-{width}", text, DEJAVU, 13, width))
    for text, font, size, width in [("Ein\u00adstel\u00adlun\u00adgen", LIBERATION_SANS, 24, 12),
                                    ("con\u00adfig\u00adure", DEJAVU, 20, 9),
                                    ("Über\u00adgangs\u00adlö\u00adsung", NOTO + "NotoSans-Regular.ttf", 31.5, 14.25)]:
        out.append(case(7, text.split(chr(0xAD))[0].lower(), text, font, size, width))
    # 2: a character no font of the chain has comes from the first font of Chromium's fallback list
    # (all fonts sorted once for lang en-US) that has it: with fonts-sil-scheherazade and
    # fonts-tibetan-machine installed, Urdu's ہ is Noto Kufi Arabic and Tibetan Noto Serif Tibetan.
    for name, text, font, size, width in [
            ("heh-goal", "\u06c1", LIBERATION_SERIF, 30, 300),
            ("latin-urdu", "A\u06c1 \u06c1", LIBERATION_SERIF, 20, 300),
            ("urdu", "\u067e\u0627\u06a9\u0633\u062a\u0627\u0646 \u06c1\u06d2", LIBERATION_SERIF, 20, 300),
            ("tibetan-narrow", "\u0f56\u0f7c\u0f51\u0f0b\u0f61\u0f72\u0f42\u0f0b \u0f56\u0f7c\u0f51\u0f0b\u0f61\u0f72\u0f42",
             LIBERATION_SERIF, 46, 59),
            ("tibetan", "\u0f56\u0f40\u0fb2\u0f0b\u0f64\u0f72\u0f66\u0f0b\u0f56\u0f51\u0f7a\u0f0b\u0f63\u0f7a\u0f42\u0f66\u0f0d",
             LIBERATION_SERIF, 24, 120),
            ("tibetan-dejavu", "\u0f56\u0f40\u0fb2\u0f0b\u0f64\u0f72\u0f66\u0f0b\u0f56\u0f51\u0f7a\u0f0b\u0f63\u0f7a\u0f42\u0f66\u0f0d",
             DEJAVU, 18, 80)]:
        out.append(case(2, name, text, font, size, width))
    # 4: a keycap without U+FE0F is text: the fallback hint is its digit, whose font is the
    # primary one, so the keycap mark stays that font's .notdef box (no Noto Sans Symbols2 line).
    for name, text, font, size, width in [
            ("9-dejavu", "9\u20e3", DEJAVU, 20, 300),
            ("keys-liberation", "#\u20e3 *\u20e3 1\u20e3 0\u20e3", LIBERATION_SANS, 16, 40),
            ("press-noto", "Press 1\u20e3 to continue, 2\u20e3 to stop", NOTO + "NotoSans-Regular.ttf", 18, 120.5),
            ("emoji-keycap", "Press 1\ufe0f\u20e3 to continue", DEJAVU, 18, 120),
            ("stress-sign", "x\u0951 y\u0951", LIBERATION_SERIF, 24, 30),
            # ...while a kasra after "(" is a hint of a definite script by its block (Arabic).
            ("kasra-hint", "(\u0650(\u0650(\u0650(\u0650(\u0650(\u0650", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
             20, 24)]:
        out.append(case(4, name, text, font, size, width))
    # 10: lines at the edge of the box in fonts of 1000 units per em, at the narrowest width (a
    # whole 1/64 px) where Chromium keeps them on one line, and 1/64 px narrower: Skia's advances
    # (FreeType's rounded scale) sum to a hair less than HarfBuzz's own.
    for name, text, font, size, width in [
            ("alexandra", "in $Alexandra)", NOTO_SANS_CJK, 14, 93),
            ("downloading", "Downloading updates\u2026", NOTO + "NotoSerif-Regular.ttf", 11, 123.84375),
            ("request", "Request mode", NOTO + "NotoSerif-Regular.ttf", 24, 161),
            ("dostalem", "dos\u00adtał\u00adem %s %d %s", NOTO + "NotoSans-Regular.ttf", 18, 166.015625)]:
        out.append(case(10, name, text, font, size, width))
        out.append(case(10, name + "-narrower", text, font, size, width - 1 / 64))
    # ...and Chinese falling back to Noto Sans CJK (fixtures/sample.txt's row 13, the golden reports')
    sample = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "sample.txt"),
                  encoding="utf-8").read().split("\n")[13]
    for width in (459.5, 459.515625):
        out.append(case(10, f"sample-zh-{width}", sample, DEJAVU, 14, width))
    # ...and an ideograph of Noto Sans CJK (1000 units) at 15 px is a hair wider than 15 px, so 150
    # of them do not fit 2250 px (145 fit 2175 px).
    for count in (145, 150):
        out.append(case(10, f"ideographs-{count}", "\u4e00" * count, NOTO_SANS_CJK, 15, 15 * count))
    # 1 (in part): when nothing fits, a ligature that starts the line keeps all its letters but the
    # last together (Blink's candidate is the last offset within the line, and a ligature's offsets
    # all have its start's position): "office" is ["o", "ff", "i", "c", "e"] in a 1 px box.
    for name, text, font, size, width in [
            ("office", "office", DEJAVU, 30, 1),
            ("affine-noto", "affine", NOTO + "NotoSans-Regular.ttf", 30, 1),
            ("ffl-serif", "ffl", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", 30, 1),
            ("waffle-noto-serif", "waffle", NOTO + "NotoSerif-Regular.ttf", 30, 1),
            ("difficult", "difficult", DEJAVU, 24, 5),
            ("conflicts", "conflicts", NOTO + "NotoSans-Regular.ttf", 30, 1),
            # ...and the letters after a cut inside a ligature form one again at the line's start
            # (Blink reshapes the start): "f|fl" where "fl" alone fits.
            ("waffle-dejavu-serif-20", "waffle", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", 30, 20),
            ("baffling-dejavu-serif-20", "baffling", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", 30, 20)]:
        out.append(case(1, name, text, font, size, width))
    # 1: Blink's break-anywhere retry cuts at any grapheme boundary (Unicode 15.1's: GB9c keeps the
    # conjuncts of Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam whole), inside a
    # shaping cluster too, and shapes the pieces again (ShapingLineBreaker::ShapeLine): a Kannada
    # conjunct, a Myanmar vowel sign and an Arabic lam-alef split; a Mongolian word's pieces are
    # measured from the word's positions, reshaped from the last safe-to-break offset.
    mongolian = NOTO + "NotoSansMongolian-Regular.ttf"
    for name, text, font, size, width in [
            ("kannada-conjunct", "\u0cb8\u0ccd\u0ca5", NOTO + "NotoSansKannada-Regular.ttf", 30, 1),
            ("kannada-words", "\u0cb8\u0ccd\u0ca5\u0cb3\u0cc0\u0caf \u0cb8\u0ccd\u0ca5\u0cbe\u0ca8",
             NOTO + "NotoSansKannada-Regular.ttf", 30, 1),
            ("myanmar-aa", "\u1002\u103b\u102c", NOTO + "NotoSansMyanmar-Regular.ttf", 30, 1),
            ("myanmar-word", "\u1002\u103b\u102c\u1019\u1014\u102e", NOTO + "NotoSansMyanmar-Regular.ttf", 30, 1),
            ("lam-alef", "\u0644\u0622", NOTO + "NotoSansArabic-Regular.ttf", 30, 1),
            ("lam-alef-words", "\u0627\u0644\u0633\u0644\u0627\u0645 \u0644\u0627", NOTO + "NotoSansArabic-Regular.ttf",
             30, 1),
            ("devanagari-conjuncts", "\u0915\u094d\u0937\u0924\u094d\u0930\u093f\u092f",
             NOTO + "NotoSansDevanagari-Regular.ttf", 30, 1),
            ("telugu-conjunct", "\u0c15\u0c4d\u0c37", NOTO + "NotoSansTelugu-Regular.ttf", 30, 1),
            ("malayalam-conjunct", "\u0d15\u0d4d\u0d37", NOTO + "NotoSansMalayalam-Regular.ttf", 30, 1),
            ("thai", "\u0e17\u0e35\u0e48\u0e19\u0e49\u0e33", NOTO + "NotoSansThai-Regular.ttf", 30, 1),
            ("lao-1", "\u0e9b\u0eb0\u0ec0\u0e97\u0e94", NOTO + "NotoSansLao-Regular.ttf", 30, 1),
            # ...and after a cut the line breaker reads the text from the line's start, where a
            # dictionary finds a word boundary the whole word lacks ("ປ|ະ|ເທດ").
            ("lao-30", "\u0e9b\u0eb0\u0ec0\u0e97\u0e94", NOTO + "NotoSansLao-Regular.ttf", 36.622, 30),
            ("lao-sentence-25", "\u0e9b\u0eb0\u0ec0\u0e97\u0e94\u0ea5\u0eb2\u0ea7\u0ec1\u0ea1\u0ec8\u0e99",
             NOTO + "NotoSansLao-Regular.ttf", 20, 25),
            ("thai-25", "\u0e1b\u0e23\u0e30\u0e40\u0e17\u0e28\u0e44\u0e17\u0e22\u0e21\u0e35",
             NOTO + "NotoSansThai-Regular.ttf", 20, 25),
            ("khmer-1", "\u1794\u17d2\u179a\u1791\u17c1\u179f", NOTO + "NotoSansKhmer-Regular.ttf", 20, 1)]:
        out.append(case(1, name, text, font, size, width))
    for size, width in [(7.25, 5), (7.25, 6), (7.25, 7), (7.25, 9), (30, 1)]:
        out.append(case(1, f"mongolian-{width}", "\u1832\u1821\u1829\u182d\u1821\u1837", mongolian, size, width))
    # 10: the pieces of a Tamil word cut in a box narrower than it take their own fallback fonts
    # (the piece's first character is the hint), and their lines those fonts' heights.
    for name, text, width in [("tamil-60", "\u0b95\u0ba3\u0bbf\u0ba9\u0bbf\u0baa\u0bcd\u0baa\u0baf\u0ba9\u0bcd"
                                            "\u0baa\u0bbe\u0b9f\u0bcd\u0b9f\u0bc1\u0bb5\u0bb4\u0bbf\u0b95\u0bbe"
                                            "\u0b9f\u0bcd\u0b9f\u0bbf\u0b95\u0bb3\u0bcd", 60),
                              ("tamil-files-60", "\u0b95\u0bcb\u0baa\u0bcd\u0baa\u0bc1\u0bb5\u0b95\u0bc8"
                                                 "\u0b95\u0bb3\u0bc8\u0baa\u0bcd\u0baa\u0bbe\u0bb0\u0bcd"
                                                 "\u0bb5\u0bc8\u0baf\u0bbf\u0b9f\u0bb5\u0bc1\u0bae\u0bcd", 60),
                              ("tamil-files-100", "\u0b95\u0bcb\u0baa\u0bcd\u0baa\u0bc1\u0bb5\u0b95\u0bc8"
                                                  "\u0b95\u0bb3\u0bc8\u0baa\u0bcd\u0baa\u0bbe\u0bb0\u0bcd"
                                                  "\u0bb5\u0bc8\u0baf\u0bbf\u0b9f\u0bb5\u0bc1\u0bae\u0bcd", 100)]:
        out.append(case(10, name, text, DEJAVU, 20, width))
    # ...and a word cut right before a hyphen whose next line then keeps the hyphen with the rest
    # (LB20a at the line's start, see BreakKind.afterHyphen): the cut of that line reaches past
    # the hyphen ("-போஸான்கோ", not "-" alone, in DejaVu Sans with Noto Sans Tamil at 20 px).
    for name, text, font, size, width in [
            ("tamil-hyphen-181", "(\u0b83\u0baa\u0bbe\u0b95\u0bcb\u0b95\u0baa\u0bbe\u0baf\u0bbe-\u0baa\u0bcb"
                                 "\u0bb8\u0bbe\u0ba9\u0bcd\u0b95\u0bcb\u0bb5\u0bbe", DEJAVU, 20, 181),
            ("tamil-hyphen-173", "\u0b8f\u0bb0\u0b95\u0bbe\u0baf\u0bcd\u0bb2\u0bbf\u0baf\u0bbe\u0ba9\u0bbe-"
                                 "\u0b9a\u0bc7\u0b9f\u0bbf\u0baa\u0b95\u0bbf\u0bb0\u0baa\u0bcd\u0baa\u0b9f"
                                 "\u0bcd\u0b9f\u0ba4\u0bc1\u0bb5\u0bbe\u0baf\u0bcd\u0b95\u0bbe\u0bb2\u0bcd", DEJAVU, 20, 173),
            ("tamil-hyphen-124", "\u0bb0\u0bcb\u0bae\u0bbe\u0ba9\u0bcb-\u0b9a\u0bc6\u0bb0\u0bcd\u0baa\u0bbf"
                                 "\u0baf\u0ba9\u0bcd\u0b9a\u0bbe\u0b99\u0bcd\u0b95\u0bcb,\u0ba8\u0b9f\u0bc6"
                                 "\u0ba9\u0bcd\u0b9f\u0bc6\u0baf\u0bcd\u0bb2\u0bc6\u0bb5\u0bc6\u0bb3\u0bbf"
                                 "\u0baf\u0bbf\u0b9f\u0bc1\u0bae\u0bcd", DEJAVU, 20, 124),
            ("hindi-hyphen-44", "GdkPixdata-\u0915\u094b\u0938\u094d\u091f\u093e-\u092a\u093f\u091b\u0932\u0947",
             NOTO + "NotoSans-Regular.ttf", 20, 44),
            ("kannada-hyphen-61", "\u0cae\u0cac\u0ca1\u0cbe\u0c82\u0c9c\u0cbe-\u0cb8\u0cc1\u0ca8\u0cbe\u0cae"
                                  "\u0ccd-\u0cb5\u0cc6\u0cac\u0ccd\u200c\u0c95\u0ccd\u0caf\u0cbe\u0cae\u0ccd-"
                                  "\u0c95\u0ccd\u0cb0\u0cca\u0c8f\u0cb6\u0cbf\u0caf\u0cbe", DEJAVU, 14, 61),
            ("bengali-hyphen-70", "\u0995\u09be\u09b6\u09bf\u09ac\u09cb-\u0995\u09be\u0995\u09be\u099f\u09be"
                                  "\u0987\u09ac\u09cb\u09b9\u09bf\u0989:", LIBERATION_SERIF, 20, 70)]:
        out.append(case(10, name, text, font, size, width))
    # 6: fullwidth punctuation collapses in pairs only within a line: an opening bracket that
    # starts a wrapped line is full width, even after a closing one (Blink reshapes the line's
    # start with is_line_start, and HanKerning::Compute then does not kern it with the character
    # before it).
    for name, text, font, size, width in [
            ("issue", "能能〕【』【能", NOTO_SERIF_CJK, 32, 97),
            ("close-open-50", "能』【能", NOTO_SERIF_CJK, 32, 50),
            ("close-open-60", "能能」「能", NOTO_SERIF_CJK, 32, 60),
            ("kanji-25", "漢」「字", NOTO_SANS_CJK, 16, 25),
            ("kanji-33", "漢」「字", NOTO_SANS_CJK, 16, 33),
            ("comma-25", "漢，「字", NOTO_SANS_CJK, 16, 25),
            ("settings", "設定」「詳細」（高度）を開く", NOTO_SANS_CJK, 16, 60),
            ("settings-zh", "设置」「详细」（高级）", NOTO_SANS_CJK, 14, 50),
            ("buttons", "「はい」「いいえ」『キャンセル』", NOTO_SANS_CJK, 20, 70),
            ("notes", "（注）（備考）", NOTO_SANS_CJK, 18, 60)]:
        out.append(case(6, name, text, font, size, width))
    return out


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "fixtures",
                                                                 "oracle-fidelity.jsonl")
    measure_and_write(cases(), target)


if __name__ == "__main__":
    main()
