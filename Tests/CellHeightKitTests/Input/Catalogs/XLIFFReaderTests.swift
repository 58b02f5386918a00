import Testing
@testable import CellHeightKit

@Suite("catalogs: xliff")
struct XLIFFReaderTests {
    struct FixtureCase: Sendable, CustomTestStringConvertible {
        var file: String
        var expected: [ExpectedCatalogRow]
        var testDescription: String { file }
    }

    /// fixtures/catalogs/app/app.de.xlf (1.2) and app.ja.xlf (2.0), checked by hand: lines are
    /// those of the <target> (of <source> when untranslated).
    static let fixtures = [
        FixtureCase(file: "app/app.de.xlf", expected: [
            ExpectedCatalogRow("select_file", "Datei auswählen", locale: "de", line: 8, ["maxWidth": "160"]),
            ExpectedCatalogRow("folder_exists", "Ein Ordner gleichen Namens ist bereits vorhanden", locale: "de", line: 12,
                               ["maxWidth": "240", "maxHeight": "40.5"]),
            // size-unit="row": maxheight is a number of lines; <x equiv-text> gives its text.
            ExpectedCatalogRow("read_error", "Inhalt von %s konnte nicht gelesen werden", locale: "de", line: 17, ["maxLines": "2"]),
            // size-unit="char" is not a pixel budget; <g> is flattened to its text.
            ExpectedCatalogRow("help_hint", "Versuchen Sie »%s --help« für mehr Informationen.", locale: "de", line: 21),
            ExpectedCatalogRow("page_ranges", "Geben Sie einen oder mehrere Druckbereiche ein,\nz.B. 5-11,19,85", locale: "de", line: 27),
            // An empty target (state="new"): the source; app_name (translate="no") has no row.
            ExpectedCatalogRow("create_folder", "Create Folder", locale: "de", line: 31, ["untranslated": "true"]),
        ]),
        FixtureCase(file: "app/app.ja.xlf", expected: [
            ExpectedCatalogRow("select_file", "ファイルを選択", locale: "ja", line: 11, ["maxWidth": "160"]),
            ExpectedCatalogRow("read_error", "%s の内容を読み込めませんでした", locale: "ja", line: 17, ["maxWidth": "220.5"]),
            // Two segments and the ignorable line break between them.
            ExpectedCatalogRow("page_ranges", "1ページ以上の範囲を指定してください;\n例: 1–3, 7, 11", locale: "ja", line: 24),
            ExpectedCatalogRow("help_hint", "詳しい情報については \"%s --help\" を実行してください。", locale: "ja", line: 38),
            ExpectedCatalogRow("create_folder", "Create Folder", locale: "ja", line: 44, ["untranslated": "true"]),
        ]),
    ]

    @Test("xliff: the app's 1.2 (German) and 2.0 (Japanese) files with pixel budgets", arguments: fixtures)
    func fixture(_ testCase: FixtureCase) throws {
        let rows = try CatalogFixtures.rows(testCase.file, .xliff)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == testCase.expected)
    }

    struct InlineCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: [ExpectedCatalogRow]
        var testDescription: String { name }
    }

    static let inlineCases = [
        InlineCase(name: "1.2 without a target language: the source texts, in the source language, which are not untranslated", input: """
            <xliff version="1.2"><file source-language="en" datatype="plaintext" original="x"><body>
            <trans-unit id="a"><source>Size</source></trans-unit></body></file></xliff>
            """, expected: [ExpectedCatalogRow("a", "Size", locale: "en", line: 2)]),
        InlineCase(name: "1.2 formatting codes are not shown; sub-flows inside them neither", input: """
            <xliff version="1.2"><file source-language="en" target-language="fr" datatype="html" original="x"><body>
            <trans-unit id="a"><source>x</source><target><bpt id="1">&lt;b&gt;</bpt>Gras<ept id="1">&lt;/b&gt;</ept> <it id="2" pos="open">&lt;i&gt;</it>et <ph id="3">%s</ph></target></trans-unit>
            </body></file></xliff>
            """, expected: [ExpectedCatalogRow("a", "Gras et %s", locale: "fr", line: 2)]),
        InlineCase(name: "1.2 size-unit is pixel by default", input: """
            <xliff version="1.2"><file source-language="en" target-language="de" datatype="plaintext" original="x"><body>
            <trans-unit id="a" maxwidth="120" maxheight="32"><source>Size</source><target>Größe</target></trans-unit></body></file></xliff>
            """, expected: [ExpectedCatalogRow("a", "Größe", locale: "de", line: 2, ["maxWidth": "120", "maxHeight": "32"])]),
        InlineCase(name: "1.2 several files with their own languages", input: """
            <xliff version="1.2">
            <file source-language="en" target-language="de" datatype="plaintext" original="a"><body>
            <trans-unit id="a"><source>Size</source><target>Größe</target></trans-unit></body></file>
            <file source-language="en" target-language="pt-BR" datatype="plaintext" original="b"><body>
            <trans-unit id="a"><source>Size</source><target>Tamanho</target></trans-unit></body></file>
            </xliff>
            """, expected: [ExpectedCatalogRow("a", "Größe", locale: "de", line: 3),
                            ExpectedCatalogRow("a", "Tamanho", locale: "pt-BR", line: 5)]),
        InlineCase(name: "2.x: the slr namespace under any prefix", input: """
            <xliff version="2.1" xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:size="urn:oasis:names:tc:xliff:sizerestriction:2.0" srcLang="en" trgLang="de">
            <file id="f"><size:profiles generalProfile="cellheight:px"/>
            <unit id="a" size:sizeRestriction="96"><segment><source>Size</source><target>Größe</target></segment></unit>
            </file></xliff>
            """, expected: [ExpectedCatalogRow("a", "Größe", locale: "de", line: 3, ["maxWidth": "96"])]),
        InlineCase(name: "2.x: a code point count (xliff:codepoints) is not a pixel budget", input: """
            <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0" srcLang="en" trgLang="de">
            <file id="f"><slr:profiles generalProfile="xliff:codepoints"/>
            <unit id="a" slr:sizeRestriction="12"><segment><source>Size</source><target>Größe</target></segment></unit>
            </file></xliff>
            """, expected: [ExpectedCatalogRow("a", "Größe", locale: "de", line: 3)]),
        InlineCase(name: "2.x: a prefix bound to another namespace is not the module", input: """
            <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:slr="urn:example:other" srcLang="en" trgLang="de">
            <file id="f"><slr:profiles generalProfile="cellheight:px"/>
            <unit id="a" slr:sizeRestriction="wide"><segment><source>Size</source><target>Größe</target></segment></unit>
            </file></xliff>
            """, expected: [ExpectedCatalogRow("a", "Größe", locale: "de", line: 3)]),
        InlineCase(name: "2.x: code points, placeholders' equiv, untranslatable groups", input: """
            <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="fr">
            <file id="f"><group id="g" translate="no"><unit id="skip"><segment><source>x</source></segment></unit></group>
            <unit id="a"><segment><source>x</source><target>A<cp hex="00A0"/>:<sc id="1" equiv="["/> <ph id="2" equiv="%d"/><ec startRef="1"/></target></segment></unit>
            </file></xliff>
            """, expected: [ExpectedCatalogRow("a", "A\u{A0}:[ %d", locale: "fr", line: 3)]),
        InlineCase(name: "1.2: translate=\"no\" on a group holds for its units, unless one says yes", input: """
            <xliff version="1.2"><file source-language="en" target-language="de" datatype="plaintext" original="x"><body>
            <group id="brand" translate="no"><trans-unit id="name"><source>Files</source></trans-unit>
            <group id="inner"><trans-unit id="inner-name"><source>Files Pro</source></trans-unit></group>
            <trans-unit id="tagline" translate="yes"><source>Your files</source><target>Deine Dateien</target></trans-unit></group>
            <trans-unit id="open"><source>Open</source><target>Öffnen</target></trans-unit></body></file></xliff>
            """, expected: [ExpectedCatalogRow("tagline", "Deine Dateien", locale: "de", line: 4),
                            ExpectedCatalogRow("open", "Öffnen", locale: "de", line: 5)]),
        InlineCase(name: "2.x: translate=\"no\" on a file holds for its groups and units", input: """
            <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="fr">
            <file id="brand" translate="no"><group id="g"><unit id="name"><segment><source>Files</source></segment></unit></group></file>
            <file id="ui"><unit id="open"><segment><source>Open</source><target>Ouvrir</target></segment></unit></file>
            </xliff>
            """, expected: [ExpectedCatalogRow("open", "Ouvrir", locale: "fr", line: 3)]),
        InlineCase(name: "2.x: a unit with one untranslated segment shows its whole source", input: """
            <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="fr">
            <file id="f"><unit id="a">
            <segment><source>One.</source><target>Un.</target></segment><ignorable><source> </source></ignorable>
            <segment><source>Two.</source></segment></unit>
            </file></xliff>
            """, expected: [ExpectedCatalogRow("a", "One. Two.", locale: "fr", line: 3, ["untranslated": "true"])]),
    ]

    @Test("xliff: inline files", arguments: inlineCases)
    func inline(_ testCase: InlineCase) throws {
        let rows = try readCatalogRows(Array(testCase.input.utf8), format: .xliff, path: "x.xlf")
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == testCase.expected)
    }

    static let v12 = "<xliff version=\"1.2\"><file source-language=\"en\" target-language=\"de\" datatype=\"plaintext\" original=\"x\"><body>\n"
    static let v20 = "<xliff version=\"2.0\" xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" xmlns:slr=\"urn:oasis:names:tc:xliff:sizerestriction:2.0\" srcLang=\"en\" trgLang=\"de\">\n<file id=\"f\"><slr:profiles generalProfile=\"cellheight:px\"/>\n"

    static let malformedCases = [
        MalformedCatalogCase("XML syntax error", v12 + "<trans-unit id=\"a\"><source>x</source>\n<target>y</source></trans-unit>\n</body></file></xliff>",
                             line: 3, "invalid XML: tag name mismatch"),
        MalformedCatalogCase("the root is not <xliff>", "<?xml version=\"1.0\"?>\n\n<resources/>", line: 3,
                             "the root element is <resources>, expected <xliff>"),
        MalformedCatalogCase("a trans-unit without an id", v12 + "\n<trans-unit><source>x</source></trans-unit></body></file></xliff>", line: 3,
                             "<trans-unit> without an id"),
        MalformedCatalogCase("a trans-unit without a source", v12 + "<trans-unit id=\"a\"><target>x</target></trans-unit></body></file></xliff>",
                             line: 2, "<trans-unit> \"a\" without <source>"),
        MalformedCatalogCase("a pixel width that is not a number",
                             v12 + "<trans-unit id=\"a\" maxwidth=\"wide\" size-unit=\"pixel\"><source>x</source></trans-unit></body></file></xliff>",
                             line: 2, "maxwidth=\"wide\" is not a number, 0 or more"),
        MalformedCatalogCase("a negative pixel height",
                             v12 + "<trans-unit id=\"a\" maxheight=\"-4\" size-unit=\"pixel\"><source>x</source></trans-unit></body></file></xliff>",
                             line: 2, "maxheight=\"-4\" is not a number"),
        MalformedCatalogCase("a 1.2 file without source-language", "<xliff version=\"1.2\">\n<file original=\"x\"><body/></file></xliff>",
                             line: 2, "<file> without source-language"),
        MalformedCatalogCase("a 2.0 file without srcLang", "<xliff version=\"2.0\"\n trgLang=\"de\"><file id=\"f\"/></xliff>",
                             line: 2, "<xliff> without srcLang"),
        MalformedCatalogCase("a unit without a segment", v20 + "<unit id=\"a\">\n</unit></file></xliff>", line: 3,
                             "<unit> \"a\" without <segment>"),
        MalformedCatalogCase("a size restriction that is not px under cellheight:px",
                             v20 + "<unit id=\"a\" slr:sizeRestriction=\"12em\"><segment><source>x</source></segment></unit></file></xliff>",
                             line: 3, "slr:sizeRestriction=\"12em\" is not a number of px (profile cellheight:px)"),
    ]

    @Test("xliff: malformed files give one error with the line", arguments: malformedCases)
    func malformed(_ testCase: MalformedCatalogCase) {
        checkMalformed(testCase, .xliff)
    }
}
