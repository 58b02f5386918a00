import Foundation
import Testing
import CellHeightTestSupport

/// Issue 15 through the command line: `--replace`, `--placeholder-number`, `--placeholder-string`
/// and `--mnemonic` on real catalogs, and rules that set them per key.
@Suite("command line: the text the user sees")
struct CatalogTextCommandLineTests {
    static let font = ["--font", TestFonts.dejaVuSans, "--size", "14"]
    static let catalogs = CellHeightProcess.packageRoot.appendingPathComponent("fixtures/catalogs").path

    /// The table's text column, by row: what follows the line count and height.
    static func texts(in result: CellHeightProcess.Result) -> [String] {
        let row = try! NSRegularExpression(pattern: "^ *[0-9]+  .*?  +[0-9]+ +[0-9]+  (.*)$")
        return result.stdoutText.split(separator: "\n").compactMap { line in
            let line = String(line)
            guard let match = row.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                  let text = Range(match.range(at: 1), in: line) else { return nil }
            return String(line[text])
        }
    }

    /// The table's text of the row whose id (without spaces) is `id`.
    static func text(of id: String, in result: CellHeightProcess.Result) -> String? {
        let lines = result.stdoutText.split(separator: "\n")
        guard let line = lines.first(where: { $0.split(separator: " ").dropFirst().first == Substring(id) }) else { return nil }
        return texts(in: CellHeightProcess.Result(status: 0, stdout: Data(line.utf8), stderr: Data())).first
    }

    @Test("--mnemonic _ on GTK's catalog: _Speichern is measured as Speichern")
    func gtkMnemonics() throws {
        let plain = try CellHeightProcess.run(Self.font + ["\(Self.catalogs)/gtk30.de.po"])
        let result = try CellHeightProcess.run(Self.font + ["--mnemonic", "_", "\(Self.catalogs)/gtk30.de.po"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Self.text(of: "_Save", in: plain) == "_Speichern")
        #expect(Self.text(of: "_Save", in: result) == "Speichern")
    }

    @Test("placeholder samples in each format: Android %1$s, Apple %@ and %lld, XLIFF's %s, gettext's %d")
    func samples() throws {
        let files = ["app/res/values-de/strings.xml", "app/de.lproj/Localizable.strings", "app/app.de.xlf", "gtk30.de.po",
                     "app/Localizable.xcstrings"].map { "\(Self.catalogs)/\($0)" }
        let result = try CellHeightProcess.run(Self.font + ["--placeholder-number", "8,888", "--placeholder-string", "Alexandra",
                                                            "--width", "600"] + files)
        #expect(result.status == 0, "\(result.stderrText)")
        let texts = Self.texts(in: result)
        #expect(texts.count == 87)
        #expect(texts.contains("Inhalt von Alexandra konnte nicht geles…"))
        #expect(texts.contains("Alexandra / Alexandra verfügbar"))
        #expect(texts.contains("Opening 8,888 Items"))
        #expect(texts.contains("Открывается 8,888 элементов"))
        // No placeholder is left in any text (the ids keep theirs).
        #expect(texts.filter { $0.contains("%") } == [])
    }

    @Test("--replace FROM=TO: literal, repeatable, in order; rows read as lines too (no fast lane)")
    func replace() throws {
        let input = Array("Hallo NAME\nHallo Robert Kowalczyk\n".utf8)
        let result = try CellHeightProcess.run(Self.font + ["--width", "100", "--output", "ndjson", "--replace", "NAME=Alex",
                                                            "--replace", "Alex=Robert Kowalczyk"], stdin: input)
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 2)
        // Both rows are now the same text: the same line count and height.
        #expect(lines[0].replacingOccurrences(of: "\"index\":0", with: "") == lines[1].replacingOccurrences(of: "\"index\":1", with: ""))
        #expect(lines[0].contains("\"lineCount\":2"))
    }

    @Test("rules set replacements, samples and mnemonics per key: the violation is the text's as the user sees it")
    func rules() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try """
            rules:
              - keys: "*"
                font: DejaVu Sans
                size: 14
                width: 200
                maxLines: 1
                placeholderString: Alexandra Kowalczyk
              - keys: "_*"
                mnemonic: "_"
                replacements: {Ersetzen: Überschreiben}
            """.write(toFile: directory + "/rules.yaml", atomically: true, encoding: .utf8)
        let result = try CellHeightProcess.run(["--rules", directory + "/rules.yaml", "--output", "none",
                                                "\(Self.catalogs)/gtk30.de.po"])
        #expect(result.status == 1)
        // "%s / %s verfügbar" with two long names no longer fits one line at 200 px.
        #expect(result.stderrText.contains("gtk30.de.po:23: %s / %s available[0] [de]: 3 lines > max 1 at 200 px"))
        let table = try CellHeightProcess.run(["--rules", directory + "/rules.yaml", "\(Self.catalogs)/gtk30.de.po"])
        #expect(Self.text(of: "_Replace", in: table) == "Überschreiben")
    }

    @Test("bad text options: a usage error (exit 64)", arguments: [
        (["--replace", "no-equals"], "--replace must be FROM=TO"), (["--replace", "=x"], "--replace must be FROM=TO"),
        (["--mnemonic", "__"], "--mnemonic must be one character"), (["--mnemonic", "a"], "--mnemonic must be one character"),
    ])
    func usage(_ arguments: [String], _ message: String) throws {
        let result = try CellHeightProcess.run(arguments + ["-"], stdin: Array("x\n".utf8))
        #expect(result.status == 64)
        #expect(result.stderrText.contains(message))
    }
}
