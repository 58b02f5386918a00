import Foundation
import Testing

/// The fast path for plain rows (`renderNDJSONBatch`) must not change a byte of the output,
/// nor an error, whatever the rows hold: compared with `--general-path-only` on real prose and on
/// rows built to fall off the fast path in every way.
@Suite("command line: the fast path changes nothing")
struct FastPathCommandLineTests {
    static let font = StreamingCommandLineTests.font

    /// Rows of every kind, as NDJSON: plain, escaped, beyond ASCII (Latin letters and quotes the
    /// fast path takes, and other scripts it does not), without letters, with tabs, other
    /// members, numeric and escaped ids, JSON strings, blank lines, CRLF, long words.
    static let mixedNDJSON = [
        #"{"id": "a", "text": "Delete all files?"}"#,
        #"{"text": "Reversed members", "id": "b"}"#,
        #"  {  "id" : "c" ,"text":"Spaces between tokens"  }  "#,
        #"{"id": "d", "text": "She said \"fine\" and left \\ / \/ here"}"#,
        #"{"id": "e", "text": "Caf\u00e9 and naïve façade"}"#,
        #"{"id": "f", "text": "12345 67890 !!! ???"}"#,
        #"{"id": "g", "text": "Tabs\there and\tthere"}"#,
        #"{"id": "h", "text": "A row with a budget", "maxLines": 1}"#,
        #"{"id": 42, "text": "A numeric id"}"#,
        #"{"id": "i\"j", "text": "An escaped id"}"#,
        #"{"id": null, "text": "A null id"}"#,
        #""A row that is a JSON string""#,
        "",
        "   ",
        #"{"id": "k", "text": "Windows line end"}"# + "\r",
        #"{"id": "l", "text": "Supercalifragilisticexpialidocious-antidisestablishmentarianism-floccinaucinihilipilification https://example.com/a/very/long/path/that/does/not/fit/anywhere"}"#,
        #"{"id": "m", "text": "Ligatures: office, affine, fluffy, afflict, flawless fjord"}"#,
        #"{"id": "n", "text": ""}"#,
        #"{"id": "o", "text": "  leading and trailing spaces   "}"#,
        #"{"id": "p", "text": "Line one\nLine two"}"#,
        #"{"id": "q", "text": "Hyphen-ated words, C++ and ABCD-1234 or -5 and ?x (brackets) [x]{y}"}"#,
        #"{"text": "duplicate", "text": "keys"}"#,
        #"{"id": "r", "text": "Qt 5 port of GNOME’s Adwaita theme — development files"}"#,
        #"{"id": "s", "text": "Copyright © 2004 Jürgen Müller, Łódź and São Paulo: “quoted” ‘words’ ß æ ø"}"#,
        #"{"id": "t", "text": "é-x x-é (é) é. «é» Zürich’s ‘Ölfeld’—it’s"}"#,
        #"{"id": "u", "text": "Ünïcödéwördthätïsfärtööwïdétöfïtönäsïnglélïnéöfthéböx and ﬁne office"}"#,
        #"{"id": "v", "text": "Ελληνικά και English, Кириллица too, 中文 and عربى"}"#,
        #"{"id": "w", "text": "© ® ’ “ ”"}"#,
    ].joined(separator: "\n") + "\n"

    static func compare(_ arguments: [String], stdin: [UInt8]) throws {
        let fast = try CellHeightProcess.run(arguments, stdin: stdin)
        let general = try CellHeightProcess.run(arguments + ["--general-path-only"], stdin: stdin)
        #expect(fast.status == general.status)
        #expect(fast.stdoutText == general.stdoutText)
        #expect(fast.stderrText == general.stderrText)
        #expect(!fast.stdout.isEmpty || fast.status != 0)
    }

    @Test("mixed NDJSON rows: same output at one and several widths, with 1 and 2 jobs",
          arguments: [["--width", "320"], ["--width", "60,150,414"], ["--width", "23", "--jobs", "1"],
                      ["--width", "320", "--jobs", "2", "--font", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"],
                      ["--width", "200", "--line-height", "1.3", "--size", "13"]])
    func mixedRows(options: [String]) throws {
        let input = Array(String(repeating: Self.mixedNDJSON, count: 200).utf8)
        try Self.compare(["--font", Self.font, "--output", "ndjson", "--format", "ndjson"] + options, stdin: input)
    }

    @Test("real prose as lines and as NDJSON, across several batches")
    func prose() throws {
        let lines = try StreamingCommandLineTests.input(rows: 12_000)
        try Self.compare(["--font", Self.font, "--output", "ndjson", "--width", "180,320"], stdin: lines)
        var ndjson = ""
        for (n, line) in String(decoding: lines, as: UTF8.self).split(separator: "\n").enumerated() {
            ndjson += #"{"id": "r\#(n)", "text": "\#(line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))"}"# + "\n"
        }
        try Self.compare(["--font", Self.font, "--output", "ndjson", "--width", "320"], stdin: Array(ndjson.utf8))
    }

    @Test("an invalid row is reported the same way, after the same output")
    func invalidRow() throws {
        var input = String(repeating: #"{"id": "a", "text": "Fine row"}"# + "\n", count: 5000)
        input += #"{"id": "b", "text": "Broken row"#
        input += "\n" + String(repeating: #"{"id": "c", "text": "After it"}"# + "\n", count: 10)
        try Self.compare(["--font", Self.font, "--output", "ndjson", "--format", "ndjson"], stdin: Array(input.utf8))
        let bom = [0xEF, 0xBB, 0xBF] + Array("Plain lines after a byte order mark\nand \u{FF}\n".utf8)
        try Self.compare(["--font", Self.font, "--output", "ndjson", "--format", "lines"], stdin: bom)
        try Self.compare(["--font", Self.font, "--output", "ndjson", "--format", "lines"], stdin: bom + [0xFF, 0x0A])
        try Self.compare(["--font", Self.font, "--output", "ndjson", "--format", "lines", "--lossy"], stdin: bom + [0xFF, 0x0A])
    }
}
