import Foundation
import Testing
import CellHeightTestSupport

/// Issue 13's second round, the options and messages part: every length bounded, negative numbers
/// reported as numbers, face indices checked, and messages that stay one line of bounded length
/// whatever a value, an id or a path holds. Each case runs like a `HostileInputTests` case.
@Suite("hostile messages")
struct HostileMessageTests {
    typealias Case = HostileInputTests.Case
    static let font = TestFonts.dejaVuSans
    static let hi = Array("hi\n".utf8)

    static func negative(_ option: String, _ message: String) -> Case {
        Case(name: "\(option) -5 is a negative number, not a missing value", arguments: ["--font", font, option, "-5"],
             stdin: hi, status: 64, stderr: .line("cellheight: \(option) must be \(message)"))
    }

    static let cases: [Case] = [
        negative("--min-height", "a number of px, 0 or more (at most 1000000), got -5"),
        negative("--separator", "a number of px, 0 or more (at most 1000000), got -5"),
        negative("--max-height", "a number of px above 0 (at most 1000000), got -5.0"),
        negative("--size", "one or more numbers of px above 0 and at most 10000, comma-separated, got '-5'"),
        negative("--number-of-lines", "0 (no limit) or more, got -5"),
        negative("--max-lines", "1 or more, got -5"),
        negative("--jobs", "between 1 and 1024, got -5"),
        negative("--width", "one or more positive numbers of px (at most 1000000), comma-separated, got '-5'"),
        negative("--padding", "1 to 4 lengths in px, none negative (CSS shorthand: '10', '10 15', '8 5 8 5'), got '-5'"),
        Case(name: "line height 1e308 is out of bounds", arguments: ["--font", font, "--line-height", "1e308"], stdin: hi,
             status: 64, stderr: .line("cellheight: --line-height must be 'normal', a length like '20px' (at most 1000000px) "
                                       + "or a positive multiple of the size like '1.4' (at most 1000), got '1e308'")),
        Case(name: "line height 1e308px is out of bounds", arguments: ["--font", font, "--line-height", "1e308px"], stdin: hi,
             status: 64, stderr: .prefix("cellheight: --line-height must be 'normal'")),
        Case(name: "a template's line height 1e308 is out of bounds", arguments: ["--template", "$DIR/t.json", "$DIR/rows.json"],
             files: ["t.json": HostileInputTests.text(#"{"labels": [{"field": "text", "font": "\#(font)", "lineHeight": "1e308"}]}"#),
                     "rows.json": HostileInputTests.text(#"[{"text": "hi"}]"#)],
             status: 78, stderr: .prefix("cellheight: $DIR/t.json: $.labels[0].lineHeight: must be 'normal'")),
        Case(name: "a template's padding 1e308 is out of bounds", arguments: ["--template", "$DIR/t.json", "$DIR/rows.json"],
             files: ["t.json": HostileInputTests.text(#"{"padding": [1e308], "labels": [{"field": "text", "font": "\#(font)"}]}"#),
                     "rows.json": HostileInputTests.text(#"[{"text": "hi"}]"#)],
             status: 78, stderr: .line("cellheight: $DIR/t.json: $.padding[0]: must be at most 1000000 px, got 1e+308")),
        Case(name: "a rules file's line height 1e308 is out of bounds", arguments: ["--font", font, "--rules", "$DIR/r.yaml"],
             files: ["r.yaml": HostileInputTests.text("rules:\n  - lineHeight: '1e308'\n")], stdin: hi,
             status: 78, stderr: .prefix("cellheight: $DIR/r.yaml: $.rules[0].lineHeight: must be 'normal'")),
        Case(name: "face index 2^32 is not face 0", arguments: ["--font", font + "#4294967296"], stdin: hi,
             status: 69, stderr: .line("cellheight: bad face index \"4294967296\" in font \(font)#4294967296 (expected path#N, 0 <= N <= 65535)")),
        // DejaVu Sans is a single font, not a collection.
        Case(name: "a face the file does not have", arguments: ["--font", font + "#99"], stdin: hi,
             status: 69, stderr: .line("cellheight: face 99 does not exist in \(font): the file has 1 face (#0)")),
        Case(name: "an output file in a directory that takes no new files", arguments: ["--font", font, "--output-file", "/proc/version"],
             stdin: hi, status: 73, stderr: .line("cellheight: cannot write /proc/version: no new file can be created in /proc")),
        Case(name: "a baseline with lineCount 1e20 says so", arguments: ["--font", font, "--baseline", "$DIR/b.json"],
             files: ["b.json": HostileInputTests.text(#"{"rows": [{"index": 0, "lineCount": 1e20, "height": 19}]}"#)], stdin: hi,
             status: 65, stderr: .line(#"cellheight: $DIR/b.json:1: not a cellheight result row: "lineCount" must be a whole number, 0 or more, got 1e20"#)),
        // A 100 KB value is echoed in at most 200 characters.
        Case(name: "a huge bad value is cut in the message", arguments: ["--font", font, "--width", String(repeating: "x", count: 100_000)],
             stdin: hi, status: 64, stderr: .line(HostileInputTests.widthError + " '" + String(repeating: "x", count: 200) + "…'")),
        Case(name: "a path with a newline stays on one line", arguments: ["--font", font, "$DIR/no\nsuch.txt"],
             status: 66, stderr: .line(#"cellheight: cannot read $DIR/no\nsuch.txt: no such file"#)),
    ]

    @Test("hostile messages", arguments: cases)
    func hostileMessage(_ testCase: Case) throws {
        try HostileInputTests().hostileInput(testCase)
    }

    /// A row id holding a newline and a fake annotation: text diagnostics escape it, so each
    /// diagnostic is one line and no line starts with `::`; GitHub annotations percent-encode it.
    @Test("a row id cannot forge diagnostic lines", arguments: ["text", "github"])
    func forgedIdentifier(_ format: String) throws {
        let row = #"{"id": "a\n::error file=x.po,line=1::forged\rb", "text": "This will permanently remove every file."}"#
        let result = try CellHeightProcess.run(["--font", Self.font, "--max-lines", "1", "--diagnostics", format, "-"],
                                               stdin: Array((row + "\n").utf8))
        #expect(result.status == 1)
        let lines = result.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
        // (github: the text line, then the annotation, then the summary.)
        #expect(lines.count == (format == "github" ? 4 : 3) && lines.last!.isEmpty, "stderr: \(result.stderrText)")
        #expect(lines.filter { $0.hasPrefix("::") }.count == (format == "github" ? 1 : 0))
        #expect(!result.stderrText.contains("\r"))
        if format == "text" {
            #expect(lines[0].hasPrefix(#"<stdin>:1: a\n::error file=x.po,line=1::forged\rb: 2 lines > max 1 at 320 px"#))
        }
    }

    /// Issue 31, item 25: a 100,000-character unknown option took 10 s to be refused (ArgumentParser
    /// compared it with every option for a suggestion); a name longer than 100 bytes is refused at once.
    @Test("a 100,000-character unknown option is refused at once, in one bounded line")
    func hugeUnknownOption() throws {
        let start = Date()
        let result = try CellHeightProcess.run(["--" + String(repeating: "x", count: 100_000), "--font", Self.font], stdin: Self.hi)
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(result.status == 64)
        #expect(result.stderrText == "cellheight: Unknown option '--" + String(repeating: "x", count: 198) + "…'\n")
        // A short unknown option still gets ArgumentParser's suggestion.
        let typo = try CellHeightProcess.run(["--widht", "3"], stdin: Self.hi)
        #expect(typo.stderrText == "cellheight: Unknown option '--widht'. Did you mean '--width'?\n")
    }
}
