import Foundation
import Testing
@testable import CellHeightKit

@Suite("input format")
struct InputFormatTests {
    struct DetectionCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: InputFormat
        var testDescription: String { name }
    }

    static let detectionCases: [DetectionCase] = [
        DetectionCase(name: "array after whitespace is json", input: " \r\n\t[\"a\"]", expected: .json),
        DetectionCase(name: "object is ndjson", input: "{\"text\": \"a\"}", expected: .ndjson),
        DetectionCase(name: "string is ndjson", input: "\n\"ファイルを開く\"", expected: .ndjson),
        DetectionCase(name: "plain text is lines", input: "Datei öffnen…", expected: .lines),
        DetectionCase(name: "Arabic text is lines", input: "فتح الملف", expected: .lines),
        DetectionCase(name: "empty input is lines", input: "", expected: .lines),
        DetectionCase(name: "whitespace only is lines", input: " \n\t\r\n", expected: .lines),
    ]

    @Test("auto: detection from the first non-whitespace character", arguments: detectionCases)
    func autoDetection(_ testCase: DetectionCase) {
        #expect(InputFormat.auto.resolved(for: testCase.input) == testCase.expected)
    }

    @Test("auto: explicit formats are kept", arguments: [InputFormat.lines, .paragraphs, .json, .ndjson])
    func explicitFormatKept(_ format: InputFormat) {
        #expect(format.resolved(for: "[1]") == format)
    }

    @Test("auto: readRows parses detected JSON")
    func autoReadsJSON() throws {
        let rows = try readRows(from: Data("\n[\"Datei öffnen…\"]".utf8), format: .auto, source: "rows")
        #expect(rows == [Row(index: 0, text: "Datei öffnen…", sourceLine: 2)])
    }

    @Test("input format: raw values")
    func rawValues() {
        #expect(InputFormat.allCases.map(\.rawValue) == ["auto", "lines", "paragraphs", "json", "ndjson"])
    }
}
