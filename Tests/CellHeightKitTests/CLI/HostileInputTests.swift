import Foundation
import Testing
import CellHeightTestSupport

/// The hostile inputs of issue 7, each run through the built executable: the exit code, the one
/// line on stderr (exactly, or its start) and, on success, what stdout must say.
@Suite("hostile input")
struct HostileInputTests {
    static let font = TestFonts.dejaVuSans
    static let bitmapFont = "/usr/share/fonts/opentype/terminus/terminus-normal.otb"

    enum Stderr: Sendable {
        case empty
        /// The whole of stderr is this one line (without its "\n"); "$DIR" is the case's directory.
        case line(String)
        /// Stderr is one line starting with this.
        case prefix(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// "$DIR" is replaced by a fresh directory holding `files`.
        var arguments: [String]
        /// Files to create in the directory, by name; made when the case runs (some are large).
        var files: [String: @Sendable () -> Data] = [:]
        var stdin: [UInt8] = []
        var status: Int32
        var stderr: Stderr
        /// For status 0 with `--output json`: the expected `rowCount`.
        var rowCount: Int?
        /// For status 0: text stdout must contain.
        var stdoutContains: String?
        var testDescription: String { name }
    }

    static func text(_ string: String) -> @Sendable () -> Data { { Data(string.utf8) } }
    static func bytes(_ bytes: [UInt8]) -> @Sendable () -> Data { { Data(bytes) } }

    /// Measures `file` in the case's directory with DejaVu Sans, as JSON.
    static func measureJSON(_ file: String, _ extra: [String] = []) -> [String] {
        ["--font", font, "--output", "json"] + extra + ["$DIR/" + file]
    }

    static let widthError = "cellheight: --width must be one or more positive numbers of px (at most 1000000), comma-separated, got"

    static let cases: [Case] = [
        Case(name: "empty input: no rows", arguments: measureJSON("empty.txt"), files: ["empty.txt": text("")],
             status: 0, stderr: .empty, rowCount: 0),
        Case(name: "only whitespace: one row per line", arguments: measureJSON("blank.txt"),
             files: ["blank.txt": text("   \n\t\n  ")], status: 0, stderr: .empty, rowCount: 3),
        // 50 MB of words in one row (no newline): about 1.4 million lines at 320 px.
        Case(name: "a 50 MB single row", arguments: ["--font", font, "--output", "ndjson", "$DIR/row.txt"],
             files: ["row.txt": {
                 let word = Array("lorem ipsum dolor sit amet ".utf8)
                 return Data((0..<50_000_000).map { word[$0 % word.count] })
             }], status: 0, stderr: .empty, stdoutContains: #"{"index":0,"#),
        Case(name: "1,000,000 tiny rows", arguments: measureJSON("tiny.txt"),
             files: ["tiny.txt": text(String(repeating: "a\n", count: 1_000_000))],
             status: 0, stderr: .empty, rowCount: 1_000_000),
        Case(name: "NUL bytes are characters", arguments: measureJSON("nul.txt"),
             files: ["nul.txt": bytes([0x61, 0x00, 0x62, 0x00, 0x00, 0x0A, 0x00, 0x0A])],
             status: 0, stderr: .empty, rowCount: 2),
        // "ab", then 0xC3 (a lead byte) followed by "(" (not a continuation byte): bad at offset 2.
        Case(name: "invalid UTF-8: error with its byte offset", arguments: measureJSON("bad.txt"),
             files: ["bad.txt": bytes([0x61, 0x62, 0xC3, 0x28, 0x0A, 0xFF, 0x0A])],
             status: 65, stderr: .line("cellheight: $DIR/bad.txt: invalid UTF-8 at byte offset 2")),
        Case(name: "invalid UTF-8 with --lossy: replaced and counted", arguments: measureJSON("bad.txt", ["--lossy"]),
             files: ["bad.txt": bytes([0x61, 0x62, 0xC3, 0x28, 0x0A, 0xFF, 0x0A])],
             status: 0, stderr: .line("cellheight: $DIR/bad.txt: replaced 2 invalid byte sequence(s) with U+FFFD"),
             rowCount: 2),
        Case(name: "UTF-8 BOM is dropped", arguments: ["--font", font, "$DIR/bom.txt"],
             files: ["bom.txt": bytes([0xEF, 0xBB, 0xBF] + Array("hello\n".utf8))],
             status: 0, stderr: .empty, stdoutContains: "  hello\n"),
        Case(name: "UTF-16 LE with BOM is decoded", arguments: ["--font", font, "$DIR/le.txt"],
             files: ["le.txt": bytes([0xFF, 0xFE] + "hi\nthere\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })],
             status: 0, stderr: .empty, stdoutContains: "  there\n"),
        Case(name: "UTF-16 BE with BOM is decoded", arguments: ["--font", font, "$DIR/be.txt"],
             files: ["be.txt": bytes([0xFE, 0xFF] + "hi\nthere\n".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })],
             status: 0, stderr: .empty, stdoutContains: "  there\n"),
        Case(name: "CRLF line endings", arguments: measureJSON("crlf.txt"), files: ["crlf.txt": text("hello\r\nworld\r\n")],
             status: 0, stderr: .empty, rowCount: 2),
        Case(name: "JSON syntax error: 1-based line and column", arguments: measureJSON("syntax.json"),
             files: ["syntax.json": text("[\"a\",\n  \"b\" \"c\"]")],
             status: 65, stderr: .line("cellheight: $DIR/syntax.json:2:7: invalid JSON: expected ',' or ']', found '\"'")),
        Case(name: "JSON of the wrong shape: a number", arguments: measureJSON("number.json", ["--format", "json"]),
             files: ["number.json": text("42\n")],
             status: 65, stderr: .line("cellheight: $DIR/number.json:1: top-level value must be an array, found a number")),
        Case(name: "JSON of the wrong shape: nested arrays", arguments: measureJSON("nested.json"),
             files: ["nested.json": text("[\"a\",\n [\"b\"]]")],
             status: 65, stderr: .line("cellheight: $DIR/nested.json:2: element 1 is an array, not a string or an object")),
        Case(name: "JSON of the wrong shape: an object without text", arguments: measureJSON("notext.json"),
             files: ["notext.json": text(#"[{"id": 1}]"#)],
             status: 65, stderr: .line(#"cellheight: $DIR/notext.json:1: element 0 has no string "text""#)),
        Case(name: "deeply nested JSON: 100,000 '[' is an error, not a stack overflow", arguments: measureJSON("deep.json"),
             files: ["deep.json": text(String(repeating: "[", count: 100_000))],
             status: 65, stderr: .line("cellheight: $DIR/deep.json:1:513: invalid JSON: nesting deeper than 512")),
        Case(name: "font path is a directory", arguments: ["--font", "$DIR/fontdir"], stdin: Array("hi\n".utf8),
             status: 69, stderr: .line("cellheight: font path is a directory: $DIR/fontdir")),
        Case(name: "font file is empty", arguments: ["--font", "$DIR/empty.ttf"], files: ["empty.ttf": text("")],
             stdin: Array("hi\n".utf8), status: 69, stderr: .prefix("cellheight: not a usable font file")),
        Case(name: "font file is a truncated TTF (its first 1 KB)", arguments: ["--font", "$DIR/truncated.ttf"],
             files: ["truncated.ttf": { (try? Data(contentsOf: URL(fileURLWithPath: font)))?.prefix(1024) ?? Data() }],
             stdin: Array("hi\n".utf8), status: 69, stderr: .prefix("cellheight: not a usable font file")),
        Case(name: "font file of random bytes", arguments: ["--font", "$DIR/random.ttf"],
             files: ["random.ttf": { Data((0..<4096).map { _ in UInt8.random(in: 0...255) }) }],
             stdin: Array("hi\n".utf8), status: 69, stderr: .prefix("cellheight: not a usable font file")),
        // Devanagari, an emoji, Hangul, Ethiopic, Gothic: none in DejaVu Sans; Chromium's chain finds them.
        Case(name: "characters the font lacks come from fallback fonts", arguments: ["--font", font, "--explain"],
             stdin: Array("क 😀 가 ሀ\n".utf8), status: 0, stderr: .empty, stdoutContains: "Noto Sans Devanagari"),
        Case(name: "width 0", arguments: ["--font", font, "--width", "0"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line(widthError + " '0'")),
        Case(name: "negative width", arguments: ["--font", font, "--width=-5"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line(widthError + " '-5'")),
        Case(name: "NaN width", arguments: ["--font", font, "--width", "nan"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line(widthError + " 'nan'")),
        Case(name: "infinite width", arguments: ["--font", font, "--width", "inf"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line(widthError + " 'inf'")),
        Case(name: "width 1e9", arguments: ["--font", font, "--width", "1e9"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line(widthError + " '1e9'")),
        Case(name: "size 0", arguments: ["--font", font, "--size", "0"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line("cellheight: --size must be one or more numbers of px above 0 and at most 10000, comma-separated, got '0'")),
        Case(name: "size 10,000 (the largest allowed)", arguments: ["--font", font, "--size", "10000", "--output", "json"],
             stdin: Array("hi\n".utf8), status: 0, stderr: .empty, rowCount: 1),
        Case(name: "size above 10,000", arguments: ["--font", font, "--size", "10001"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line("cellheight: --size must be one or more numbers of px above 0 and at most 10000, comma-separated, got '10001'")),
        Case(name: "line height 0", arguments: ["--font", font, "--line-height", "0"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line("cellheight: --line-height must be 'normal', a length like '20px' (at most 1000000px) or a positive multiple of the size like '1.4' (at most 1000), got '0'")),
        Case(name: "unknown option: one line too", arguments: ["--font", font, "--no-such-option"], stdin: Array("hi\n".utf8),
             status: 64, stderr: .line("cellheight: Unknown option '--no-such-option'")),
    ]

    @Test("hostile input", arguments: cases)
    func hostileInput(_ testCase: Case) throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/fontdir", withIntermediateDirectories: false)
        for (name, contents) in testCase.files {
            let url = URL(fileURLWithPath: directory + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents().write(to: url)
        }
        let arguments = testCase.arguments.map { $0.replacingOccurrences(of: "$DIR", with: directory) }
        let result = try CellHeightProcess.run(arguments, stdin: testCase.stdin)
        try Self.check(result, testCase.status, testCase.stderr, directory: directory)
        guard testCase.status == 0 else { return }
        if let rowCount = testCase.rowCount {
            let object = try CommandLineTests.jsonObject(result.stdout)
            #expect(object["rowCount"] as? Int == rowCount)
        }
        if let expected = testCase.stdoutContains {
            #expect(result.stdoutText.contains(expected), "stdout: \(result.stdoutText.prefix(2000))")
        }
    }

    /// A bitmap-only font (Debian's fonts-terminus-otb, installed by `make deps`) is refused.
    @Test("hostile input: a bitmap-only font", .enabled(if: FileManager.default.fileExists(atPath: bitmapFont),
                                                       "needs fonts-terminus-otb (make deps installs it)"))
    func bitmapOnlyFont() throws {
        let result = try CellHeightProcess.run(["--font", Self.bitmapFont], stdin: Array("hi\n".utf8))
        try Self.check(result, 69, .line("cellheight: font has no scalable outlines (bitmap-only fonts are not supported): \(Self.bitmapFont)"),
                       directory: "")
    }

    /// Status, no crash, stderr as expected and nothing on stdout after a failure.
    static func check(_ result: CellHeightProcess.Result, _ status: Int32, _ stderr: Stderr, directory: String) throws {
        let text = result.stderrText
        #expect(result.status == status, "stderr: \(text)")
        for crash in ["Fatal error", "Stack dump", "Program crashed", "Backtracing"] {
            #expect(!text.contains(crash), "crash: \(text)")
        }
        if status != 0 { #expect(result.stdout.isEmpty, "stdout on failure: \(result.stdoutText.prefix(500))") }
        switch stderr {
        case .empty:
            #expect(text.isEmpty, "stderr: \(text)")
        case .line(let line):
            #expect(text == line.replacingOccurrences(of: "$DIR", with: directory) + "\n")
        case .prefix(let prefix):
            #expect(text.hasPrefix(prefix.replacingOccurrences(of: "$DIR", with: directory)), "stderr: \(text)")
            #expect(text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1, "not one line: \(text)")
        }
    }
}
