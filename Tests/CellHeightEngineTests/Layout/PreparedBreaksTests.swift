@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// Break records are 12 bytes (`PreparedBreaks`): x in 48 bits and a code into the text's list of
/// hangs. Texts whose breaks do not fit, x beyond 48 bits or more hangs than codes, keep those
/// breaks whole on the side, and must lay out as if every record were whole.
@Suite("break records: hostile hangs and widths", .serialized)
struct PreparedBreaksTests {
    /// Ideographs from a real message (no punctuation: each is 1 em wide in Noto Sans CJK, and a
    /// line may break between any two).
    static let ideographs = "无法取得有效的上下文请稍后再试访问已被准许"
    /// The largest font size cellheight takes (`CellTemplate.maximumFontSize`, the kit's).
    static let maximumFontSize = 10_000.0

    @Test("at the largest font size, a row of 300,000 ideographs is wider than 48 bits of x: lines of 3 ideographs")
    func xBeyond48Bits() throws {
        let engine = try TestFonts.engine(TestFonts.dejaVuSans, size: Self.maximumFontSize)
        let text = String(repeating: Self.ideographs, count: 300_000 / Self.ideographs.count)
        let prepared = engine.prepare(text)
        // 300,000 × 10,000 px in 1/65536 px is about 2^47.5: the breaks past 2^47 are kept whole.
        #expect(prepared.breaks.outsized.count > 50_000)
        let width = 3 * Self.maximumFontSize
        let layout = engine.layout(prepared, width: width)
        #expect(layout.lineCount == text.count / 3)
        let wrong = layout.lines.enumerated().first { $0.element.width != width || $0.element.text.count != 3 }
        #expect(wrong == nil, "line \(wrong?.offset ?? 0): \(wrong.map { "\($0.element.text) \($0.element.width)" } ?? "")")
        #expect(engine.layout(prepared, width: width, details: false).lineCount == text.count / 3)
    }

    @Test("a million spaces hang at the end of a line, shaped and in the pairwise lane",
          arguments: [("日", "本", 1_048_578.0 / 65536), ("a", "b", 1255.0 / 128)])
    func millionSpaces(first: String, last: String, firstWidth: Double) throws {
        let spaces = String(repeating: " ", count: 1_000_000)
        let layout = try TestFonts.layout(first + spaces + last, width: 100)
        #expect(layout.lines.map(\.text) == [first + spaces, last])
        #expect(layout.lines.first?.width == firstWidth)
    }

    @Test("16,900 different hangs (ideographic spaces and spaces), more than there are codes: each line hangs its own")
    func moreHangsThanCodes() throws {
        let engine = try TestFonts.engine(TestFonts.dejaVuSans, size: 16)
        var pieces: [String] = []
        for ideographicSpaces in 0..<100 {
            for spaces in 1...169 {
                pieces.append("w" + String(repeating: "\u{3000}", count: ideographicSpaces) + String(repeating: " ", count: spaces))
            }
        }
        let prepared = engine.prepare(pieces.joined() + "w")
        #expect(prepared.breaks.hangs.count == Int(PreparedBreaks.outsizedCode))
        #expect(!prepared.breaks.outsized.isEmpty)
        // "w" is 1675/128 px wide in DejaVu Sans at 16 px; two do not fit in 20 px.
        let layout = engine.layout(prepared, width: 20)
        #expect(layout.lines.map(\.text) == pieces + ["w"])
        #expect(layout.lines.allSatisfy { $0.width == 1675.0 / 128 })
    }
}
