#!/usr/bin/env python3
"""The multilingual corpus of `make bench`: real translated messages from every gettext catalog of
the machine (/usr/share/locale/*/LC_MESSAGES/*.mo, read with the .mo format's own layout).

Every language (a locale folder) with at least MIN_MESSAGES messages takes part, with no chosen
list; each row draws a language uniformly, then a run of 1 to 20 consecutive messages of it (the
run's length log-uniform), joined by spaces. The draw is seeded: the same machine gives the same rows.

Usage: multilingual_corpus.py OUT_DIR ROWS   (writes OUT_DIR/multilingual-ROWS.{ndjson,json,nul})
"""
import glob
import json
import math
import os
import random
import struct
import sys

MIN_MESSAGES = 50
MAX_RUN = 20


def mo_messages(path):
    """The translated strings of a .mo file (UTF-8 catalogs only), plural forms split, the header left out."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return []
    if len(data) < 28:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if order is None:
        return []
    _, count, _, translations = struct.unpack(order + "4I", data[4:20])
    texts = []
    for n in range(count):
        entry = data[translations + 8 * n:translations + 8 * n + 8]
        if len(entry) < 8:
            break
        length, offset = struct.unpack(order + "2I", entry)
        raw = data[offset:offset + length]
        if n == 0 and not raw:
            continue
        if b"Content-Type:" in raw and b"charset=" in raw:
            if b"charset=utf-8" not in raw.lower():
                return []
            continue  # the header
        for part in raw.split(b"\0"):
            try:
                text = part.decode("utf-8").strip()
            except UnicodeDecodeError:
                continue
            if text:
                texts.append(text)
    return texts


def languages():
    """Messages by language (locale folder), in catalog order, for languages with enough of them."""
    by_language = {}
    for folder in sorted(glob.glob("/usr/share/locale/*/LC_MESSAGES")):
        language = folder.split("/")[-2]
        texts = []
        for path in sorted(glob.glob(folder + "/*.mo")):
            texts.extend(mo_messages(path))
        if len(texts) >= MIN_MESSAGES:
            by_language[language] = texts
    return by_language


def rows(count, seed=26):
    by_language = languages()
    names = sorted(by_language)
    draw = random.Random(seed)
    result = []
    for _ in range(count):
        texts = by_language[draw.choice(names)]
        run = min(len(texts), int(math.exp(draw.uniform(0, math.log(MAX_RUN + 1)))))
        start = draw.randrange(len(texts) - run + 1)
        result.append(" ".join(texts[start:start + run]))
    return result, names


def write(out, name, texts):
    """Writes NAME.json, NAME.ndjson (with ids) and NAME.nul; returns their paths."""
    paths = {kind: os.path.join(out, f"{name}.{kind}") for kind in ("json", "ndjson", "nul")}
    with open(paths["json"], "w", encoding="utf-8") as f:
        json.dump(texts, f, ensure_ascii=False)
    with open(paths["ndjson"], "w", encoding="utf-8") as f:
        for n, text in enumerate(texts):
            f.write(json.dumps({"id": f"r{n}.title", "text": text}, ensure_ascii=False) + "\n")
    with open(paths["nul"], "w", encoding="utf-8") as f:
        f.write("\0".join(texts) + "\0")
    return paths


if __name__ == "__main__":
    out, count = sys.argv[1], int(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    texts, names = rows(count)
    write(out, f"multilingual-{count}", texts)
    size = sum(len(t.encode()) for t in texts)
    print(f"multilingual: {count} rows from {len(names)} languages, {size / 1e6:.1f} MB, "
          f"{sum(map(len, texts)) / count:.0f} characters a row")
