import Foundation
import Testing
@testable import CellHeightKit

/// Family lookup and per-character fallback through fontconfig. These are the only tests that
/// depend on the machine's fontconfig setup (Debian 12 with the four font packages); expected
/// files were checked independently with `fc-match`.
@Suite("font locator")
struct FontLocatorTests {
    struct FamilyCase: Sendable, CustomTestStringConvertible {
        var name: String
        var family: String
        var expected: FontReference
        var testDescription: String { name }
    }

    static let familyCases: [FamilyCase] = [
        FamilyCase(name: "family: DejaVu Sans is its own file", family: "DejaVu Sans",
                   expected: FontReference(path: TestFonts.dejaVuSans)),
        FamilyCase(name: "family: family names are case-insensitive", family: "dejavu sans",
                   expected: FontReference(path: TestFonts.dejaVuSans)),
        FamilyCase(name: "family: Liberation Serif", family: "Liberation Serif",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        // fontconfig's metric-compatible alias (30-metric-aliases.conf): Chromium's default font.
        FamilyCase(name: "family: Times New Roman is aliased to Liberation Serif", family: "Times New Roman",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        FamilyCase(name: "family: Arial is aliased to Liberation Sans", family: "Arial",
                   expected: FontReference(path: TestFonts.liberationSans)),
    ]

    @Test("font locator: family lookup", arguments: familyCases)
    func family(_ testCase: FamilyCase) throws {
        #expect(try FontLocator.shared.match(family: testCase.family) == testCase.expected)
        #expect(try FontLocator.resolve(testCase.family) == testCase.expected)
    }

    @Test("font locator: an unknown family is an error, not a silent substitute")
    func unknownFamily() throws {
        let error = #expect(throws: CellHeightError.self) {
            try FontLocator.shared.match(family: "No Such Family Qwxz")
        }
        guard case .font(let message)? = error else {
            Issue.record("expected CellHeightError.font, got \(String(describing: error))")
            return
        }
        #expect(message.contains("No Such Family Qwxz"))
    }

    /// A generic family resolves to whatever fontconfig configures; it only has to be a real file.
    @Test("font locator: generic sans-serif resolves to an existing file")
    func genericFamily() throws {
        let reference = try FontLocator.shared.match(family: "sans-serif")
        #expect(FileManager.default.fileExists(atPath: reference.path))
    }

    struct PathCase: Sendable, CustomTestStringConvertible {
        var name: String
        var spec: String
        var expected: FontReference?
        var testDescription: String { name }
    }

    static let pathCases: [PathCase] = [
        PathCase(name: "path: plain path is face 0", spec: "/fonts/a.ttf", expected: FontReference(path: "/fonts/a.ttf")),
        PathCase(name: "path: #1 selects face 1", spec: "/fonts/NotoSansCJK-Regular.ttc#1",
                 expected: FontReference(path: "/fonts/NotoSansCJK-Regular.ttc", faceIndex: 1)),
        PathCase(name: "path: #0 is face 0", spec: "/fonts/a.ttc#0", expected: FontReference(path: "/fonts/a.ttc")),
        PathCase(name: "path: the last # counts", spec: "/fonts/a#b.ttc#2",
                 expected: FontReference(path: "/fonts/a#b.ttc", faceIndex: 2)),
        PathCase(name: "path: negative index is an error", spec: "/fonts/a.ttc#-1", expected: nil),
        PathCase(name: "path: non-numeric index is an error", spec: "/fonts/a.ttc#x", expected: nil),
        PathCase(name: "path: empty index is an error", spec: "/fonts/a.ttc#", expected: nil),
    ]

    @Test("font locator: path#N parsing", arguments: pathCases)
    func parsePath(_ testCase: PathCase) throws {
        if let expected = testCase.expected {
            #expect(try FontLocator.parsePath(testCase.spec) == expected)
            #expect(try FontLocator.resolve(testCase.spec) == expected)
        } else {
            #expect(throws: CellHeightError.self) { try FontLocator.parsePath(testCase.spec) }
        }
    }

    /// A file whose real name ends in "#2" is taken whole: the face index is only split off
    /// when the whole spec does not name a file.
    @Test("font locator: an existing file named with # is kept whole")
    func existingFileWithHash() throws {
        let directory = NSTemporaryDirectory() + "cellheight-locator-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/font#2"
        try FileManager.default.copyItem(atPath: TestFonts.dejaVuSans, toPath: path)
        #expect(try FontLocator.resolve(path) == FontReference(path: path))
    }

    @Test("font reference: description shows the face index only when not 0")
    func referenceDescription() {
        #expect(FontReference(path: "/f.ttc").description == "/f.ttc")
        #expect(FontReference(path: "/f.ttc", faceIndex: 2).description == "/f.ttc#2")
    }

    struct FallbackCase: Sendable, CustomTestStringConvertible {
        var name: String
        var codePoint: UInt32
        var expected: FontReference
        var testDescription: String { name }
    }

    // The oracle README's fontconfig per-character fallback (step 3), confirmed with
    // `fc-match -s ':charset=XXXX'`.
    static let fallbackCases: [FallbackCase] = [
        FallbackCase(name: "fallback: Arabic alef → DejaVu Sans", codePoint: 0x0627,
                     expected: FontReference(path: TestFonts.dejaVuSans)),
        FallbackCase(name: "fallback: 一 → Noto Sans CJK face 0", codePoint: 0x4E00,
                     expected: FontReference(path: TestFonts.notoSansCJK, faceIndex: 0)),
        FallbackCase(name: "fallback: hiragana あ → Noto Sans CJK face 0", codePoint: 0x3042,
                     expected: FontReference(path: TestFonts.notoSansCJK, faceIndex: 0)),
        FallbackCase(name: "fallback: Hangul 한 → Noto Sans CJK face 0", codePoint: 0xD55C,
                     expected: FontReference(path: TestFonts.notoSansCJK, faceIndex: 0)),
        FallbackCase(name: "fallback: Thai ko kai → Noto Sans Thai", codePoint: 0x0E01,
                     expected: FontReference(path: TestFonts.notoSansThai)),
        FallbackCase(name: "fallback: Devanagari ka → Noto Sans Devanagari", codePoint: 0x0915,
                     expected: FontReference(path: TestFonts.notoSansDevanagari)),
    ]

    @Test("font locator: per-character fallback", arguments: fallbackCases)
    func fallback(_ testCase: FallbackCase) {
        #expect(FontLocator.shared.fallbackFont(for: testCase.codePoint) == testCase.expected)
        // Cached answers are the same.
        #expect(FontLocator.shared.fallbackFont(for: testCase.codePoint) == testCase.expected)
    }
}
