import Foundation
import Testing
import CellHeightTestSupport

/// Issue 17's forms of option values a newcomer writes: `px` after a width, `-` for standard
/// output, and a note for a line height that is most likely meant in px.
@Suite("command line: option forms")
struct OptionFormsTests {
    static let font = TestFonts.dejaVuSans

    @Test("--width takes px after each number; --output-file - is standard output")
    func widthsInPixelsToStandardOutput() throws {
        let plain = try CellHeightProcess.run(["--font", Self.font, "--width", "100,200", "--output", "csv"],
                                              stdin: Array("Delete all files?\n".utf8))
        let withUnits = try CellHeightProcess.run(["--font", Self.font, "--width", "100px, 200PX", "--output", "csv",
                                                   "--output-file", "-"], stdin: Array("Delete all files?\n".utf8))
        #expect(plain.status == 0 && withUnits.status == 0)
        #expect(withUnits.stdoutText == plain.stdoutText)
        #expect(withUnits.stdoutText.hasPrefix("index,id,width,lineCount,height\n0,,100,"))
        #expect(withUnits.stderrText.isEmpty)
    }

    @Test("--line-height 20 is measured as asked, with a note that 20px is probably meant")
    func lineHeightNote() throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--size", "14", "--line-height", "20", "--output", "csv"],
                                               stdin: Array("hello\n".utf8))
        #expect(result.status == 0)
        // 20 × 14 px = 280 px, one line.
        #expect(result.stdoutText == "index,id,width,lineCount,height\n0,,320,1,280\n")
        #expect(result.stderrText == "cellheight: note: --line-height 20 is 20 times the font size (280 px); for 20 px write --line-height 20px\n")
        let usual = try CellHeightProcess.run(["--font", Self.font, "--line-height", "1.4"], stdin: Array("hello\n".utf8))
        #expect(usual.stderrText.isEmpty)
    }
}

/// Issue 17: a file's extension says its format before its content does.
@Suite("command line: formats by extension")
struct FormatByExtensionTests {
    static let font = TestFonts.dejaVuSans

    @Test("formats by extension", arguments: [
        // A .txt starting with a quote or a bracket is text: two rows.
        ("rows.txt", "\"Quoted\" title\n[draft] notes\n", 2),
        // A .csv is CSV with its header, not three lines.
        ("rows.csv", "text,id\nhello,a\nworld,b\n", 2),
        // .jsonl and .ndjson are NDJSON even when the first row is an array-looking string.
        ("rows.jsonl", "\"[not an array]\"\n\"b\"\n", 2),
        // .json is JSON.
        ("rows.json", "[\"a\", \"b\", \"c\"]", 3),
    ])
    func byExtension(_ name: String, _ contents: String, _ rows: Int) throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(contents.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        let result = try CellHeightProcess.run(["--font", Self.font, "--output", "json", directory + "/" + name])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try CommandLineTests.jsonObject(result.stdout)["rowCount"] as? Int == rows)
    }

    @Test("content read as JSON only by its first character: the error says how to read it as text")
    func jsonHint() throws {
        let result = try CellHeightProcess.run(["--font", Self.font], stdin: Array("[draft] notes\n".utf8))
        #expect(result.status == 65)
        #expect(result.stderrText == "cellheight: <stdin>:1:2: invalid JSON: expected a value, found 'd' (read as a JSON array "
                + "because it starts with '['; for one row per line use --format lines)\n")
    }
}

/// Issue 17's CI log view: no report, only the violations and the summary; and a row that no
/// width can fit because of its forced line breaks says so.
@Suite("command line: the CI log")
struct CILogTests {
    @Test("--output none: nothing on stdout, the diagnostics and the summary on stderr")
    func outputNone() throws {
        let result = try CellHeightProcess.run(["--rules", "fixtures/checks/rules.yaml", "--output", "none", "fixtures/checks/ui.ndjson"],
                                               in: CheckCommandLineTests.root)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.count == 6 && lines.last == "cellheight: 5 of 8 rows over budget")
    }

    @Test("a row with more forced line breaks than its budget has lines says so", arguments: [
        ("pre-wrap", "One\nTwo\nThree", "3 lines > max 2 at 320 px (font DejaVu Sans 16 px); fits at no width: the text has 2 forced line breaks"),
        // Collapsed by white-space: normal, the breaks are spaces: it fits at a wider width.
        ("normal", "One\nTwo\nThree " + String(repeating: "word ", count: 30), "fits at "),
    ])
    func forcedBreaks(_ whiteSpace: String, _ text: String, _ message: String) throws {
        let row = #"{"id": "a", "text": "\#(text.replacingOccurrences(of: "\n", with: "\\n"))"}"#
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--max-lines", "2", "--white-space", whiteSpace,
                                                "--output", "none", "-"], stdin: Array((row + "\n").utf8))
        #expect(result.status == 1)
        #expect(result.stderrText.hasPrefix("<stdin>:1: a: "), "\(result.stderrText)")
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
        #expect(!result.stderrText.contains("no width up to"))
    }
}
