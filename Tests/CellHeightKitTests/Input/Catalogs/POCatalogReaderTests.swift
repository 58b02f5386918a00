import Testing
@testable import CellHeightKit

@Suite("catalogs: gettext po")
struct POCatalogReaderTests {
    /// Rows of fixtures/catalogs/gtk30.de.po, checked against the file by hand.
    static let germanRows: [String: ExpectedCatalogRow] = [
        // A msgid and msgstr written over several lines; the value starts on the msgstr line.
        "\"%s\" could not be converted to a value of type \"%s\" for attribute \"%s\"": ExpectedCatalogRow(
            "\"%s\" could not be converted to a value of type \"%s\" for attribute \"%s\"",
            "»%s« konnte für das Attribut »%s« nicht in einen Wert vom Typ »%s« konvertiert werden", locale: "de", line: 17),
        "%s / %s available[0]": ExpectedCatalogRow("%s / %s available[0]", "%s / %s verfügbar", locale: "de", line: 23, ["plural": "0"]),
        "%s / %s available[1]": ExpectedCatalogRow("%s / %s available[1]", "%s / %s verfügbar", locale: "de", line: 24, ["plural": "1"]),
        "Action name|Click": ExpectedCatalogRow("Action name|Click", "Klicken", locale: "de", line: 37, ["context": "Action name"]),
        "Dialog is locked.\nClick to make changes": ExpectedCatalogRow(
            "Dialog is locked.\nClick to make changes", "Dialog ist gesperrt.\nKlicken Sie für\nÄnderungen", locale: "de", line: 61),
        "Margins:\n Left: %s %s\n Right: %s %s\n Top: %s %s\n Bottom: %s %s": ExpectedCatalogRow(
            "Margins:\n Left: %s %s\n Right: %s %s\n Top: %s %s\n Bottom: %s %s",
            "Ränder:\n Links: %s %s\n Rechts: %s %s\n Oben: %s %s\n Unten: %s %s", locale: "de", line: 86),
        "Opening %d Item[0]": ExpectedCatalogRow("Opening %d Item[0]", "%d Objekt wird geöffnet", locale: "de", line: 98, ["plural": "0"]),
        "Opening %d Item[1]": ExpectedCatalogRow("Opening %d Item[1]", "%d Objekte werden geöffnet", locale: "de", line: 99, ["plural": "1"]),
        "Stock label|_Apply": ExpectedCatalogRow("Stock label|_Apply", "An_wenden", locale: "de", line: 142, ["context": "Stock label"]),
        "This program comes with absolutely no warranty.\nSee the <a href=\"%s\">%s</a> for details.": ExpectedCatalogRow(
            "This program comes with absolutely no warranty.\nSee the <a href=\"%s\">%s</a> for details.",
            "Dieses Programm kommt OHNE JEDWEDE GARANTIE.\nBesuchen Sie <a href=\"%s\">%s</a> für weitere Informationen.",
            locale: "de", line: 150),
        "Try \"%s --help\" for more information.": ExpectedCatalogRow(
            "Try \"%s --help\" for more information.", "Versuchen Sie »%s --help« für mehr Informationen.", locale: "de", line: 155),
        "_Save": ExpectedCatalogRow("_Save", "_Speichern", locale: "de", line: 176),
    ]

    @Test("po: German fixture, plurals, contexts, escapes and multi-line strings")
    func germanFixture() throws {
        let rows = try CatalogFixtures.rows("gtk30.de.po", .po)
        checkCatalogRowInvariants(rows)
        // 41 messages, 2 of them with 2 plural forms; the header is not a row.
        #expect(rows.count == 43)
        #expect(rows.first?.id == "\"%s\" could not be converted to a value of type \"%s\" for attribute \"%s\"")
        #expect(rows.last?.id == "_Save")
        let byID = Dictionary(rows.map { ($0.id!, ExpectedCatalogRow($0)) }, uniquingKeysWith: { first, _ in first })
        for (id, expected) in Self.germanRows {
            #expect(byID[id] == expected)
        }
        #expect(rows.first { $0.id == "Stock label|_Apply" }?.fields?["key"] == "Stock label|_Apply")
        #expect(rows.first { $0.id == "Opening %d Item[1]" }?.fields?["key"] == "Opening %d Item")
    }

    @Test("po: msgids in NFC and in NFD are two messages, as msgfmt sees them, not a duplicate")
    func canonicallyEquivalentMsgids() throws {
        let po = "msgid \"Caf\u{E9}\"\nmsgstr \"NFC\"\n\nmsgid \"Cafe\u{301}\"\nmsgstr \"NFD\"\n"
        let rows = try readCatalogRows(Array(po.utf8), format: .po, path: "nfc-nfd.po")
        #expect(rows.map { Array($0.text.unicodeScalars.map(\.value)) } == [[0x4E, 0x46, 0x43], [0x4E, 0x46, 0x44]])
        #expect(rows.map { Array($0.id!.utf8) } == [Array("Caf\u{E9}".utf8), Array("Cafe\u{301}".utf8)])
    }

    struct PluralCase: Sendable, CustomTestStringConvertible {
        var file: String
        var locale: String
        var forms: [String]
        var testDescription: String { file }
    }

    @Test("po: as many plural rows as the language has forms", arguments: [
        PluralCase(file: "gtk30.ru.po", locale: "ru",
                   forms: ["Открывается %d элемент", "Открывается %d элемента", "Открывается %d элементов"]),
        PluralCase(file: "gtk30.pl.po", locale: "pl",
                   forms: ["Otwieranie %d elementu", "Otwieranie %d elementów", "Otwieranie %d elementów"]),
        PluralCase(file: "gtk30.ar.po", locale: "ar",
                   forms: ["لا يجري فتح أي عناصر", "يجري فتح عنصر واحد", "يجري فتح عنصرين",
                           "يجري فتح %Id عناصر", "يجري فتح %Id عنصرا", "يجري فتح %Id عنصر"]),
        PluralCase(file: "gtk30.ja.po", locale: "ja", forms: ["%d 個のアイテムを開いています"]),
    ])
    func pluralForms(_ testCase: PluralCase) throws {
        let rows = try CatalogFixtures.rows(testCase.file, .po)
        checkCatalogRowInvariants(rows)
        let opening = rows.filter { $0.fields?["key"] == "Opening %d Item" }
        #expect(opening.map(\.text) == testCase.forms)
        #expect(opening.map(\.id) == testCase.forms.indices.map { "Opening %d Item[\($0)]" })
        #expect(opening.allSatisfy { $0.fields?["locale"] == testCase.locale })
        #expect(opening.map { $0.fields?["plural"] } == testCase.forms.indices.map { String($0) })
    }

    struct InlineCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var path = "messages.po"
        var expected: [ExpectedCatalogRow]
        var testDescription: String { name }
    }

    static let header = "msgid \"\"\nmsgstr \"Language: pt_BR\\nContent-Type: text/plain; charset=UTF-8\\n\"\n\n"

    static let inlineCases: [InlineCase] = [
        InlineCase(name: "the header's Language is the locale",
                   input: header + "msgid \"Size\"\nmsgstr \"Tamanho\"\n",
                   expected: [ExpectedCatalogRow("Size", "Tamanho", locale: "pt_BR", line: 5)]),
        InlineCase(name: "without a Language, the file name's locale", input: "msgid \"Size\"\nmsgstr \"Größe\"\n", path: "po/de.po",
                   expected: [ExpectedCatalogRow("Size", "Größe", locale: "de", line: 2)]),
        InlineCase(name: "without a Language, the folder above LC_MESSAGES",
                   input: "msgid \"Size\"\nmsgstr \"Taille\"\n", path: "/usr/share/locale/fr/LC_MESSAGES/gtk30.po",
                   expected: [ExpectedCatalogRow("Size", "Taille", locale: "fr", line: 2)]),
        InlineCase(name: "C escapes: \\n \\t \\\" \\\\ octal and hex",
                   input: header + "msgid \"a\"\nmsgstr \"1\\n2\\t3\\\"4\\\\5\\101\\x42\"\n",
                   expected: [ExpectedCatalogRow("a", "1\n2\t3\"4\\5AB", locale: "pt_BR", line: 5)]),
        InlineCase(name: "an empty msgstr falls back to the msgid",
                   input: header + "msgid \"Size\"\nmsgstr \"\"\n",
                   expected: [ExpectedCatalogRow("Size", "Size", locale: "pt_BR", line: 4, ["untranslated": "true"])]),
        InlineCase(name: "a fuzzy translation is not used: the msgid is",
                   input: header + "#, c-format, fuzzy\nmsgid \"%d files\"\nmsgstr \"%d arquivos\"\n",
                   expected: [ExpectedCatalogRow("%d files", "%d files", locale: "pt_BR", line: 5, ["untranslated": "true"])]),
        InlineCase(name: "untranslated plural forms: msgid, then msgid_plural",
                   input: header + "msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\nmsgstr[2] \"%d arquivos\"\n",
                   expected: [ExpectedCatalogRow("%d file[0]", "%d file", locale: "pt_BR", line: 4, ["plural": "0", "untranslated": "true"]),
                              ExpectedCatalogRow("%d file[1]", "%d files", locale: "pt_BR", line: 5, ["plural": "1", "untranslated": "true"]),
                              ExpectedCatalogRow("%d file[2]", "%d arquivos", locale: "pt_BR", line: 8, ["plural": "2"])]),
        InlineCase(name: "obsolete messages and comments are ignored",
                   input: header + "# translator\n#. extracted\n#: src/main.c:12\n#| msgid \"Old\"\nmsgid \"New\"\nmsgstr \"Novo\"\n\n#~ msgid \"Gone\"\n#~ msgstr \"Ido\"\n",
                   expected: [ExpectedCatalogRow("New", "Novo", locale: "pt_BR", line: 9)]),
        InlineCase(name: "entries without blank lines between them, CRLF line ends",
                   input: "msgid \"a\"\r\nmsgstr \"b\"\r\nmsgctxt \"menu\"\r\nmsgid \"a\"\r\nmsgstr \"c\"\r\n", path: "ja.po",
                   expected: [ExpectedCatalogRow("a", "b", locale: "ja", line: 2),
                              ExpectedCatalogRow("menu|a", "c", locale: "ja", line: 5, ["context": "menu"])]),
        InlineCase(name: "a template (.pot): the source texts",
                   input: "msgid \"\"\nmsgstr \"Language: \\nContent-Type: text/plain; charset=CHARSET\\n\"\n\nmsgid \"Size\"\nmsgstr \"\"\n",
                   path: "app.pot",
                   expected: [ExpectedCatalogRow("Size", "Size", locale: "", line: 4, ["untranslated": "true"])]),
        InlineCase(name: "empty file", input: "", expected: []),
    ]

    @Test("po: inline catalogs", arguments: inlineCases)
    func inline(_ testCase: InlineCase) throws {
        let rows = try readCatalogRows(Array(testCase.input.utf8), format: .po, path: testCase.path)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == testCase.expected)
    }

    @Test("po: an ISO-8859-1 catalog is decoded by its header's charset")
    func latin1() throws {
        let text = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n\nmsgid \"Size\"\nmsgstr \"Gr\u{F6}\u{DF}e\"\n"
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        let rows = try readCatalogRows(bytes, format: .po, path: "de.po")
        #expect(rows.map(\.text) == ["Größe"])
    }

    /// Catalogs in the charsets of Debian's older catalogs, made from `gtk30.{ja,pl,ru}.po` by
    /// gettext's own `msgconv` (see fixtures/README.md): the same texts as the UTF-8 files.
    @Test("po and mo: any charset the header names is decoded (EUC-JP, ISO-8859-2, KOI8-R)", arguments: [
        ("gtk30.ja.euc-jp", ["ファイルを選択", "開く(_O)", "保存(_S)"]),
        ("gtk30.pl.iso-8859-2", ["Wybór pliku", "_Otwórz", "_Zapisz"]),
        ("gtk30.ru.koi8-r", ["Выберите файл", "_Открыть", "_Сохранить"]),
    ])
    func legacyCharsets(_ name: String, _ texts: [String]) throws {
        let po = try CatalogFixtures.rows("charsets/\(name).po", .po)
        #expect(po.map(\.id) == ["Select a File", "_Open", "_Save"])
        #expect(po.map(\.text) == texts)
        // The compiled catalog holds its messages sorted by msgid: the same order here.
        let mo = try CatalogFixtures.rows("charsets/\(name).mo", .mo)
        #expect(mo.map(\.text) == texts)
    }

    static let malformedCases: [MalformedCatalogCase] = [
        MalformedCatalogCase("unterminated string", "msgid \"Size\"\nmsgstr \"Größe\n", line: 2, "unterminated string"),
        MalformedCatalogCase("unknown escape", "msgid \"Size\"\n\nmsgstr \"Gr\\qe\"\n", line: 3, "unknown escape \\q"),
        MalformedCatalogCase("msgid without msgstr", "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"c\"\n", line: 4, "msgid without msgstr"),
        MalformedCatalogCase("two msgids", "msgid \"a\"\nmsgid \"b\"\nmsgstr \"c\"\n", line: 2, "expected msgstr, found msgid"),
        MalformedCatalogCase("msgstr[n] without msgid_plural", "msgid \"a\"\nmsgstr[0] \"b\"\n", line: 2, "without msgid_plural"),
        MalformedCatalogCase("plural forms out of order", "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"b\"\nmsgstr[2] \"c\"\n", line: 4,
                             "expected msgstr[1], found msgstr[2]"),
        MalformedCatalogCase("unknown keyword", "msgid \"a\"\nmsgstring \"b\"\n", line: 2, "unknown keyword msgstring"),
        MalformedCatalogCase("text after the string", "msgid \"a\" x\nmsgstr \"b\"\n", line: 1, "after the string"),
        MalformedCatalogCase("a string with no keyword", "\"a\"\nmsgid \"a\"\nmsgstr \"b\"\n", line: 1, "no keyword"),
        MalformedCatalogCase("duplicate message", "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n", line: 4,
                             "duplicate message (first defined on line 1)"),
        MalformedCatalogCase("invalid UTF-8", [UInt8]("msgid \"a\"\nmsgstr \"".utf8) + [0xC3, 0x28] + [UInt8]("\"\n".utf8),
                             line: 2, "invalid UTF-8"),
        MalformedCatalogCase("a charset no converter knows",
                             "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=KLINGON-8\\n\"\n", line: 2,
                             "unsupported charset KLINGON-8"),
        // Shift_JIS can hold `\\` or `"` as the second byte of a character: the po syntax cannot be
        // read from its bytes (gettext special-cases it; msgconv turns it into UTF-8).
        MalformedCatalogCase("Shift_JIS", "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=SHIFT_JIS\\n\"\n", line: 2,
                             "unsupported charset SHIFT_JIS (convert the file to UTF-8 with msgconv)"),
        MalformedCatalogCase("bytes not valid in the charset",
                             [UInt8]("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=EUC-JP\\n\"\n\nmsgid \"a\"\nmsgstr \"".utf8)
                                + [0xA4] + [UInt8]("\"\n".utf8),  // a lead byte without its second byte
                             line: 5, "invalid EUC-JP in the string"),
    ]

    @Test("po: malformed catalogs give one error with the line", arguments: malformedCases)
    func malformed(_ testCase: MalformedCatalogCase) {
        checkMalformed(testCase, .po)
    }
}
