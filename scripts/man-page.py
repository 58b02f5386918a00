#!/usr/bin/env python3
"""`make man`'s second step: turns the page swift-argument-parser's generate-manual writes from the
command's help into a man page that reads as one: the real synopsis (the three forms), the help's
preformatted blocks as mdoc (no blank lines, which groff warns about; examples in literal displays
that never wrap mid-line), the exit codes as a list under EXIT STATUS, and FILES, EXAMPLES (that
work outside the repository) and SEE ALSO sections.
Usage: scripts/man-page.py PAGE (rewritten in place)"""
import re
import sys

SYNOPSIS = r""".Sh SYNOPSIS
.Nm
.Op Cm measure
.Op Ar options
.Op Ar file ...
.Nm
.Cm summarize
.Op Fl -json
.Op Ar file ...
.Nm
.Cm help
.Op Ar subcommand
.Nm
.Fl V | -version
"""

FILES = r""".Sh FILES
.Bl -tag -width Ds
.It Pa .cellheight.yaml
The project file: default options by long name under
.Ql options: ,
and rules under
.Ql rules: ,
found in the working directory or the nearest folder above it;
.Fl -config
names another, and the command line's options win.
.It Pa PREFIX/share/cellheight/templates/
The ready-made cell templates, found by name:
.Fl -template Ar basic-label .
PREFIX is
.Pa /usr
for the Debian package,
.Pa /usr/local
for
.Ql make install .
.It Pa PREFIX/share/cellheight/pre-commit-hook.sh
The pre-commit hook's script.
.It Pa PREFIX/share/doc/cellheight/README.md
The guide: input formats, rules files, templates, the CI kit.
.El
"""

EXAMPLES = r""".Sh EXAMPLES
Lines of text at 120 px in the default font (sans-serif as Chromium finds it):
.Bd -literal -offset indent
printf 'Delete all files?\enOpen the folder\en' | cellheight -w 120
.Ed
.Pp
Each row at three widths in DejaVu Sans 14 px, as JSON:
.Bd -literal -offset indent
printf 'Save\enSave changes before closing?\en' |
    cellheight -f 'DejaVu Sans' -s 14 -w 120,160,320 -o json
.Ed
.Pp
A CI gate: every Android string at most two lines at 280 px, as
GitHub annotations and a JUnit report:
.Bd -literal -offset indent
cellheight --max-lines 2 -w 280 --diagnostics github \e
    --junit-file report.xml res/values*/strings.xml
.Ed
.Pp
An installed template, by name, over rows of JSON lines:
.Bd -literal -offset indent
printf '{"text": "Open the folder"}\en' |
    cellheight --format ndjson --template basic-label -o csv
.Ed
.Pp
A large file in parts on every core, then the totals:
.Bd -literal -offset indent
parallel --pipe -N 10000 --keep-order cellheight -o ndjson \e
    < rows.txt > parts.ndjson
cellheight summarize parts.ndjson
.Ed
"""

SEE_ALSO = r""".Sh SEE ALSO
.Xr fc-list 1 ,
.Xr fc-match 1 ,
.Xr fonts-conf 5
.Pp
The README in
.Pa PREFIX/share/doc/cellheight/ ,
and docs/ in the source repository: install, CI, the JSON output and its schemas.
"""


def literal(lines):
    return [".Bd -literal -offset indent"] + [line[2:] if line.startswith("  ") else line for line in lines] + [".Ed"]


def main(path):
    text = open(path).read()
    text = re.sub(r"\.Sh SYNOPSIS\n.*?(?=\.Sh DESCRIPTION)", lambda _: SYNOPSIS, text, flags=re.S)
    out, exit_codes, lines, i = [], [], text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        if line in ("EXAMPLES", "EXIT CODES", "SUBCOMMANDS", "EXAMPLE"):
            block = []
            i += 1
            while i < len(lines) and lines[i].startswith("  "):
                block.append(lines[i])
                i += 1
            if line == "EXIT CODES":
                for entry in block:
                    if re.match(r"  \d", entry):
                        exit_codes.append(entry.split(None, 1))
                    else:
                        exit_codes[-1][1] += " " + entry.strip()
            elif line == "EXAMPLE":
                out += ["Example:"] + literal(block)
            # The measuring examples are in EXAMPLES below; the subcommands are the list itself.
            if out and out[-1] == ".Pp":
                out.pop()
            continue
        if line == "":
            if out and out[-1] not in (".Pp",) and not out[-1].startswith(".Bl") and i + 1 < len(lines) and lines[i + 1] != "":
                out.append(".Pp")
            i += 1
            continue
        out.append(line)
        i += 1
    # No paragraph mark right before a list item or the end of a list (mandoc warns).
    cleaned = []
    for line in out:
        if (line.startswith(".It") or line.startswith(".El") or line.startswith(".Sh")) and cleaned and cleaned[-1] == ".Pp":
            cleaned.pop()
        cleaned.append(line)
    text = "\n".join(cleaned).rstrip("\n") + "\n"
    status = ".Sh EXIT STATUS\n.Bl -tag -width Ds\n" + "".join(f".It {code}\n{meaning}\n" for code, meaning in exit_codes) + ".El\n"
    text = re.sub(r'\.Sh "EXIT STATUS"\n\.Ex -std\n', lambda _: FILES + status + EXAMPLES + SEE_ALSO, text)
    if "EXIT STATUS" not in text or not exit_codes:
        sys.exit(f"man-page.py: {path}: no exit codes found")
    open(path, "w").write(text)


if __name__ == "__main__":
    main(sys.argv[1])
