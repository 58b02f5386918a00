import Foundation
import Testing
@testable import CellHeightKit

/// Reading a batch at a time must give the rows, line numbers and error positions that reading the
/// whole input gives, wherever the chunks are cut.
@Suite("streaming reader")
struct StreamingRowReaderTests {
    /// Writes `bytes` to a temporary file and returns its path.
    static func file(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "cellheight-stream-" + UUID().uuidString
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func readAll(_ path: String, format: RowFormat, chunkSize: Int, lossy: Bool = false) throws -> [Row] {
        let reader = try StreamingRowReader(path: path, format: format, lossy: lossy, requireText: true, chunkSize: chunkSize)
        var rows: [Row] = []
        while let batch = try reader.nextBatch() { rows += batch }
        return rows
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var format: RowFormat
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "lines with CRLF, blank lines and no final newline",
             input: "Datei öffnen…\r\n\r\nファイルを開く\nالإمارات العربيّة المتحدّة", format: .lines),
        Case(name: "lines ending with a newline", input: "one\ntwo\nthree\n", format: .lines),
        Case(name: "ndjson with blank lines and objects",
             input: "\"Delete all files?\"\n\n{\"id\": \"a\", \"text\": \"ファイル\"}\n{\"id\": 7, \"text\": \"x\"}\n", format: .ndjson),
        Case(name: "auto on NDJSON", input: "{\"text\": \"a\"}\n{\"text\": \"b\"}\n", format: .auto),
        Case(name: "auto on a JSON array across lines", input: "[\n\"a\",\n\"b c\"\n]\n", format: .auto),
        Case(name: "paragraphs are read whole", input: "first\nparagraph\n\nsecond\n", format: .paragraphs),
        Case(name: "a JSON array on one line, with commas, brackets and escaped quotes in strings",
             input: "[\"a, b\", {\"id\": \"x]\", \"text\": \"say \\\"[hi]\\\", ok\"}, \"ファイル\",\"\\u00e9\"]", format: .json),
        Case(name: "a pretty-printed JSON array of objects with nested members",
             input: "[\n  {\n    \"id\": 1,\n    \"text\": \"one\",\n    \"tags\": [\"a\", {\"b\": [1, 2]}]\n  },\n"
                + "  {\"id\": 2.5e3, \"text\": \"two\"}\r\n]\r\n", format: .json),
        Case(name: "a JSON array with white space everywhere",
             input: "  \n\t[   \n\n  \"a\"   ,\n\n\n   \"b\"  \n ]   \n\n", format: .auto),
        Case(name: "an empty JSON array", input: " [ \n ] ", format: .json),
    ]

    @Test("same rows as reading the whole input, for any chunk size", arguments: cases)
    func sameRows(_ testCase: Case) throws {
        let path = try Self.file(Array(testCase.input.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try parseRows(in: testCase.input, format: testCase.format, source: path, requireText: true)
        for chunkSize in [1, 2, 3, 7, 16, 1 << 20] {
            #expect(try Self.readAll(path, format: testCase.format, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
        }
    }

    @Test("a JSON error deep in the input names its real line and column")
    func jsonErrorLine() throws {
        // Line 4 is `{"text": x}`: the bad value starts at column 10.
        let path = try Self.file(Array("\"a\"\n\"b\"\n\"c\"\n{\"text\": x}\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for chunkSize in [4, 8, 1 << 20] {
            #expect(throws: CellHeightError.invalidJSON(source: path, line: 4, column: 10, reason: "expected a value, found 'x'")) {
                _ = try Self.readAll(path, format: .ndjson, chunkSize: chunkSize)
            }
        }
    }

    /// Malformed JSON arrays: reading them in parts must give the error reading them whole gives
    /// (the same line, column and reason). (Read in parts, an element of the wrong kind is
    /// reported when its part is read: before a syntax error further on, as NDJSON does.)
    static let malformedArrays: [String] = [
        "[\"a\",\n \"b\",\n]",
        "[\"a\"\n \"b\"]",
        "[\"1\" \"2\"]",
        "[\"a\", \"b\"",
        "[\"a\",",
        "[\"é\",  \"ü\", \"x\"] y",
        "[\"a\", \"unterminated]",
        "[\"a\",,\"b\"]",
        "[,]",
        "[\"a\", tru e]",
        "[\"a\", {\"text\": 5}]",
        "[\"a\", 7]",
        "  [\n\n  \"a\",\n  {\"text\": \"b\"}\n  \"c\"\n]",
        "[\"a\"]]",
        "[" + String(repeating: "[", count: 600) + "]",
    ]

    @Test("a malformed JSON array gives the error reading it whole gives, for any chunk size", arguments: malformedArrays)
    func jsonArrayErrors(_ input: String) throws {
        let path = try Self.file(Array(input.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var expected: CellHeightError?
        do { _ = try parseRows(in: input, format: .json, source: path, requireText: true) } catch let error as CellHeightError {
            expected = error
        }
        let wholeError = try #require(expected, "the input should be malformed")
        for chunkSize in [1, 2, 5, 16, 1 << 20] {
            #expect(throws: wholeError, "chunk size \(chunkSize)") {
                _ = try Self.readAll(path, format: .json, chunkSize: chunkSize)
            }
        }
    }

    @Test("white space between the elements of a JSON array is dropped as it is read")
    func jsonWhiteSpaceIsNotKept() throws {
        let spaces = [UInt8](repeating: 0x20, count: 200_000), newlines = [UInt8](repeating: 0x0A, count: 50_000)
        let input = Array("[".utf8) + spaces + Array("\"a\",".utf8) + newlines + spaces + Array("{\"text\": \"b\"}".utf8)
            + spaces + Array("]".utf8) + newlines
        let path = try Self.file(input)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try StreamingRowReader(path: path, format: .auto, lossy: false, requireText: true, chunkSize: 4096)
        var rows: [Row] = []
        var mostBuffered = 0
        while let batch = try reader.nextBatch() {
            rows += batch
            mostBuffered = max(mostBuffered, reader.bufferedByteCount)
        }
        #expect(rows.map(\.text) == ["a", "b"])
        // "b" starts on line 50,001: the newlines before it were counted though not kept.
        #expect(rows.map(\.sourceLine) == [1, 50_001])
        #expect(mostBuffered <= 2 * 4096, "the reader kept \(mostBuffered) bytes")
    }

    @Test("invalid UTF-8 deep in the input names its byte offset from the start")
    func utf8Offset() throws {
        // "ab\n" "cd\n" then 0xC3 0x28 (a lead byte without its continuation) at offset 6.
        let path = try Self.file(Array("ab\ncd\n".utf8) + [0xC3, 0x28, 0x0A])
        defer { try? FileManager.default.removeItem(atPath: path) }
        for chunkSize in [3, 6, 1 << 20] {
            #expect(throws: CellHeightError.invalidUTF8(source: path, byteOffset: 6)) {
                _ = try Self.readAll(path, format: .lines, chunkSize: chunkSize)
            }
        }
    }

    @Test("lossy reading counts replacements across chunks")
    func lossyCount() throws {
        let path = try Self.file([0x61, 0xFF, 0x0A, 0x62, 0xFE, 0x0A])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try StreamingRowReader(path: path, format: .lines, lossy: true, requireText: true, chunkSize: 3)
        var rows: [Row] = []
        while let batch = try reader.nextBatch() { rows += batch }
        #expect(rows.map(\.text) == ["a\u{FFFD}", "b\u{FFFD}"])
        #expect(reader.replacementCount == 2)
    }
}
