import Foundation
import Testing
@testable import CellHeightKit

@Suite("catalogs: android strings.xml")
struct AndroidStringsReaderTests {
    struct FixtureCase: Sendable, CustomTestStringConvertible {
        var file: String
        var expected: [ExpectedCatalogRow]
        var testDescription: String { file }
    }

    /// fixtures/catalogs/app/res/values*/strings.xml, checked by hand: lines are those of the start tags.
    static let fixtures = [
        FixtureCase(file: "app/res/values/strings.xml", expected: [
            // app_name is translatable="false": no row.
            ExpectedCatalogRow("select_file", "Select a File", locale: "", line: 6),
            ExpectedCatalogRow("create_folder", "Create Folder", locale: "", line: 7),
            // A line break and indentation in the XML are one space.
            ExpectedCatalogRow("folder_exists", "A folder with that name already exists", locale: "", line: 8),
            // HTML in CDATA is measured as Html.fromHtml shows it: <b> is bold, not text.
            ExpectedCatalogRow("read_error", "Could not read the contents of %1$s", locale: "", line: 10),
            ExpectedCatalogRow("page_ranges", "Specify one or more page ranges,\n e.g. 1–3, 7, 11", locale: "", line: 11),
            // <xliff:g> flattened to its text; \" is a quote.
            ExpectedCatalogRow("help_hint", "Try \"%1$s --help\" for more information.", locale: "", line: 12),
            ExpectedCatalogRow("opening_items[one]", "Opening %d Item", locale: "", line: 14, ["plural": "one"]),
            ExpectedCatalogRow("opening_items[other]", "Opening %d Items", locale: "", line: 15, ["plural": "other"]),
            ExpectedCatalogRow("places[0]", "Home", locale: "", line: 18, ["index": "0"]),
            ExpectedCatalogRow("places[1]", "Desktop", locale: "", line: 19, ["index": "1"]),
            ExpectedCatalogRow("places[2]", "Recent", locale: "", line: 20, ["index": "2"]),
        ]),
        FixtureCase(file: "app/res/values-de/strings.xml", expected: [
            ExpectedCatalogRow("select_file", "Datei auswählen", locale: "de", line: 3),
            ExpectedCatalogRow("create_folder", "Ordner anlegen", locale: "de", line: 4),
            ExpectedCatalogRow("folder_exists", "Ein Ordner gleichen Namens ist bereits vorhanden", locale: "de", line: 5),
            ExpectedCatalogRow("read_error", "Inhalt von %1$s konnte nicht gelesen werden", locale: "de", line: 6),
            // Unescaped double quotes are removed.
            ExpectedCatalogRow("page_ranges", "Geben Sie einen oder mehrere Druckbereiche ein,\nz.B. 5-11,19,85", locale: "de", line: 7),
            ExpectedCatalogRow("help_hint", "Versuchen Sie »%1$s --help« für mehr Informationen.", locale: "de", line: 8),
            ExpectedCatalogRow("opening_items[one]", "%d Objekt wird geöffnet", locale: "de", line: 10, ["plural": "one"]),
            ExpectedCatalogRow("opening_items[other]", "%d Objekte werden geöffnet", locale: "de", line: 11, ["plural": "other"]),
            ExpectedCatalogRow("places[0]", "Persönlicher Ordner", locale: "de", line: 14, ["index": "0"]),
            ExpectedCatalogRow("places[1]", "Schreibtisch", locale: "de", line: 15, ["index": "1"]),
            ExpectedCatalogRow("places[2]", "Zuletzt verwendet", locale: "de", line: 16, ["index": "2"]),
        ]),
        FixtureCase(file: "app/res/values-ru/strings.xml", expected: [
            ExpectedCatalogRow("select_file", "Выберите файл", locale: "ru", line: 3),
            ExpectedCatalogRow("folder_exists", "Папка с таким именем уже существует", locale: "ru", line: 4),
            ExpectedCatalogRow("help_hint", "Попробуйте «%1$s --help» для дополнительной информации.", locale: "ru", line: 5),
            ExpectedCatalogRow("opening_items[one]", "Открывается %d элемент", locale: "ru", line: 7, ["plural": "one"]),
            ExpectedCatalogRow("opening_items[few]", "Открывается %d элемента", locale: "ru", line: 8, ["plural": "few"]),
            ExpectedCatalogRow("opening_items[many]", "Открывается %d элементов", locale: "ru", line: 9, ["plural": "many"]),
            ExpectedCatalogRow("opening_items[other]", "Открывается %d элемента", locale: "ru", line: 10, ["plural": "other"]),
        ]),
    ]

    @Test("android: the app's resources in values, values-de and values-ru", arguments: fixtures)
    func fixture(_ testCase: FixtureCase) throws {
        let rows = try CatalogFixtures.rows(testCase.file, .androidXML)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == testCase.expected)
    }

    /// Issue 31, item 2: each reference's line was counted from the start of the file, so 10^5
    /// references took 40 s (quadratic: 10^6 would take an hour). Counted on from the reference
    /// before, 10^6 take about ten times what 10^5 take.
    @Test("android: 10^4, 10^5 and 10^6 entity references expand in linear time")
    func manyEntityReferences() throws {
        func read(references: Int) throws -> (rows: [Row], seconds: Double) {
            var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE resources [\n  <!ENTITY a \"x\">\n]>\n<resources>\n"
            for line in 0..<(references / 100) {
                xml += "<string name=\"s\(line)\">" + String(repeating: "&a;", count: 100) + "</string>\n"
            }
            xml += "</resources>\n"
            let bytes = Array(xml.utf8)
            let start = DispatchTime.now().uptimeNanoseconds
            let rows = try readCatalogRows(bytes, format: .androidXML, path: "res/values/strings.xml")
            return (rows, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let small = try read(references: 10_000), medium = try read(references: 100_000), large = try read(references: 1_000_000)
        for (run, count) in [(small, 10_000), (medium, 100_000), (large, 1_000_000)] {
            #expect(run.rows.count == count / 100)
            #expect(run.rows.allSatisfy { $0.text == String(repeating: "x", count: 100) })
            #expect(run.rows.last?.sourceLine == 5 + count / 100)
        }
        // Linear: 10 times the references, about 10 times the time (30 leaves room for a busy
        // machine); quadratic would be 100 times, and hours at 10^6.
        #expect(large.seconds < 30 * max(medium.seconds, 0.05), "10^5: \(medium.seconds) s, 10^6: \(large.seconds) s")
        #expect(large.seconds < 60, "10^6: \(large.seconds) s")
    }

    /// Internal entities are the text they stand for (Foundation's XMLParser alone drops it):
    /// nested ones too; inside CDATA a reference is text; lines stay those of the file.
    @Test("android: internal entities are expanded")
    func internalEntities() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [
              <!ENTITY app "Dateien">
              <!ENTITY pro '&app; Pro'>
            ]>
            <resources>
              <string name="open">&app; öffnen</string>
              <string name="buy">&pro; kaufen &amp; &#x263A;</string>
              <string name="literal"><![CDATA[&app; bleibt]]></string>
            </resources>
            """
        let rows = try readCatalogRows(Array(xml.utf8), format: .androidXML, path: "res/values-de/strings.xml")
        #expect(rows.map(\.text) == ["Dateien öffnen", "Dateien Pro kaufen & ☺", "&app; bleibt"])
        #expect(rows.map(\.sourceLine) == [7, 8, 9])
    }

    @Test("android: the Japanese resources have the same keys, one plural form")
    func japanese() throws {
        let rows = try CatalogFixtures.rows("app/res/values-ja/strings.xml", .androidXML)
        #expect(rows.map(\.id) == ["select_file", "create_folder", "folder_exists", "read_error", "page_ranges", "help_hint",
                                   "opening_items[other]", "places[0]", "places[1]", "places[2]"])
        #expect(rows.allSatisfy { $0.fields?["locale"] == "ja" })
        #expect(rows[5].text == "詳しい情報については \"%1$s --help\" を実行してください。")
    }

    struct TextCase: Sendable, CustomTestStringConvertible {
        var name: String
        var raw: String
        var shown: String
        var testDescription: String { name }
    }

    @Test("android: text as aapt2 compiles it", arguments: [
        TextCase(name: "runs of white space are one space, ends trimmed", raw: "  Create\n\t  Folder  ", shown: "Create Folder"),
        TextCase(name: "quoted white space is kept", raw: "\"  two  spaces \"", shown: "  two  spaces "),
        TextCase(name: "escapes", raw: "\\'a\\' \\\"b\\\" c\\\\d\\ne\\tf \\@g \\?h", shown: "'a' \"b\" c\\d\ne\tf @g ?h"),
        TextCase(name: "unicode escape", raw: "caf\\u00e9", shown: "café"),
        TextCase(name: "escaped newline then indentation", raw: "one\\n   two", shown: "one\n two"),
        TextCase(name: "empty", raw: "   ", shown: ""),
    ])
    func text(_ testCase: TextCase) throws {
        #expect(try androidResourceText(testCase.raw) == testCase.shown)
    }

    @Test("android: the locale from the values folder", arguments: [
        ("res/values/strings.xml", ""), ("res/values-ja/strings.xml", "ja"), ("res/values-pt-rBR/strings.xml", "pt-BR"),
        ("res/values-b+sr+Latn/strings.xml", "sr-Latn"), ("res/values-night/strings.xml", ""),
        ("res/values-de-land/strings.xml", "de"), ("strings.xml", ""), ("res/raw/strings.xml", ""),
    ])
    func locale(_ path: String, _ locale: String) {
        #expect(androidLocale(fromPath: path) == locale)
    }

    static let malformedCases = [
        MalformedCatalogCase("XML syntax error", "<resources>\n  <string name=\"a\">x</string>\n  <string name=\"b\">y</strin>\n</resources>\n",
                             line: 3, "invalid XML"),
        MalformedCatalogCase("not XML at all", "\"a\" = \"b\";", line: 1, "invalid XML"),
        MalformedCatalogCase("unknown escape", "<resources>\n\n  <string name=\"a\">it\\s</string>\n</resources>", line: 3,
                             "unknown escape \\s"),
        MalformedCatalogCase("a bad \\u escape", "<resources><string name=\"a\">\\u12</string></resources>", line: 1,
                             "\\u needs four hex digits"),
        MalformedCatalogCase("the root is not <resources>", "<?xml version=\"1.0\"?>\n<manifest/>", line: 2,
                             "the root element is <manifest>, expected <resources>"),
        MalformedCatalogCase("a string without a name", "<resources>\n<string>x</string>\n</resources>", line: 2,
                             "<string> without a name"),
        MalformedCatalogCase("a plural item without a known quantity",
                             "<resources>\n<plurals name=\"p\">\n<item quantity=\"several\">x</item>\n</plurals>\n</resources>", line: 3,
                             "needs quantity zero, one, two, few, many or other"),
        MalformedCatalogCase("an entity expanding a billion times", {
            var dtd = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY e0 \"lololololol\">\n"
            for level in 1...9 {
                dtd += "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">\n"
            }
            return dtd + "]>\n<resources><string name=\"a\">&e9;</string></resources>\n"
        }(), line: 14, "invalid XML: entities expand to more than 1 MiB"),
        MalformedCatalogCase("an entity that refers to itself",
                             "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY a \"x &b;\"><!ENTITY b \"&a;\">]>\n<resources><string name=\"a\">&a;</string></resources>\n",
                             line: 3, "invalid XML: entity a refers to itself"),
        MalformedCatalogCase("a parameter entity", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY % p \"x\">\n]>\n<resources/>\n",
                             line: 3, "invalid XML: parameter entities are not supported"),
        // Never read (it could name any file), and refused rather than measured without its text.
        MalformedCatalogCase("an external entity",
                             "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<resources><string name=\"a\">&x;</string></resources>\n",
                             line: 2, "invalid XML: an external DTD or entity (SYSTEM or PUBLIC), which is never read"),
        MalformedCatalogCase("an external DTD", "<?xml version=\"1.0\"?>\n\n<!DOCTYPE resources PUBLIC \"-//x//y\" \"http://example.com/r.dtd\">\n<resources/>",
                             line: 3, "an external DTD or entity"),
        // Found by the fuzzer: Foundation's XMLParser crashes on a processing instruction without
        // data; one with data is fine.
        MalformedCatalogCase("a processing instruction without data",
                             "<?xml version=\"1.0\"?>\n<resources>\n<?page-break?>\n</resources>\n",
                             line: 3, "invalid XML: a processing instruction without data (<?name?>) is not supported"),
        // Found by the fuzzer: Foundation's XMLParser traps on such element names.
        MalformedCatalogCase("an element name that is not UTF-8",
                             [UInt8]("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n<st".utf8) + [0xF8, 0xF8]
                                + [UInt8]("ring name=\"a\">x</string></resources>".utf8),
                             line: 3, "invalid UTF-8 at byte offset 54"),
        MalformedCatalogCase("a declared encoding other than UTF-8",
                             "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<resources/>", line: 1,
                             "unsupported encoding \"ISO-8859-1\": an XML catalog must be UTF-8 (or UTF-16 with a byte order mark)"),
        // Found by the fuzzer: libxml2 passed the raw bytes of a name on after this declaration.
        MalformedCatalogCase("a broken encoding declaration",
                             [UInt8]("<?xml version=\"1.0\" encoding=\"ug>\n<resources><string".utf8) + [0xFF]
                                + [UInt8](" name=\"a\">x</string></resources>".utf8), line: 2, "invalid UTF-8"),
        MalformedCatalogCase("an undefined entity", "<resources>\n<string name=\"a\">&nbsp;</string>\n</resources>", line: 2,
                             "invalid XML"),
    ]

    @Test("android: a processing instruction with data is read past")
    func processingInstructionWithData() throws {
        let xml = "<?xml version=\"1.0\"?>\n<resources>\n<?tool keep?>\n<string name=\"a\">Datei</string>\n</resources>\n"
        let rows = try readCatalogRows(Array(xml.utf8), format: .androidXML, path: "res/values-de/strings.xml")
        #expect(rows.map(\.text) == ["Datei"])
        #expect(rows.map(\.sourceLine) == [4])
    }

    @Test("android: malformed files give one error with the line", arguments: malformedCases)
    func malformed(_ testCase: MalformedCatalogCase) {
        checkMalformed(testCase, .androidXML)
    }
}



extension AndroidStringsReaderTests {
    @Test("android: a UTF-16 document with a byte order mark")
    func utf16Document() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"utf-16\"?>\n<resources>\n<string name=\"a\">Größe</string></resources>\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let rows = try readCatalogRows(bytes, format: .androidXML, path: "res/values-de/strings.xml")
        #expect(rows.expectedForm == [ExpectedCatalogRow("a", "Größe", locale: "de", line: 3)])
    }
}
