#!/usr/bin/env python3
"""Makes the gettext fixtures in fixtures/catalogs/: a few dozen real GTK 3 messages per locale.

For each locale, `msgunfmt` turns Debian's compiled catalog
/usr/share/locale/<locale>/LC_MESSAGES/gtk30.mo (package libgtk-3-common) back into PO; this keeps
its header and the entries whose msgid (with msgctxt, as "ctxt\\x04msgid", escaped as in the PO
file) is in MESSAGES, writes fixtures/catalogs/gtk30.<locale>.po, and compiles it with `msgfmt`
into gtk30.<locale>.mo, so the .po and .mo readers can be checked against each other.

Usage: scripts/catalog_fixtures.py [OUT_DIR]   (default fixtures/catalogs)
"""
import os
import re
import subprocess
import sys

LOCALES = ["de", "ja", "ru", "ar", "pl"]

MESSAGES = [
    # plain UI strings
    "_Cancel", "_Open", "_Save", "_Delete", "_Replace", "_Name", "Size", "Modified", "Home", "Desktop",
    "Recent", "Search", "Other Locations", "Select a File", "Create Folder", "Connect to Server",
    "Unmount", "Copy _Location", "Show _Hidden Files", "Sort _Folders before Files", "Pages per _sheet:",
    "Could not read the contents of %s", "The folder contents could not be displayed",
    "A folder with that name already exists", "A file with that name already exists",
    "Folder names cannot contain “/”",
    "A file named “%s” already exists.  Do you want to replace it?",
    # msgctxt
    "Stock label\x04_Apply", "Stock label\x04Save _As", "Stock label\x04Warning",
    "Action name\x04Click", "Color name\x04Dark Orange",
    # escapes: \n and \", and msgids/msgstrs written over several lines
    "Dialog is locked.\\nClick to make changes",
    "Dialog is unlocked.\\nClick to prevent further changes",
    "Specify one or more page ranges,\\n e.g. 1–3, 7, 11",
    "Margins:\\n Left: %s %s\\n Right: %s %s\\n Top: %s %s\\n Bottom: %s %s",
    'Try \\"%s --help\\" for more information.',
    'This program comes with absolutely no warranty.\\nSee the <a href=\\"%s\\">%s</a> for details.',
    '\\"%s\\" could not be converted to a value of type \\"%s\\" for attribute \\"%s\\"',
    # plurals
    "Opening %d Item", "%s / %s available",
]


def key(block):
    """The entry's msgid with its msgctxt, still escaped as in the PO text; None for comments only."""
    ctxt = re.search(r'^msgctxt "(.*)"', block, re.M)
    msgid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
    if not msgid:
        return None
    text = "".join(re.findall(r'"(.*)"', msgid.group(1)))
    return (ctxt.group(1) + "\x04" if ctxt else "") + text


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "fixtures/catalogs"
    os.makedirs(out, exist_ok=True)
    wanted = set(MESSAGES)
    for locale in LOCALES:
        mo = f"/usr/share/locale/{locale}/LC_MESSAGES/gtk30.mo"
        po = subprocess.run(["msgunfmt", mo], check=True, capture_output=True, text=True).stdout
        blocks = po.strip("\n").split("\n\n")
        kept = [blocks[0]] + [b for b in blocks[1:] if key(b) in wanted]
        missing = wanted - {key(b) for b in kept}
        if missing:
            sys.exit(f"{mo}: missing {sorted(missing)}")
        path = os.path.join(out, f"gtk30.{locale}.po")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n\n".join(kept) + "\n")
        subprocess.run(["msgfmt", "-o", path[:-3] + ".mo", path], check=True)


if __name__ == "__main__":
    main()
