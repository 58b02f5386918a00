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

    static let cases: [Case] = [
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
