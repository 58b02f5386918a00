import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Symfony's translations: pluralized messages as a row per part, `%name%` parameters. The
/// expected parts follow Symfony's `TranslatorTrait::trans` (cut at single pipes, `||` a pipe,
/// parts trimmed, an interval or a `label:` before the text), written by hand.
@Suite("Symfony plurals and parameters")
struct SymfonyPluralTests {
    static func parts(_ text: String) -> [String]? {
        symfonyPluralParts(text)?.map { "\($0.selector) → \($0.text)" }
    }

    @Test("parts, their intervals and labels", arguments: [
        ("There is one apple|There are %count% apples", ["0 → There is one apple", "1 → There are %count% apples"]),
        ("{0} No apples|{1} One apple|]1,Inf[ %count% apples", ["{0} → No apples", "{1} → One apple", "]1,Inf[ → %count% apples"]),
        ("[-Inf,0[ Negative|{0}Zero| [1, 19] Some |[20,+Inf] Many",
         ["[-Inf,0[ → Negative", "{0} → Zero", "[1, 19] → Some", "[20,+Inf] → Many"]),
        ("{1,2, 3} few|{a} x", ["{1,2, 3} → few", "1 → {a} x"]),
        ("one: Ein Apfel|other: %count% Äpfel", ["one → Ein Apfel", "other → %count% Äpfel"]),
        ("Ein Artikel || Versand frei|%count% Artikel || Versand frei", ["0 → Ein Artikel | Versand frei", "1 → %count% Artikel | Versand frei"]),
    ])
    func plural(text: String, expected: [String]) {
        #expect(Self.parts(text) == expected)
    }

    @Test("not pluralized: no single pipe, or one part once empty ones are dropped", arguments: [
        "Größe || Gewicht", "Warenkorb", "Abbrechen|", "|||",
    ])
    func single(text: String) {
        #expect(Self.parts(text) == nil)
    }

    @Test("%name% parameters: %count% is a number, others strings; before printf in Symfony's texts")
    func parameters() {
        #expect(PlaceholderSyntaxTests.found("Hallo %name%, %count% Artikel, 100 % sicher, {{ limit }}", .symfony)
                == ["%name% s", "%count% n", "{{ limit }} s"])
        // Elsewhere %count% is not a parameter, and printf reads %c.
        #expect(PlaceholderSyntaxTests.found("%count%", .any) == ["%c s"])
    }

    @Test("XLIFF written by Symfony: keys from resname, a row per plural part; other XLIFF keeps its pipes")
    func catalogs() throws {
        let root = CellHeightProcess.packageRoot.path
        let rows = try readCatalogRows([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(root)/fixtures/catalogs/symfony/translations/messages.de.xlf"))),
                                       format: .xliff, path: "messages.de.xlf")
        #expect(rows.map(\.id) == ["cart.title", "cart.items[0]", "cart.items[1]", "cart.items[2]", "apples[0]", "apples[1]",
                                   "welcome", "shipping[0]", "shipping[1]"])
        #expect(rows.map(\.text) == ["Warenkorb", "Ihr Warenkorb ist leer", "Ein Artikel im Warenkorb", "%count% Artikel im Warenkorb",
                                     "Ein Apfel", "%count% Äpfel", "Willkommen zurück, %name%!", "Ein Artikel | Versand frei",
                                     "%count% Artikel | Versand frei"])
        #expect(rows.map { $0.fields?["plural"] } == [nil, "{0}", "{1}", "]1,Inf[", "0", "1", nil, "0", "1"])
        #expect(rows.map(\.key) == ["cart.title", "cart.items", "cart.items", "cart.items", "apples", "apples", "welcome",
                                    "shipping", "shipping"])
        // Through the command line, with samples for Symfony's parameters.
        let measured = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--output", "ndjson",
                                                  "--placeholder-number", "8,888", "--placeholder-string", "Alexandra",
                                                  "fixtures/catalogs/symfony/translations/messages.de.xlf"], in: root)
        #expect(measured.stdoutText.contains(#""id":"cart.items[2]","key":"cart.items","locale":"de","#))
        #expect(measured.stdoutText.contains(#""text":"8,888 Artikel im Warenkorb""#))
        #expect(measured.stdoutText.contains(#""text":"Willkommen zurück, Alexandra!""#))
        // Without Symfony's header, a pipe is text (and the id is the unit's).
        let plain = #"""
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="de" datatype="plaintext" original="x"><body>
            <trans-unit id="a" resname="b"><source>Size | Weight</source><target>Größe | Gewicht</target></trans-unit>
            </body></file></xliff>
            """#
        let other = try readCatalogRows(Array(plain.utf8), format: .xliff, path: "x.xlf")
        #expect(other.map(\.id) == ["a"])
        #expect(other.map(\.text) == ["Größe | Gewicht"])
    }
}
