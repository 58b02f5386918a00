import Foundation
import Testing

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
             stderr: .line("cellheight: $DIR/bomb.yaml:1:15: invalid YAML: more than 100000 values once aliases are expanded")),
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

    @Test("hostile catalogs", arguments: cases)
    func hostileCatalog(_ testCase: Case) throws {
        try HostileInputTests().hostileInput(testCase)
    }
}
