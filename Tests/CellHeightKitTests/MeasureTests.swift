@testable import CellHeightEngine
import Testing
import CellHeightKit

/// The one-call API as a Swift program sees it (a plain import: public declarations only), against
/// Chromium 156's answers for cases of the oracle (`fixtures/public.jsonl`, ids below).
@Suite("measure: one call")
struct MeasureTests {
    /// DejaVu Sans by its family name, as a program would name it.
    static let font = "DejaVu Sans"

    @Test("line count and height as Chromium has them", arguments: [
        // p-de-0006: 12 px, line-height normal (14 px lines).
        ("Fenster auf letzte Arbeitsfläche verschieben", 12.0, 111.0, LineHeight.normal, 3, 42.0),
        // p-de-0001: 12 px in 16 px lines.
        ("Zur Arbeitsfläche 12 wechseln", 12, 98, .pixels(16), 3, 48),
        // p-de-0022: 13 px, line-height 1.2 (15.59375 px lines).
        ("Malagasy, Süd-Betsimisaraka", 13, 141, .multiple(1.2), 2, 31.1875),
        // p-ar-0001: Arabic, 18 px in 31 px lines.
        ("الإمارات العربيّة المتحدّة", 18, 130, .pixels(31), 2, 62),
    ])
    func chromium(text: String, size: Double, width: Double, lineHeight: LineHeight, lines: Int,
                  height: Double) throws {
        let layout = try measure(text, font: Self.font, size: size, width: width, lineHeight: lineHeight)
        #expect(layout.lineCount == lines)
        #expect(layout.height == height)
    }

    @Test("a TextMeasurer measures one text at several widths")
    func widths() throws {
        let measurer = try TextMeasurer(font: Self.font, size: 12, lineHeight: .pixels(16))
        let text = "Zur Arbeitsfläche 12 wechseln"
        #expect(try measurer.measure(text, width: 98).lineCount == 3)
        #expect(try measurer.measure(text, width: 1_000).lineCount == 1)
        #expect(try measurer.measure(text, width: 1_000).height == 16)
    }

    @Test("a font that is not there, a size or width out of range: errors with exit codes")
    func errors() {
        #expect(throws: CellHeightError.self) { try measure("a", font: "/nonexistent/font.ttf", size: 12, width: 100) }
        do {
            _ = try measure("a", font: Self.font, size: 0, width: 100)
            Issue.record("a size of 0 was measured")
        } catch {
            #expect((error as? CellHeightError)?.exitCode == .usage)
        }
        do {
            _ = try measure("a", font: Self.font, size: 12, width: .infinity)
            Issue.record("an infinite width was measured")
        } catch {
            #expect((error as? CellHeightError)?.exitCode == .usage)
        }
    }
}
