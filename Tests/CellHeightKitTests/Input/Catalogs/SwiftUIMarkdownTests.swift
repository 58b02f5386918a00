import Foundation
import Testing
@testable import CellHeightKit

/// SwiftUI's inline Markdown measured as rendered: the expected texts are the text content of
/// CommonMark 0.30's examples (numbers in the spec) and of GitHub's strikethrough, written by hand.
@Suite("SwiftUI Markdown")
struct SwiftUIMarkdownTests {
    @Test("emphasis, strong emphasis, code spans, links, autolinks, escapes, strikethrough", arguments: [
        ("*foo bar*", "foo bar"),                 // 350
        ("a * foo bar*", "a * foo bar*"),         // 351: not left-flanking
        ("a*\"foo\"*", "a*\"foo\"*"),             // 352
        ("foo*bar*", "foobar"),                   // 354: * works inside a word
        ("5*6*78", "5678"),                       // 355
        ("_foo bar_", "foo bar"),                 // 356
        ("_ foo bar_", "_ foo bar_"),             // 357
        ("foo_bar_", "foo_bar_"),                 // 359: _ does not, inside a word
        ("5_6_78", "5_6_78"),                     // 360
        ("foo-_(bar)_", "foo-(bar)"),             // 363
        ("_foo*", "_foo*"),                       // 364
        ("**foo bar**", "foo bar"),
        ("__foo bar__", "foo bar"),
        ("foo__bar__", "foo__bar__"),
        ("*foo**bar**baz*", "foobarbaz"),         // 412
        ("*foo**bar*", "foo**bar"),               // 411: the rule of three
        ("***foo***", "foo"),
        ("**foo*", "*foo"),                       // 445
        ("*foo**", "foo*"),                       // 446
        ("`foo`", "foo"),
        ("`` foo ` bar ``", "foo ` bar"),         // 329
        ("`foo", "`foo"),
        ("[link](/uri \"title\")", "link"),       // 482
        ("[link]()", "link"),                     // 484
        ("[**Nutzungs**bedingungen](https://x.y)", "Nutzungsbedingungen"),
        ("[not a link]", "[not a link]"),
        ("<https://foo.bar.baz>", "https://foo.bar.baz"),  // 594
        ("<m:abc>", "<m:abc>"),                   // 604: a scheme of one letter
        ("\\*not emphasized*", "*not emphasized*"),  // 308
        ("~~Hi~~ Hello", "Hi Hello"),
        ("~single~", "~single~"),
        ("snake_case_name", "snake_case_name"),
        ("%1$@ * %2$@", "%1$@ * %2$@"),
        ("Ordner „Bilder“", "Ordner „Bilder“"),
    ])
    func rendering(markdown: String, shown: String) {
        #expect(renderingSwiftUIMarkdown(markdown) == shown)
    }

    @Test("hostile texts stay linear: a million brackets, backticks and delimiters")
    func hostile() {
        let start = Date()
        for piece in ["[", "(", "`", "``", "*a ", "_a_ ", "[a](", "<ab:"] {
            let text = String(repeating: piece, count: 1_000_000 / piece.count)
            // (Compared outside #expect, which would print a million characters on failure.)
            let kept = renderingSwiftUIMarkdown(text).count >= text.count / 4
            #expect(kept, "\(piece)")
        }
        // Nested links: the outer one goes ("[" and "](u)"), its text read once, the links inside it text.
        let nested = String(repeating: "[", count: 50_000) + "x" + String(repeating: "](u)", count: 50_000)
        let outerRemoved = renderingSwiftUIMarkdown(nested).count == nested.count - 5
        #expect(outerRemoved)
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test("Apple's catalogs: rendered by default, as written with --literal-markdown or a rule's markdown: false")
    func catalogs() throws {
        let path = "fixtures/catalogs/markup/de.lproj/Localizable.strings"
        func texts(_ arguments: [String]) throws -> [String] {
            let result = try CellHeightProcess.run(arguments + ["--output", "ndjson", path], in: CellHeightProcess.packageRoot.path)
            #expect(result.status == 0, "\(result.stderrText)")
            return try result.stdoutText.split(separator: "\n").map { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return try #require(object["text"] as? String)
            }
        }
        #expect(try texts([]) == [
            "%@ wird dauerhaft gelöscht.", "Mit dem Fortfahren akzeptieren Sie die Nutzungsbedingungen.",
            "Tippen Sie auf Bearbeiten, um Dateien umzubenennen.", "bericht_final_v2.txt", "19,99 € 9,99 € *",
        ])
        // The Markdown first, then the placeholders.
        #expect(try texts(["--placeholder-string", "Urlaub.jpg"]).first == "Urlaub.jpg wird dauerhaft gelöscht.")
        #expect(try texts(["--literal-markdown"]) == [
            "**%@** wird dauerhaft gelöscht.", "Mit dem Fortfahren akzeptieren Sie die [Nutzungsbedingungen](https://example.com/terms).",
            "Tippen Sie auf *Bearbeiten*, um `Dateien` umzubenennen.", "bericht_final_v2.txt", "~~19,99 €~~ 9,99 € \\*",
        ])
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("rules:\n  - {keys: \"terms\", markdown: false}\n".utf8).write(to: URL(fileURLWithPath: "\(directory)/rules.yaml"))
        let byRule = try texts(["--rules", "\(directory)/rules.yaml"])
        #expect(byRule[0] == "%@ wird dauerhaft gelöscht.")
        #expect(byRule[1] == "Mit dem Fortfahren akzeptieren Sie die [Nutzungsbedingungen](https://example.com/terms).")
        // Other formats have no SwiftUI Markdown: an Android string's asterisks are text.
        let android = try CellHeightProcess.run(["--output", "ndjson", "--format", "android"],
                                                stdin: Array(#"<resources><string name="a">*nicht* kursiv</string></resources>"#.utf8))
        #expect(android.stdoutText.contains(#""text":"*nicht* kursiv""#))
    }
}
