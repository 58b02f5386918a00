import Foundation
import Testing
@testable import CellHeightKit

@Suite("text decoding")
struct TextDecodingTests {
    struct DecodeCase: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: String
        var testDescription: String { name }
    }

    static let validCases: [DecodeCase] = [
        DecodeCase(name: "plain UTF-8", bytes: Array("Datei öffnen…".utf8), expected: "Datei öffnen…"),
        DecodeCase(name: "UTF-8 BOM is dropped", bytes: [0xEF, 0xBB, 0xBF] + Array("ファイルを開く\n".utf8),
                   expected: "ファイルを開く\n"),
        DecodeCase(name: "four-byte UTF-8", bytes: [0xF0, 0x9F, 0x98, 0x80], expected: "😀"),
        // "Aé\n😀" as UTF-16: U+1F600 is the surrogate pair D83D DE00.
        DecodeCase(name: "UTF-16 LE with BOM",
                   bytes: [0xFF, 0xFE, 0x41, 0x00, 0xE9, 0x00, 0x0A, 0x00, 0x3D, 0xD8, 0x00, 0xDE],
                   expected: "Aé\n😀"),
        DecodeCase(name: "UTF-16 BE with BOM",
                   bytes: [0xFE, 0xFF, 0x00, 0x41, 0x00, 0xE9, 0x00, 0x0A, 0xD8, 0x3D, 0xDE, 0x00],
                   expected: "Aé\n😀"),
        // "فتح" is U+0641 U+062A U+062D.
        DecodeCase(name: "UTF-16 LE Arabic", bytes: [0xFF, 0xFE, 0x41, 0x06, 0x2A, 0x06, 0x2D, 0x06], expected: "فتح"),
        DecodeCase(name: "empty input", bytes: [], expected: ""),
        DecodeCase(name: "UTF-16 BOM only", bytes: [0xFF, 0xFE], expected: ""),
    ]

    @Test("decoding: valid input", arguments: validCases)
    func decodingValid(_ testCase: DecodeCase) throws {
        let decoded = try decodeText(Data(testCase.bytes), source: "in.txt")
        #expect(decoded == DecodedText(text: testCase.expected, replacementCount: 0))
    }

    struct InvalidUTF8Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var offset: Int
        var testDescription: String { name }
    }

    static let invalidUTF8Cases: [InvalidUTF8Case] = [
        InvalidUTF8Case(name: "lead byte followed by ASCII", bytes: [0x61, 0x62, 0xC3, 0x28], offset: 2),
        InvalidUTF8Case(name: "0xFF at the start", bytes: [0xFF], offset: 0),
        // "Datei " is 6 bytes, "ö" 2, "ffnen " 6: the stray continuation byte is at 14.
        InvalidUTF8Case(name: "stray continuation byte after German text",
                        bytes: Array("Datei öffnen ".utf8) + [0x80], offset: 14),
        InvalidUTF8Case(name: "overlong two-byte form", bytes: [0xC0, 0xAF], offset: 0),
        InvalidUTF8Case(name: "overlong three-byte form", bytes: [0x61, 0xE0, 0x80, 0xAF], offset: 1),
        InvalidUTF8Case(name: "encoded surrogate", bytes: [0xED, 0xA0, 0x80], offset: 0),
        InvalidUTF8Case(name: "above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], offset: 0),
        InvalidUTF8Case(name: "truncated katakana at the end", bytes: [0x6F, 0x6B, 0xE3, 0x83], offset: 2),
        InvalidUTF8Case(name: "offset counts the BOM", bytes: [0xEF, 0xBB, 0xBF, 0x61, 0xFF], offset: 4),
    ]

    @Test("decoding: invalid UTF-8 byte offset", arguments: invalidUTF8Cases)
    func decodingInvalidUTF8(_ testCase: InvalidUTF8Case) {
        #expect(throws: CellHeightError.invalidUTF8(source: "in.txt", byteOffset: testCase.offset)) {
            try decodeText(Data(testCase.bytes), source: "in.txt")
        }
    }

    @Test("decoding: readRows rejects invalid UTF-8")
    func decodingReadRowsStrict() {
        #expect(throws: CellHeightError.invalidUTF8(source: "rows.txt", byteOffset: 2)) {
            try readRows(from: Data([0x61, 0x62, 0xC3, 0x28]), format: .lines, source: "rows.txt")
        }
    }

    struct LossyCase: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: String
        var replacements: Int
        var testDescription: String { name }
    }

    // One U+FFFD per maximal ill-formed subpart (Unicode's recommended practice).
    static let lossyCases: [LossyCase] = [
        LossyCase(name: "lead byte followed by ASCII", bytes: [0x61, 0x62, 0xC3, 0x28], expected: "ab\u{FFFD}(", replacements: 1),
        LossyCase(name: "truncated three-byte sequence is one replacement", bytes: [0x6F, 0x6B, 0xE3, 0x83],
                  expected: "ok\u{FFFD}", replacements: 1),
        LossyCase(name: "truncated four-byte sequence before ASCII", bytes: [0xF0, 0x9F, 0x98, 0x41],
                  expected: "\u{FFFD}A", replacements: 1),
        LossyCase(name: "overlong form is two replacements", bytes: [0xC0, 0xAF], expected: "\u{FFFD}\u{FFFD}", replacements: 2),
        LossyCase(name: "encoded surrogate is three replacements", bytes: [0xED, 0xA0, 0x80],
                  expected: "\u{FFFD}\u{FFFD}\u{FFFD}", replacements: 3),
        LossyCase(name: "two stray continuation bytes", bytes: [0x61, 0x80, 0x80, 0x62], expected: "a\u{FFFD}\u{FFFD}b", replacements: 2),
        LossyCase(name: "valid text needs none", bytes: Array("فتح الملف".utf8), expected: "فتح الملف", replacements: 0),
        LossyCase(name: "BOM then a bad byte", bytes: [0xEF, 0xBB, 0xBF, 0xFF, 0x61], expected: "\u{FFFD}a", replacements: 1),
        LossyCase(name: "UTF-16 LE lone high surrogate", bytes: [0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00],
                  expected: "\u{FFFD}A", replacements: 1),
        LossyCase(name: "UTF-16 LE odd trailing byte", bytes: [0xFF, 0xFE, 0x41, 0x00, 0x42],
                  expected: "A\u{FFFD}", replacements: 1),
    ]

    @Test("decoding: lossy mode replaces and counts", arguments: lossyCases)
    func decodingLossy(_ testCase: LossyCase) throws {
        let decoded = try decodeText(Data(testCase.bytes), source: "in.txt", lossy: true)
        #expect(decoded == DecodedText(text: testCase.expected, replacementCount: testCase.replacements))
    }

    @Test("decoding: bad UTF-16 is an error unless lossy", arguments: [
        ([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00] as [UInt8], 2),
        ([0xFE, 0xFF, 0x00, 0x41, 0xDC, 0x00] as [UInt8], 4),
        ([0xFF, 0xFE, 0x41, 0x00, 0x42] as [UInt8], 4),
    ])
    func decodingInvalidUTF16(_ bytes: [UInt8], offset: Int) {
        #expect(throws: CellHeightError.invalidInput(source: "in.txt", line: nil, reason: "invalid UTF-16 at byte offset \(offset)")) {
            try decodeText(Data(bytes), source: "in.txt")
        }
    }

    @Test("decoding: UTF-16 input goes through every reader")
    func decodingUTF16Rows() throws {
        // UTF-16 BE of "[\"é\"]".
        let bytes: [UInt8] = [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x22, 0x00, 0xE9, 0x00, 0x22, 0x00, 0x5D]
        #expect(try readRows(from: Data(bytes), format: .auto, source: "in") == [Row(index: 0, text: "é", sourceLine: 1)])
    }
}
