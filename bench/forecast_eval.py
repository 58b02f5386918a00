#!/usr/bin/env python3
"""Scores `cellheight forecast` against two real apps' translations (issue 30).

For each app the source-language catalog alone is forecast (the committed gettext model,
data/expansion-model.json, never the app's own translations), and the forecast's "will overflow"
(probability >= 0.5) is compared with what the app's real translations do on the same budget:
precision and recall per locale, beside the pseudo-locales' blind stretch (expand:1.4, AOSP's
en-XA padding `expand`, Xcode's `double`) on the same strings and budgets. Strings that already
break the budget in the source language are left out (nothing to forecast).

The apps are read from the snapshots the `fetch` tool brings (bare git repositories):
  AntennaPod (Android strings.xml)  /work/.mirror/AntennaPod+AntennaPod/repo
  Mastodon for iOS (.strings)       /work/.mirror/mastodon+mastodon-ios/repo
or any clone given with --antennapod / --mastodon (a git directory or a work tree).

  python3 bench/forecast_eval.py                 # the tables of docs/forecast.md
  python3 bench/forecast_eval.py --excerpt DIR   # also write a small excerpt (the test fixture)

Needs the release binary (.build/release/cellheight) and fonts-dejavu-core.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

BIN = os.path.abspath(".build/release/cellheight")
MODEL = os.path.abspath("data/expansion-model.json")
FONT = "DejaVu Sans"
BUDGETS = [("1 line at 200 px", ["-w", "200", "--max-lines", "1"]),
           ("2 lines at 320 px", ["-w", "320", "--max-lines", "2"])]
PSEUDO = ["expand:1.4", "expand", "double"]

APPS = {
    "AntennaPod": {
        "default": "/work/.mirror/AntennaPod+AntennaPod/repo",
        "source": "ui/i18n/src/main/res/values/strings.xml",
        "translation": "ui/i18n/src/main/res/values-{folder}/strings.xml",
        "locales": {"de": "de", "fr": "fr", "es": "es", "it": "it", "ja": "ja", "nl": "nl", "pl": "pl", "pt-BR": "pt-rBR",
                    "ru": "ru"},
    },
    "Mastodon iOS": {
        "default": "/work/.mirror/mastodon+mastodon-ios/repo",
        "source": "MastodonSDK/Sources/MastodonLocalization/Resources/en.lproj/Localizable.strings",
        "translation": "MastodonSDK/Sources/MastodonLocalization/Resources/{folder}.lproj/Localizable.strings",
        "locales": {"de": "de", "fr": "fr", "es": "es", "it": "it", "ja": "ja", "nl": "nl", "ru": "ru", "tr": "tr",
                    "zh-Hans": "zh-Hans"},
    },
}


def git_file(repo, path):
    """A file of the repository's HEAD (a bare git directory or a work tree)."""
    if os.path.isfile(os.path.join(repo, path)):
        return open(os.path.join(repo, path), "rb").read()
    return subprocess.run(["git", "--git-dir", repo if os.path.isdir(os.path.join(repo, "objects")) else os.path.join(repo, ".git"),
                           "show", "HEAD:" + path], check=True, capture_output=True).stdout


def head_commit(repo):
    git_dir = repo if os.path.isdir(os.path.join(repo, "objects")) else os.path.join(repo, ".git")
    return subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()


def extract(app, repo, into):
    """The app's source catalog and translations under `into`, in their own folder names."""
    spec = APPS[app]
    paths = {}
    for locale, folder in [(None, None)] + list(spec["locales"].items()):
        relative = spec["source"] if locale is None else spec["translation"].format(folder=folder)
        target = os.path.join(into, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(git_file(repo, relative))
        paths[locale] = target
    return paths


def forecast(source, translations, locales, budget, threshold="0.5"):
    arguments = [BIN, "forecast", "--model", MODEL, "-f", FONT, "--locales", ",".join(locales), *budget,
                 "-o", "json", "--top", "1", "--warn-at", "1", "--score-threshold", threshold]
    for pseudo in PSEUDO:
        arguments += ["--pseudo", pseudo]
    for path in translations:
        arguments += ["--score-against", path]
    run = subprocess.run(arguments + [source], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"forecast_eval: {' '.join(arguments)} exited {run.returncode}: {run.stderr.strip()}")
    return json.loads(run.stdout)


def fmt(value):
    return "–" if value is None else f"{value:.2f}"


def micro(document):
    """Precision, recall and F1 per predictor over every locale (micro-averaged)."""
    totals = {}
    for score in document["scores"]:
        t = totals.setdefault(score["predictor"], [0, 0, 0])
        t[0] += score["truePositives"]
        t[1] += score["falsePositives"]
        t[2] += score["falseNegatives"]
    result = {}
    for predictor, (tp, fp, fn) in totals.items():
        precision = tp / (tp + fp) if tp + fp else None
        recall = tp / (tp + fn) if tp + fn else None
        f1 = 2 * precision * recall / (precision + recall) if precision and recall else 0.0
        result[predictor] = (precision, recall, f1)
    return result


def table(app, budget_name, document):
    by_locale = {}
    for score in document["scores"]:
        by_locale.setdefault(score["locale"], {})[score["predictor"]] = score
    lines = [f"**{app}, {budget_name}**", "",
             "| locale | strings | overflow | forecast P | forecast R | expand:1.4 P | expand:1.4 R | en-XA P | en-XA R "
             "| double P | double R |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    totals = {}
    for locale in sorted(by_locale):
        scores = by_locale[locale]
        f = scores["forecast"]
        cells = [locale, str(f["strings"]), str(f["overflows"])]
        for predictor in ["forecast"] + PSEUDO:
            s = scores.get(predictor)
            cells += [fmt(s and s["precision"]), fmt(s and s["recall"])]
            if s:
                t = totals.setdefault(predictor, [0, 0, 0])
                t[0] += s["truePositives"]
                t[1] += s["falsePositives"]
                t[2] += s["falseNegatives"]
        lines.append("| " + " | ".join(cells) + " |")
    cells = ["all", str(sum(s["forecast"]["strings"] for s in by_locale.values())),
             str(sum(s["forecast"]["overflows"] for s in by_locale.values()))]
    summary = {}
    for predictor in ["forecast"] + PSEUDO:
        tp, fp, fn = totals.get(predictor, [0, 0, 0])
        precision = tp / (tp + fp) if tp + fp else None
        recall = tp / (tp + fn) if tp + fn else None
        summary[predictor] = (precision, recall)
        cells += [fmt(precision), fmt(recall)]
    lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n", summary


def write_excerpt(paths, locales, into, count):
    """A few dozen keys of the AntennaPod catalogs (source and `locales`), for the test fixture:
    the keys every locale translates, the ones whose translations overflow 1 line at 200 px
    first, then others, `count` in all."""
    import xml.etree.ElementTree as ET
    source = ET.parse(paths[None]).getroot()
    trees = {locale: ET.parse(paths[locale]).getroot() for locale in locales}
    keys = [e.get("name") for e in source.findall("string") if e.get("translatable") != "false"]
    translated = {locale: {e.get("name"): e for e in tree.findall("string")} for locale, tree in trees.items()}
    keys = [k for k in keys if all(k in translated[l] for l in locales)]
    # Short UI strings only (labels and buttons), where a one-line budget means something.
    keys = [k for k in keys if len("".join(source.find(f"string[@name='{k}']").itertext())) <= 40]
    keys = sorted(keys, key=lambda k: (hash_key(k)))[:count]
    os.makedirs(into, exist_ok=True)
    for locale, tree in [(None, source)] + list(trees.items()):
        folder = os.path.join(into, "values" if locale is None else "values-" + APPS["AntennaPod"]["locales"][locale])
        os.makedirs(folder, exist_ok=True)
        elements = {e.get("name"): e for e in tree.findall("string")}
        with open(os.path.join(folder, "strings.xml"), "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n')
            for key in sorted(keys):
                f.write("    " + ET.tostring(elements[key], encoding="unicode").strip() + "\n")
            f.write("</resources>\n")


def hash_key(key):
    value = 0xcbf29ce484222325
    for byte in key.encode():
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--antennapod", default=APPS["AntennaPod"]["default"])
    parser.add_argument("--mastodon", default=APPS["Mastodon iOS"]["default"])
    parser.add_argument("--excerpt", help="write the AntennaPod excerpt (de, fr) to this folder")
    parser.add_argument("--excerpt-count", type=int, default=48)
    options = parser.parse_args()
    repos = {"AntennaPod": options.antennapod, "Mastodon iOS": options.mastodon}
    overall = {}
    with tempfile.TemporaryDirectory() as temporary:
        for app, repo in repos.items():
            paths = extract(app, repo, os.path.join(temporary, re.sub(r"\W", "", app)))
            print(f"{app} at {head_commit(repo)[:12]}\n")
            locales = list(APPS[app]["locales"])
            for budget_name, budget in BUDGETS:
                translations = [paths[l] for l in locales]
                document = forecast(paths[None], translations, locales, budget)
                text, _ = table(app, budget_name, document)
                print(text)
                summary = micro(document)
                summary["forecast (P >= 0.3)"] = micro(forecast(paths[None], translations, locales, budget, "0.3"))["forecast"]
                overall[(app, budget_name)] = summary
            if options.excerpt and app == "AntennaPod":
                write_excerpt(paths, ["de", "fr"], options.excerpt, options.excerpt_count)
    print("All locales (micro-averaged): precision / recall / F1\n")
    predictors = ["forecast", "forecast (P >= 0.3)"] + PSEUDO
    print("| app, budget | " + " | ".join(p if p != "forecast" else "forecast (P >= 0.5)" for p in predictors) + " |")
    print("|---|" + "---:|" * len(predictors))
    for (app, budget_name), summary in overall.items():
        cells = ["/".join(fmt(v) for v in summary[p]) for p in predictors]
        print(f"| {app}, {budget_name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
