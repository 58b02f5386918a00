import Testing
import CellHeightTestSupport

/// Properties that hold whatever the exact widths are, on real strings (gettext-style UI texts).
/// The suite shares engines through one cache, so its tests run one at a time.
@Suite("layout invariants", .serialized)
struct LayoutInvariantTests {
    static let engines = TestFonts.EngineCache()

    struct SentenceCase: Sendable, CustomTestStringConvertible {
        var name: String
        var font: String
        var faceIndex: Int = 0
        var text: String
        var width: Double
        var testDescription: String { name }
    }

    static let sentences: [SentenceCase] = [
        SentenceCase(name: "English sentence", font: TestFonts.dejaVuSans,
                     text: "The package cache file is corrupted, it has the wrong hash", width: 150),
        SentenceCase(name: "German with soft hyphens", font: TestFonts.liberationSerif,
                     text: "Die Paket\u{AD}ver\u{AD}wal\u{AD}tung konnte die Datei nicht öffnen.", width: 120),
        SentenceCase(name: "Japanese", font: TestFonts.dejaVuSans,
                     text: "ファイルを開くことができませんでした。「設定」を確認してください。", width: 100),
        SentenceCase(name: "Arabic", font: TestFonts.notoSansArabic,
                     text: "تعذّر فتح الملف المطلوب، يرجى المحاولة مرة أخرى", width: 130),
        SentenceCase(name: "paths and tabs", font: TestFonts.dejaVuSans,
                     text: "Config:\t/etc/apt/sources.list.d/debian.sources\tand more", width: 140),
        SentenceCase(name: "Thai", font: TestFonts.notoSansThai,
                     text: "ภาษาไทยง่ายนิดเดียว ไม่สามารถเปิดแฟ้มได้", width: 90),
    ]

    /// Laying out again at the widest line's width gives the same lines (every line still fits,
    /// and none could take more than it did at the larger width).
    @Test("layout: relayout at the measured width gives the same lines", arguments: sentences)
    func relayoutAtMeasuredWidth(_ testCase: SentenceCase) throws {
        let engine = try Self.engines.engine(testCase.font, faceIndex: testCase.faceIndex, size: 16)
        let prepared = engine.prepare(testCase.text)
        let first = engine.layout(prepared, width: testCase.width)
        #expect(first.lineCount >= 2, "the case should wrap")
        let measured = try #require(first.lines.map(\.width).max())
        let second = engine.layout(prepared, width: measured)
        #expect(second.lines.map(\.text) == first.lines.map(\.text))
        #expect(second.height == first.height)
    }

    /// Lines are consecutive slices that join back to the text, and none is wider than the box
    /// (one LayoutUnit of slack) unless it is a single grapheme.
    @Test("layout: lines are slices of the text that fit", arguments: sentences)
    func slicesFit(_ testCase: SentenceCase) throws {
        let engine = try Self.engines.engine(testCase.font, faceIndex: testCase.faceIndex, size: 16)
        let layout = engine.layout(engine.prepare(testCase.text), width: testCase.width)
        #expect(layout.lines.map(\.text).joined() == testCase.text)
        for line in layout.lines {
            #expect(line.width <= testCase.width + 1.0 / 64 || line.text.count == 1, "\(line.text) is \(line.width) px")
        }
        #expect(layout.height == layout.lines.map(\.height).reduce(0, +))
    }

    /// Narrowing the box never reduces the number of lines.
    @Test("layout: line count does not decrease as the width shrinks", arguments: sentences)
    func monotonic(_ testCase: SentenceCase) throws {
        let engine = try Self.engines.engine(testCase.font, faceIndex: testCase.faceIndex, size: 16)
        let prepared = engine.prepare(testCase.text)
        var previous = 0
        for width in stride(from: 600.0, through: 40, by: -20) {
            let count = engine.layout(prepared, width: width).lineCount
            #expect(count >= previous, "\(count) lines at \(width) px, \(previous) at \(width + 20) px")
            previous = count
        }
    }

    /// A text prepared once and wrapped at every width gives what separate layouts with a fresh
    /// engine at each width give.
    @Test("layout: one prepared text at several widths equals separate single-width layouts", arguments: sentences)
    func preparedOnce(_ testCase: SentenceCase) throws {
        let widths: [Double] = [60, 100, 137.5, 200, 320, 1000]
        let engine = try Self.engines.engine(testCase.font, faceIndex: testCase.faceIndex, size: 16)
        let prepared = engine.prepare(testCase.text)
        for width in widths {
            let layout = engine.layout(prepared, width: width)
            let fresh = try TestFonts.engine(testCase.font, faceIndex: testCase.faceIndex, size: 16)
            #expect(layout == fresh.layout(fresh.prepare(testCase.text), width: width))
            #expect(layout.width == width)
        }
    }

    @Test("layout: texts prepared one after the other keep their own numbers")
    func preparedInTurn() throws {
        let engine = try Self.engines.engine(TestFonts.dejaVuSans, size: 16)
        let prepared = ["", "abc\n\ndef", "漢字"].map { engine.prepare($0) }
        // 0 lines; 3 lines of 19; one CJK line of 24 (see the line height tests).
        #expect(prepared.map { engine.layout($0, width: 320).height } == [0, 57, 24])
        // The pairwise lane reuses its arrays for the next text once the last one is let go of:
        // texts still held keep theirs, whichever way they were prepared.
        let texts = ["Hello world", "A longer text that wraps at narrow widths, twice or more", "x",
                     "Größe ändern", "漢字 and Latin", "Hello world"]
        let held = texts.map { engine.prepare($0) }
        for (text, kept) in zip(texts, held) {
            let fresh = try TestFonts.engine(TestFonts.dejaVuSans, size: 16)
            for width in [40.0, 120, 320] {
                #expect(engine.layout(kept, width: width) == fresh.layout(fresh.prepare(text), width: width), "\(text)")
            }
        }
    }

    /// Preparing is width-independent: one prepared text laid out at one width twice is identical.
    @Test("layout: layout of a prepared text is repeatable")
    func repeatable() throws {
        let engine = try Self.engines.engine(TestFonts.dejaVuSans, size: 16)
        let prepared = engine.prepare("Delete all files?\nファイルを開く")
        #expect(engine.layout(prepared, width: 80) == engine.layout(prepared, width: 80))
    }
}
