import Foundation
import Testing
import CellHeightTestSupport

/// Issue 13's catalogs: nesting, entities and YAML aliases that would exhaust the stack, memory or
/// time are refused with the line; what stays within the bounds is read whole. Each case runs like a
/// `HostileInputTests` case.
@Suite("hostile catalogs")
struct HostileCatalogTests {
    typealias Case = HostileInputTests.Case
    static let font = TestFonts.dejaVuSans

    static func android(_ depth: Int) -> @Sendable () -> Data {
        { Data(("<resources><string name=\"a\">" + String(repeating: "<b>", count: depth) + "x"
                + String(repeating: "</b>", count: depth) + "</string></resources>\n").utf8) }
    }

    static func xliffGroups(_ depth: Int) -> @Sendable () -> Data {
        { Data(("<xliff version=\"1.2\"><file source-language=\"en\" target-language=\"de\" datatype=\"plaintext\" original=\"x\"><body>"
                + String(repeating: "<group id=\"g\">", count: depth) + "<trans-unit id=\"a\"><source>x</source><target>y</target></trans-unit>"
                + String(repeating: "</group>", count: depth) + "</body></file></xliff>\n").utf8) }
    }

    /// "Billion laughs" in YAML: nine levels of nine aliases each, 9^9 strings once expanded (once
    /// 28 s and 3 GB before an abort).
    static let yamlBomb: @Sendable () -> Data = {
        var lines = [#"a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]"#]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ", ") + "]")
        }
        return Data((lines + ["rules: []"]).joined(separator: "\n").utf8)
    }

    static let cases: [Case] = [
        Case(name: "a YAML alias bomb in --rules", arguments: ["--font", font, "--rules", "$DIR/bomb.yaml"],
             files: ["bomb.yaml": yamlBomb], stdin: Array("hi\n".utf8), status: 78,
             stderr: .prefix("cellheight: $DIR/bomb.yaml:1:")),
        Case(name: "a YAML alias bomb says why", arguments: ["--font", font, "--rules", "$DIR/bomb.yaml"],
             files: ["bomb.yaml": yamlBomb], stdin: Array("hi\n".utf8), status: 78,
             stderr: .line("cellheight: $DIR/bomb.yaml:1:4: invalid YAML: more than 100211 values once aliases are expanded")),
        // Once measured as " öffnen": the entity's text was dropped.
        Case(name: "an XLIFF internal entity is measured as its text",
             arguments: ["--font", font, "--output", "ndjson", "--explain", "$DIR/app.de.xlf"],
             files: ["app.de.xlf": HostileInputTests.text("""
                <?xml version="1.0"?>
                <!DOCTYPE xliff [<!ENTITY app "Dateien">]>
                <xliff version="1.2"><file source-language="en" target-language="de" datatype="plaintext" original="x"><body>
                <trans-unit id="open"><source>Open &app;</source><target>&app; öffnen</target></trans-unit>
                </body></file></xliff>
                """)], status: 0, stderr: .empty, stdoutContains: #""text":"Dateien öffnen""#),
        // Issue 31, item 17: both translations were rows with one id.
        Case(name: "an .xcstrings key given twice: one row, the last, and a warning",
             arguments: ["--font", font, "--output", "json", "$DIR/d.xcstrings"],
             files: ["d.xcstrings": HostileInputTests.text("""
                {"sourceLanguage": "en", "version": "1.0", "strings": {
                "open": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Öffnen"}}}},
                "open": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Datei öffnen"}}}}}}
                """)], status: 0,
             stderr: .line("cellheight: $DIR/d.xcstrings:2: warning: the key \"open\" is given again on line 3; the last one is measured"),
             rowCount: 2, stdoutContains: #""text":"Datei öffnen""#),
        // Issue 31, item 23: the encoding or the binary format named, not "invalid UTF-8 at byte offset 8".
        Case(name: "a binary .stringsdict is named", arguments: ["--font", font, "$DIR/de.lproj/Localizable.stringsdict"],
             files: ["de.lproj/Localizable.stringsdict": { Data("bplist00".utf8) + Data([0xD1, 0x01, 0x02, 0x51, 0x61]) }], status: 65,
             stderr: .line("cellheight: $DIR/de.lproj/Localizable.stringsdict:1: a binary property list; convert it to XML with `plutil -convert xml1` or read the source .stringsdict")),
        Case(name: "a UTF-16 .strings without a byte order mark is named", arguments: ["--font", font, "$DIR/de.lproj/Localizable.strings"],
             files: ["de.lproj/Localizable.strings": { Data("\"open\" = \"Öffnen\";\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) }],
             status: 65,
             stderr: .line("cellheight: $DIR/de.lproj/Localizable.strings:1: UTF-16 (little-endian) without a byte order mark: save it as UTF-8 (or UTF-16 with a byte order mark)")),
        Case(name: "a UTF-16 .po is named", arguments: ["--font", font, "$DIR/de.po"],
             files: ["de.po": { Data([0xFE, 0xFF] + "msgid \"a\"\nmsgstr \"b\"\n".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) }],
             status: 65,
             stderr: .line("cellheight: $DIR/de.po:1: UTF-16 (big-endian): gettext reads no UTF-16; convert the file to UTF-8 (iconv -f UTF-16 -t UTF-8)")),
        Case(name: "YAML nested 40,000 deep in --rules", arguments: ["--font", font, "--rules", "$DIR/deep.yaml"],
             files: ["deep.yaml": HostileInputTests.text("rules: " + String(repeating: "[", count: 40_000) + String(repeating: "]", count: 40_000))],
             stdin: Array("hi\n".utf8), status: 78, stderr: .prefix("cellheight: $DIR/deep.yaml:1:9: invalid YAML: Maximum nesting level reached")),
        // 40,000 levels in 280 KB: once a stack overflow in three walks and the tree's teardown.
        Case(name: "Android string nested 40,000 deep", arguments: ["--font", font, "$DIR/res/values-de/strings.xml"],
             files: ["res/values-de/strings.xml": android(40_000)], status: 65,
             stderr: .line("cellheight: $DIR/res/values-de/strings.xml:1: invalid XML: elements nested deeper than 256")),
        Case(name: "Android string nested 250 deep: read", arguments: ["--font", font, "--output", "json", "$DIR/res/values-de/strings.xml"],
             files: ["res/values-de/strings.xml": android(250)], status: 0, stderr: .empty, rowCount: 1),
        Case(name: "XLIFF groups nested 40,000 deep", arguments: ["--font", font, "$DIR/deep.xlf"],
             files: ["deep.xlf": xliffGroups(40_000)], status: 65,
             stderr: .line("cellheight: $DIR/deep.xlf:1: invalid XML: elements nested deeper than 256")),
        Case(name: "XLIFF groups nested 250 deep: read", arguments: ["--font", font, "--output", "json", "$DIR/deep.xlf"],
             files: ["deep.xlf": xliffGroups(250)], status: 0, stderr: .empty, rowCount: 1),
    ]

    /// Issue 15: a `.stringsdict` entry of `count` plural variables with three variants each
    /// (3^count rows once combined).
    static func stringsdictVariables(_ count: Int) -> @Sendable () -> Data {
        {
            let names = (0..<count).map { "v\($0)" }
            let variables = names.map { name in
                "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                    + "<key>one</key><string>1</string><key>few</key><string>2</string><key>other</key><string>3</string></dict>"
            }.joined()
            return Data(("<plist version=\"1.0\"><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>"
                         + names.map { "%#@\($0)@" }.joined() + "</string>" + variables + "</dict></dict></plist>\n").utf8)
        }
    }

    /// A "billion laughs" document as a `.stringsdict`: ten levels of ten references.
    static let stringsdictLaughs: @Sendable () -> Data = {
        var entities = ["<!ENTITY l0 \"lol\">"]
        for level in 1...9 {
            entities.append("<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">")
        }
        return Data(("<?xml version=\"1.0\"?>\n<!DOCTYPE plist [" + entities.joined(separator: "\n") + "]>\n"
                     + "<plist><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>&l9;</string></dict></dict></plist>\n").utf8)
    }

    static let stringsdictCases: [Case] = [
        Case(name: "a .stringsdict of 3^20 plural combinations", arguments: ["--font", font, "$DIR/ja.lproj/Localizable.stringsdict"],
             files: ["ja.lproj/Localizable.stringsdict": stringsdictVariables(20)], status: 65,
             stderr: .line("cellheight: $DIR/ja.lproj/Localizable.stringsdict:1: \"k\": more than 1000 texts once its plural variables are combined")),
        Case(name: "a .stringsdict of 3^6 plural combinations: read",
             arguments: ["--font", font, "--output", "json", "$DIR/ja.lproj/Localizable.stringsdict"],
             files: ["ja.lproj/Localizable.stringsdict": stringsdictVariables(6)], status: 0, stderr: .empty, rowCount: 729),
        Case(name: "a .stringsdict billion laughs", arguments: ["--font", font, "$DIR/Localizable.stringsdict"],
             files: ["Localizable.stringsdict": stringsdictLaughs], status: 65,
             stderr: .prefix("cellheight: $DIR/Localizable.stringsdict:")),
    ]

    @Test("hostile catalogs: .stringsdict", arguments: stringsdictCases)
    func hostileStringsDict(_ testCase: Case) throws {
        try HostileInputTests().hostileInput(testCase)
    }

    @Test("hostile catalogs", arguments: cases)
    func hostileCatalog(_ testCase: Case) throws {
        try HostileInputTests().hostileInput(testCase)
    }
}
