import Testing
@testable import CellHeightKit

/// Issue 15: an ICU MessageFormat plural or select message is a row per branch, as catalog plurals are.
@Suite("catalogs: ICU MessageFormat plural and select messages")
struct ICUMessageFormatTests {
    /// A .po file of a JavaScript app (FormatJS messages in gettext), written for the test.
    static let po = """
        msgid ""
        msgstr ""
        "Language: de\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "files.count"
        msgstr "{count, plural, =0 {Keine Dateien} one {# Datei} other {# Dateien}}"

        msgid "shared.by"
        msgstr "{gender, select, female {Von ihr geteilt} male {Von ihm geteilt} other {Von {name} geteilt}}"

        msgid "plain"
        msgstr "Datei {name} öffnen"

        msgid "rank"
        msgstr "{place, selectordinal, one {#. Platz} other {#. Platz}} in {group}"

        """

    @Test("po: plural, select and selectordinal become a row per branch; plain {name} text stays one row")
    func poBranches() throws {
        let rows = try readCatalogRows(Array(Self.po.utf8), format: .po, path: "de.po")
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == [
            ExpectedCatalogRow("files.count[=0]", "Keine Dateien", locale: "de", line: 7, ["plural": "=0"]),
            ExpectedCatalogRow("files.count[one]", "# Datei", locale: "de", line: 7, ["plural": "one"]),
            ExpectedCatalogRow("files.count[other]", "# Dateien", locale: "de", line: 7, ["plural": "other"]),
            ExpectedCatalogRow("shared.by[female]", "Von ihr geteilt", locale: "de", line: 10, ["select": "female"]),
            ExpectedCatalogRow("shared.by[male]", "Von ihm geteilt", locale: "de", line: 10, ["select": "male"]),
            ExpectedCatalogRow("shared.by[other]", "Von {name} geteilt", locale: "de", line: 10, ["select": "other"]),
            ExpectedCatalogRow("plain", "Datei {name} öffnen", locale: "de", line: 13),
            ExpectedCatalogRow("rank[one]", "#. Platz in {group}", locale: "de", line: 16, ["plural": "one"]),
            ExpectedCatalogRow("rank[other]", "#. Platz in {group}", locale: "de", line: 16, ["plural": "other"]),
        ])
        // A plural branch's # is its number; a select branch has none.
        #expect(rows[1].placeholders.contains(.pluralNumber))
        #expect(!rows[5].placeholders.contains(.pluralNumber))
        #expect(rows[5].placeholders.contains(.braces))
    }

    @Test("android: an ICU message in a string, nested plural in select, combined in text order")
    func androidNested() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="invite">{host_gender, select, female {Sie lädt {guests, plural, one {einen Gast} other {# Gäste}} ein} other {Einladung an {guests, plural, one {einen Gast} other {# Gäste}}}}</string>
                <string name="two">{a, plural, one {ein A} other {# As}} und {b, select, x {X} other {Y}}</string>
            </resources>
            """
        let rows = try readCatalogRows(Array(xml.utf8), format: .androidXML, path: "res/values-de/strings.xml")
        checkCatalogRowInvariants(rows)
        #expect(rows.map(\.id) == ["invite[female][one]", "invite[female][other]", "invite[other][one]", "invite[other][other]",
                                   "two[one][x]", "two[one][other]", "two[other][x]", "two[other][other]"])
        #expect(rows[1].text == "Sie lädt # Gäste ein")
        #expect(rows[1].fields?["plural"] == "other")
        #expect(rows[1].fields?["select"] == "female")
        #expect(rows[6].text == "# As und X")
    }

    @Test("ICU quoting: '' is an apostrophe, '{…}' literal text, a lone apostrophe itself", arguments: [
        ("{n, plural, other {l''arbre '{'n'}' l'eau}}", "l'arbre {n} l'eau"),
        ("{n, plural, other {'#' ist # }}", "# ist # "),
        ("{n, select, other {a '{b}' c}}", "a {b} c"),
        ("{n,plural,offset:1 other{# mehr}}", "# mehr"),
        ("{n, plural, offset: 1 other {# mehr}}", "# mehr"),
        ("{n, plural, other {{n, number, ::percent} fertig}}", "{n, number, ::percent} fertig"),
    ])
    func quoting(_ message: String, _ shown: String) throws {
        let texts = try #require(ICUMessage(parsing: message)).branchTexts().map(\.text)
        #expect(texts == [shown])
    }

    @Test("not ICU MessageFormat, or no plural or select: the text stays as written", arguments: [
        "Datei {name} öffnen", "{{ count }} Dateien", "{count, plural, one {# Datei}", "{count, plural, one # Datei}}",
        "{count, plural, }", "geschweifte } Klammer", "{}", "{count, plural, one {x}} }",
    ])
    func notICU(_ text: String) {
        #expect(ICUMessage(parsing: text) == nil)
    }

    @Test("bounds: more than 1,000 combinations is an error naming the entry; nesting is bounded")
    func bounds() throws {
        let ten = "{v, select, " + (0..<10).map { "s\($0) {x}" }.joined(separator: " ") + "}"
        let po = "msgid \"big\"\nmsgstr \"\(ten)\(ten)\(ten)\(ten)\"\n"
        #expect {
            try readCatalogRows(Array(po.utf8), format: .po, path: "de.po")
        } throws: { error in
            (error as? CellHeightError)?.description.contains("de.po:2: \"big\": more than 1000 texts") == true
        }
        let exactly = "msgid \"ok\"\nmsgstr \"\(ten)\(ten)\(ten)\"\n"
        #expect(try readCatalogRows(Array(exactly.utf8), format: .po, path: "de.po").count == 1000)
        // Nested deeper than the bound: not read as ICU, measured as written.
        var deep = "x"
        for _ in 0..<(maximumICUNesting + 2) { deep = "{v, select, other {\(deep)}}" }
        #expect(ICUMessage(parsing: deep) == nil)
    }
}
