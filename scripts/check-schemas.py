#!/usr/bin/env python3
"""`make test`'s check of the JSON Schemas in docs/schemas/ (python3-jsonschema, Draft 2020-12):
- output.schema.json against real outputs of the release binary: every `--output json`/`ndjson`
  example of README.md and docs/*.md, and runs over the fixtures at one and several widths and
  sizes, with cells, templates, rules, --explain, --offsets, --stats and --forecast (every NDJSON
  line is a row, but a forecast's: its summary line and a line per forecast, of forecast.schema.json);
- template.schema.json against every template in fixtures/templates;
- rules.schema.json against every rules file in fixtures/ and a project file's options;
and that each schema refuses what the tool refuses (a row without "results", an unknown key).
Run from the repository root after the release build."""
import glob
import json
import os
import re
import shlex
import subprocess
import sys

import jsonschema
import yaml
from referencing import Registry, Resource

BIN = os.path.abspath(".build/release/cellheight")
SCHEMAS = {name: json.load(open(f"docs/schemas/{name}.schema.json"))
           for name in ("output", "rules", "template", "forecast", "expansion-model")}
# output.schema.json refers to forecast.schema.json's forecast (by their $id).
REGISTRY = Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in SCHEMAS.values())
VALIDATORS = {name: jsonschema.Draft202012Validator(schema, registry=REGISTRY) for name, schema in SCHEMAS.items()}
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
failures = []


def output_def_validator(name):
    """A validator of output.schema.json's definition `name` (an NDJSON line)."""
    schema = dict(SCHEMAS["output"])
    for key in ("required", "oneOf", "properties", "additionalProperties", "title", "description", "type"):
        schema.pop(key, None)
    schema["$ref"] = f"#/$defs/{name}"
    return jsonschema.Draft202012Validator(schema, registry=REGISTRY)


ROW = output_def_validator("row")
FORECAST_SUMMARY_LINE = output_def_validator("forecastSummaryLine")


def forecast_line_validators():
    """Validators of forecast.schema.json's NDJSON lines: a forecast, a score."""
    result = {}
    for kind in ("forecast", "score"):
        schema = {"$schema": SCHEMAS["forecast"]["$schema"], "$defs": SCHEMAS["forecast"]["$defs"], "$ref": f"#/$defs/{kind}"}
        result[kind] = jsonschema.Draft202012Validator(schema)
    return result


FORECAST_LINES = forecast_line_validators()


def check(validator, value, what):
    errors = sorted(validator.iter_errors(value), key=lambda e: list(e.path))
    if errors:
        failures.append(f"{what}: {errors[0].message} at {'/'.join(map(str, errors[0].path))}")
    return not errors


def check_output(command, stdout):
    """A json document, or NDJSON rows, as the command's output."""
    text = stdout.strip()
    if not text:
        return 0
    if re.search(r"(^|\s)forecast(\s|$)", command):
        if re.search(r"(-o|--output)[ =]ndjson\b", command):
            for number, line in enumerate(text.splitlines(), 1):
                record = json.loads(line)
                check(FORECAST_LINES.get(record.get("kind"), FORECAST_LINES["forecast"]), record, f"{command} (line {number})")
            return 1
        check(VALIDATORS["forecast"], json.loads(text), command)
        return 1
    if re.search(r"(-o|--output)[ =]ndjson\b", command):
        lines = {"forecastSummary": FORECAST_SUMMARY_LINE, "forecast": FORECAST_LINES["forecast"]}
        for number, line in enumerate(text.splitlines(), 1):
            record = json.loads(line)
            check(lines.get(record.get("kind"), ROW), record, f"{command} (line {number})")
        return 1
    check(VALIDATORS["output"], json.loads(text), command)
    return 1


def run(arguments, stdin=None):
    result = subprocess.run([BIN] + arguments, input=stdin, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        failures.append(f"cellheight {shlex.join(arguments)} exited {result.returncode}: {result.stderr}")
    return check_output(" ".join(arguments), result.stdout)


def documented_examples():
    """The `$ ` examples of the README and docs/ that print JSON or NDJSON."""
    count = 0
    env = dict(os.environ, PATH=os.path.dirname(BIN) + os.pathsep + os.environ["PATH"])
    for page in ["README.md"] + sorted(glob.glob("docs/*.md")):
        command = None
        for line in open(page, encoding="utf-8").read().splitlines():
            if line.startswith("$ "):
                command = line[2:]
            elif command is not None and command.endswith("\\"):
                command += "\n" + line
            else:
                command = None
                continue
            if command.endswith("\\"):
                continue
            if re.search(r"(-o|--output)[ =](json|ndjson)\b", command) and "jq" not in command and "summarize" not in command:
                result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env)
                count += check_output(command, result.stdout)
            command = None
    return count


def main():
    outputs = documented_examples()
    sample, checks = "fixtures/sample.txt", "fixtures/checks/ui.ndjson"
    cases = [
        ["-f", FONT, "-o", "json", sample],
        ["-f", FONT, "-o", "ndjson", sample],
        ["-f", FONT, "-w", "120,320", "-o", "json", "--stats", "--offsets", sample],
        ["-f", FONT, "-w", "120,320", "-o", "ndjson", sample],
        ["-f", FONT, "-s", "14,17", "-w", "200,375", "-o", "json", "--stats", sample],
        ["-f", FONT, "-s", "14,17", "-o", "ndjson", sample],
        ["-f", FONT, "-w", "200", "--explain", "-o", "json", sample],
        ["-f", FONT, "-w", "200,300", "--explain", "-o", "ndjson", sample],
        ["-f", FONT, "--padding", "8 15", "--min-height", "44", "--number-of-lines", "2", "--round", "ceil", "-o", "json", sample],
        ["-f", FONT, "--max-lines", "2", "-w", "200", "-o", "json", sample],
        ["--rules", "fixtures/checks/rules.yaml", "-o", "json", checks],
        ["--rules", "fixtures/checks/rules.yaml", "-o", "ndjson", checks],
        ["--rules", "fixtures/catalogs/app/rules.yaml", "-o", "json", *sorted(glob.glob("fixtures/catalogs/app/res/values*/strings.xml"))],
        ["-f", FONT, "-o", "ndjson", "fixtures/catalogs/app/Localizable.xcstrings"],
        ["-f", FONT, "--text-style", "headline", "--dynamic-type", "all", "-w", "200,375", "-o", "json", "--stats", sample],
        ["-f", FONT, "--font-scale", "0.85,1,1.3,2", "-s", "14", "-o", "ndjson", sample],
        ["--dynamic-type", "all", "--rules", "fixtures/catalogs/mastodon-ios/rules.yaml", "-o", "json", "--stats",
         *sorted(glob.glob("fixtures/catalogs/mastodon-ios/*.lproj/Localizable.strings"))],
        ["--dynamic-type", "AX1-AX5", "--rules", "fixtures/catalogs/mastodon-ios/rules.yaml", "-o", "ndjson",
         "fixtures/catalogs/mastodon-ios/de.lproj/Localizable.strings"],
    ]
    forecast = ["forecast", "--model", "data/expansion-model.json", "-f", FONT, "-w", "160", "--max-lines", "1",
                "--locales", "de,fr,ja", "--pseudo", "expand:1.4", "--pseudo", "bidi", "--warn-at", "1",
                "--score-against", "fixtures/forecast/antennapod/res/values-de/strings.xml",
                "fixtures/forecast/antennapod/res/values/strings.xml"]
    # A main run's forecast (--forecast): in the json document and after the NDJSON rows.
    gate = ["-f", FONT, "-w", "330", "--max-lines", "1", "--forecast", "de,fr,ja",
            "fixtures/forecast/antennapod/res/values/strings.xml", "fixtures/forecast/antennapod/res/values-de/strings.xml"]
    cases += [gate + ["-o", "json", "--fail-on-forecast", "0.85"], gate + ["-o", "ndjson", "--fail-on-forecast", "0.85"],
              gate + ["-o", "json", "--forecast-warn-at", "0"], gate + ["-o", "ndjson"]]
    cases += [forecast + ["-o", "json"], forecast + ["-o", "ndjson"],
              ["forecast", "-f", FONT, "--pseudo", "double", "--rules", "fixtures/catalogs/app/rules.yaml", "-o", "json",
               "--warn-at", "1", "fixtures/catalogs/app/res/values/strings.xml"]]
    check(VALIDATORS["expansion-model"], json.load(open("data/expansion-model.json")), "data/expansion-model.json")
    for template in sorted(glob.glob("fixtures/templates/*.json")):
        if ".rows." in template:
            continue
        check(VALIDATORS["template"], json.load(open(template)), template)
        rows = sorted(glob.glob(template[:-len(".json")] + ".rows.*"))
        for row_file in rows:
            cases.append(["--template", template, "-o", "json", "--offsets", "--stats", row_file])
            cases.append(["--template", template, "-w", "320,414", "-o", "ndjson", "--explain", row_file])
    for arguments in cases:
        outputs += run(arguments)
    rules_files = [path for path in glob.glob("fixtures/**/*.y*ml", recursive=True)]
    for path in rules_files:
        check(VALIDATORS["rules"], yaml.safe_load(open(path)), path)
    check(VALIDATORS["rules"], {"options": {"size": 14, "width": [320, 375], "quiet": True}, "rules": [{"keys": "*", "maxLines": 2}]},
          "a project file")
    # Each schema refuses what the tool refuses.
    refused = [
        (ROW, {"index": 0, "id": None, "lineCount": 1, "height": 16}, "a row without results"),
        (VALIDATORS["output"], {"rows": [], "rowCount": 0}, "a document without version and settings"),
        (VALIDATORS["template"], {"labels": [{"field": "t", "colour": "red"}]}, "a template label with an unknown key"),
        (VALIDATORS["rules"], {"rules": [{"keys": "*", "maxLine": 1}]}, "a rule with an unknown key"),
        (VALIDATORS["forecast"], {"version": "0.3.0", "forecasts": []}, "a forecast without its model and scores"),
        (FORECAST_SUMMARY_LINE, {"kind": "forecastSummary", "distributions": []}, "a forecast summary without counts"),
        (VALIDATORS["expansion-model"], {"format": 1, "locales": {}}, "a model without levels"),
    ]
    for validator, value, what in refused:
        if validator.is_valid(value):
            failures.append(f"the schema accepts {what}")
    for failure in failures:
        print(f"check-schemas: {failure}", file=sys.stderr)
    if failures:
        return 1
    print(f"check-schemas: {outputs} outputs (README and docs examples, fixtures), "
          f"{len(glob.glob('fixtures/templates/*.json')) - len(glob.glob('fixtures/templates/*.rows.json'))} templates, "
          f"{len(rules_files)} rules files valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
