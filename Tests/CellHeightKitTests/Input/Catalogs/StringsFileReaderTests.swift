import Testing
@testable import CellHeightKit

@Suite("catalogs: apple strings")
struct StringsFileReaderTests {
    struct FixtureCase: Sendable, CustomTestStringConvertible {
        var file: String
        var expected: [ExpectedCatalogRow]
        var testDescription: String { file }
    }

    /// fixtures/catalogs/app/*.lproj/Localizable.strings, checked by hand (the Japanese one is UTF-16LE).
    static let fixtures = [
        FixtureCase(file: "app/en.lproj/Localizable.strings", expected: [
            ExpectedCatalogRow("select_file", "Select a File", locale: "en", line: 5),
            ExpectedCatalogRow("create_folder", "Create Folder", locale: "en", line: 6),
            ExpectedCatalogRow("folder_exists", "A folder with that name already exists", locale: "en", line: 8),
            ExpectedCatalogRow("read_error", "Could not read the contents of %@", locale: "en", line: 9),
            ExpectedCatalogRow("page_ranges", "Specify one or more page ranges,\n e.g. 1–3, 7, 11", locale: "en", line: 10),
            ExpectedCatalogRow("help_hint", "Try \"%@ --help\" for more information.", locale: "en", line: 11),
        ]),
        FixtureCase(file: "app/de.lproj/Localizable.strings", expected: [
            ExpectedCatalogRow("select_file", "Datei auswählen", locale: "de", line: 2),
            ExpectedCatalogRow("create_folder", "Ordner anlegen", locale: "de", line: 3),
            // The value is on the line after its key.
            ExpectedCatalogRow("folder_exists", "Ein Ordner gleichen Namens ist bereits vorhanden", locale: "de", line: 5),
            ExpectedCatalogRow("read_error", "Inhalt von %@ konnte nicht gelesen werden", locale: "de", line: 6),
            ExpectedCatalogRow("page_ranges", "Geben Sie einen oder mehrere Druckbereiche ein,\nz.B. 5-11,19,85", locale: "de", line: 7),
            ExpectedCatalogRow("help_hint", "Versuchen Sie »%@ --help« für mehr Informationen.", locale: "de", line: 8),
        ]),
        FixtureCase(file: "app/ja.lproj/Localizable.strings", expected: [
            ExpectedCatalogRow("select_file", "ファイルを選択", locale: "ja", line: 2),
            ExpectedCatalogRow("create_folder", "フォルダーを作成します", locale: "ja", line: 3),
            ExpectedCatalogRow("folder_exists", "同じ名前のフォルダーがすでに存在します", locale: "ja", line: 4),
            ExpectedCatalogRow("read_error", "%@ の内容を読み込めませんでした", locale: "ja", line: 5),
            ExpectedCatalogRow("page_ranges", "1ページ以上の範囲を指定してください;\n例: 1–3, 7, 11", locale: "ja", line: 6),
            ExpectedCatalogRow("help_hint", "詳しい情報については \"%@ --help\" を実行してください。", locale: "ja", line: 7),
        ]),
    ]

    @Test("strings: the app's fixtures, UTF-8 and UTF-16LE", arguments: fixtures)
    func fixture(_ testCase: FixtureCase) throws {
        let rows = try CatalogFixtures.rows(testCase.file, .strings)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == testCase.expected)
    }

    struct InlineCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: [UInt8]
        var path = "Base.lproj/Localizable.strings"
        var expected: [ExpectedCatalogRow]
        var testDescription: String { name }

        init(_ name: String, _ input: String, path: String = "Base.lproj/Localizable.strings", _ expected: [ExpectedCatalogRow]) {
            self.init(name, Array(input.utf8), path: path, expected)
        }

        init(_ name: String, _ input: [UInt8], path: String = "Base.lproj/Localizable.strings", _ expected: [ExpectedCatalogRow]) {
            self.name = name
            self.input = input
            self.path = path
            self.expected = expected
        }
    }

    static let inlineCases = [
        InlineCase("escapes: \\t \\\\ \\' \\U with a surrogate pair, octal",
                   #""k" = "a\tb\\c\'d\U00e9\UD83D\UDE00\101";"#,
                   [ExpectedCatalogRow("k", "a\tb\\c'dé😀A", locale: "", line: 1)]),
        InlineCase("unquoted key and value, a key alone, comments everywhere",
                   "/* a */ key.name = value_1; // b\n\"Cancel\";\n/* multi\nline */ \"x\" /* c */ = /* d */ \"y\" ;\n",
                   [ExpectedCatalogRow("key.name", "value_1", locale: "", line: 1),
                    ExpectedCatalogRow("Cancel", "Cancel", locale: "", line: 2),
                    ExpectedCatalogRow("x", "y", locale: "", line: 4)]),
        InlineCase("a value over several lines starts on its first", "\"k\" = \"one\ntwo\";\n\"l\" = \"three\";",
                   [ExpectedCatalogRow("k", "one\ntwo", locale: "", line: 1), ExpectedCatalogRow("l", "three", locale: "", line: 3)]),
        InlineCase("the whole file in braces", "{\n  \"k\" = \"v\";\n}\n", path: "pt-BR.lproj/Main.strings",
                   [ExpectedCatalogRow("k", "v", locale: "pt-BR", line: 2)]),
        InlineCase("UTF-16 big endian with a byte order mark",
                   [0xFE, 0xFF] + Array("\"k\" = \"Größe\";\n".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }), path: "Localizable.strings",
                   [ExpectedCatalogRow("k", "Größe", locale: "", line: 1)]),
        InlineCase("UTF-8 with a byte order mark", [0xEF, 0xBB, 0xBF] + Array("\"k\" = \"v\";".utf8), path: "de.lproj/x.strings",
                   [ExpectedCatalogRow("k", "v", locale: "de", line: 1)]),
        // Apple's parser reads a backslash before any other character as that character.
        InlineCase("an unknown escape is the character itself", #""k" = "Otev\řít \Č\q";"#,
                   [ExpectedCatalogRow("k", "Otevřít Čq", locale: "", line: 1)]),
        // On the device the last definition wins; NFC and NFD keys are two keys (NSString compares
        // code units).
        InlineCase("a key defined twice is one row, the last definition",
                   "\"Cancel\" = \"Abbrechen\";\n\"Open\" = \"Öffnen\";\n\"Cancel\" = \"Abbruch\";\n\"Caf\u{E9}\" = \"1\";\n\"Cafe\u{301}\" = \"2\";\n",
                   [ExpectedCatalogRow("Open", "Öffnen", locale: "", line: 2), ExpectedCatalogRow("Cancel", "Abbruch", locale: "", line: 3),
                    ExpectedCatalogRow("Caf\u{E9}", "1", locale: "", line: 4), ExpectedCatalogRow("Cafe\u{301}", "2", locale: "", line: 5)]),
        InlineCase("empty file", "", []),
        InlineCase("only comments", "// nothing\n/* here */\n", []),
    ]

    @Test("strings: inline files", arguments: inlineCases)
    func inline(_ testCase: InlineCase) throws {
        let rows = try readCatalogRows(testCase.input, format: .strings, path: testCase.path)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == testCase.expected)
    }

    static let malformedCases = [
        MalformedCatalogCase("unterminated string", "\"a\" = \"b\";\n\"c\" = \"d;\n\n", line: 2, "unterminated string"),
        // A quote left open swallows the line break; the error shows where the parse went wrong.
        MalformedCatalogCase("a string left open runs on", "\"a\" = \"b;\n\"c\" = \"d\";\n", line: 2,
                             "expected ';' after the value, found 'c'"),
        MalformedCatalogCase("\\U without four hex digits", "\"a\" = \"\\U12G4\";", line: 1, "\\U needs four hex digits"),
        MalformedCatalogCase("a lone surrogate", "\"a\" = \"\\UD83D\";", line: 1, "lone surrogate \\UD83D"),
        MalformedCatalogCase("missing semicolon", "\"a\" = \"b\"\n\"c\" = \"d\";\n", line: 2, "expected ';' after the value, found '\"'"),
        MalformedCatalogCase("missing equals sign", "\"a\" \"b\";\n", line: 1, "expected '=' or ';' after the key"),
        MalformedCatalogCase("missing value", "\"a\" = ;\n", line: 1, "expected a value, found ';'"),
        MalformedCatalogCase("unterminated comment", "\"a\" = \"b\";\n/* no end\n\n", line: 2, "unterminated comment"),
        MalformedCatalogCase("missing closing brace", "{ \"a\" = \"b\";\n", line: 2, "missing the closing brace"),
        MalformedCatalogCase("invalid UTF-8", [UInt8]("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xFF] + [UInt8]("\";".utf8), line: 2,
                             "invalid UTF-8 at byte offset 18"),
        MalformedCatalogCase("a binary property list", [UInt8]("bplist00".utf8) + [0xD1, 0x01], line: 1, "a binary property list"),
    ]

    @Test("strings: malformed files give one error with the line", arguments: malformedCases)
    func malformed(_ testCase: MalformedCatalogCase) {
        checkMalformed(testCase, .strings)
    }
}
