@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

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
        // Issue 16, as Chromium 156 resolves them (public-gen cases' `familyFace`): a face's second
        // family name, metric-compatible names, and the generic families through Chromium's
        // default font settings (sans-serif: Arial, serif: Times New Roman, monospace: Monospace).
        FamilyCase(name: "family: a second family name (DejaVu Sans Condensed)", family: "DejaVu Sans Condensed",
                   expected: FontReference(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf")),
        FamilyCase(name: "family: DejaVu Serif Condensed", family: "DejaVu Serif Condensed",
                   expected: FontReference(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed.ttf")),
        FamilyCase(name: "family: DejaVu Sans Light is the ExtraLight face", family: "DejaVu Sans Light",
                   expected: FontReference(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf")),
        FamilyCase(name: "family: Helvetica is metric-compatible with Liberation Sans", family: "Helvetica",
                   expected: FontReference(path: TestFonts.liberationSans)),
        FamilyCase(name: "family: Times is Liberation Serif", family: "Times",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        FamilyCase(name: "family: Courier is Liberation Mono", family: "Courier",
                   expected: FontReference(path: "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf")),
        FamilyCase(name: "family: sans-serif is Chromium's Arial, Liberation Sans", family: "sans-serif",
                   expected: FontReference(path: TestFonts.liberationSans)),
        FamilyCase(name: "family: serif is Chromium's Times New Roman, Liberation Serif", family: "serif",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        FamilyCase(name: "family: monospace is DejaVu Sans Mono", family: "monospace",
                   expected: FontReference(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")),
        // Issue 32: Chromium 156 draws Liberation Serif (its standard font) for cursive, fantasy,
        // emoji, math and the name "mono", and fontconfig's own sans for "sans".
        FamilyCase(name: "family: cursive is Chromium's standard font, Liberation Serif", family: "cursive",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        FamilyCase(name: "family: fantasy is Liberation Serif", family: "fantasy",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        FamilyCase(name: "family: emoji is Liberation Serif", family: "emoji",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        FamilyCase(name: "family: math is Liberation Serif", family: "math",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        FamilyCase(name: "family: mono is no family: Liberation Serif", family: "mono",
                   expected: FontReference(path: TestFonts.liberationSerif)),
        FamilyCase(name: "family: sans is fontconfig's sans, Noto Sans here", family: "sans",
                   expected: FontReference(path: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")),
        FamilyCase(name: "family: a style in fontconfig's syntax", family: "Liberation Sans:style=Bold",
                   expected: FontReference(path: "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf")),
    ]

    @Test("font locator: family lookup", arguments: familyCases)
    func family(_ testCase: FamilyCase) throws {
        #expect(try FontLocator.shared.match(family: testCase.family) == testCase.expected)
        #expect(try FontLocator.resolve(testCase.family) == testCase.expected)
    }

    @Test("font locator: an unknown family is an error, not a silent substitute")
    func unknownFamily() throws {
        let message = Self.fontErrorMessage(family: "No Such Family Qwxz")
        #expect(message?.contains("No Such Family Qwxz") == true)
    }

    /// The engine's message for the `EngineError` that looking `family` up throws (the kit words it
    /// as a font error: ErrorDataTests); nil (an issue recorded) when it throws anything else or nothing.
    static func fontErrorMessage(family: String) -> String? {
        let error = #expect(throws: EngineError.self) { try FontLocator.shared.match(family: family) }
        if case .breakIteratorUnavailable? = error { Issue.record("expected a font error, got \(error!)") }
        return error?.description
    }

    /// A generic family that Chromium leaves to fontconfig resolves to whatever it configures.
    @Test("font locator: system-ui resolves to an existing file")
    func genericFamily() throws {
        let reference = try FontLocator.shared.match(family: "system-ui")
        #expect(FileManager.default.fileExists(atPath: reference.path))
    }

    @Test("font locator: a misspelt family is an error that names the closest installed families")
    func misspeltFamily() throws {
        let message = Self.fontErrorMessage(family: "DejaVu Sanz Mono")
        #expect(message?.contains("did you mean \"DejaVu Sans Mono\"") == true, "\(message ?? "")")
    }

    @Test("font locator: edit distance")
    func distance() {
        #expect(editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
        #expect(editDistance(Array("".unicodeScalars), Array("abc".unicodeScalars)) == 3)
        #expect(editDistance(Array("dejavu sans".unicodeScalars), Array("dejavu sans".unicodeScalars)) == 0)
    }

    @Test("font locator: a family only similar to a known one is an error (Helvetica Neue Qwxz)")
    func similarFamily() throws {
        #expect(throws: EngineError.self) { try FontLocator.shared.match(family: "Helvetica Neue Qwxz") }
        #expect(throws: EngineError.self) { try FontLocator.shared.match(family: "DejaVu Sans Qwxz") }
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
            #expect(throws: EngineError.self) { try FontLocator.parsePath(testCase.spec) }
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
