@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// How the fallback font is chosen for text the case's font and Chromium's default font lack
/// (issue 16, cause 6): each font is tried on all of that text, and the next font is fontconfig's
/// for its first character of a definite script, asked once. Fontconfig's first font for ப and வ
/// is Noto Sans Grantha, which lacks the Tamil vowel signs and the pulli: a run of such text that
/// starts with ப or வ then keeps the primary font's .notdef boxes, as in Chromium.
///
/// Widths at 100 px of a `@font-face` span in Chromium 156 (Liberation Serif Bold: .notdef 77.78
/// px; DejaVu Serif Italic: 60.01 px). Noto Sans Tamil alone gives "விக்" 213.11 px.
@Suite("fallback hints")
struct FallbackHintTests {
    static let liberationSerifBold = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf"
    static let dejaVuSerifItalic = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf"

    struct WidthCase: Sendable, CustomTestStringConvertible {
        var text: String
        var font: String
        /// Chromium's width at 100 px.
        var width: Double
        var why: String
        var testDescription: String { "\(text): \(why)" }
    }

    static let cases: [WidthCase] = [
        WidthCase(text: "விக்", font: liberationSerifBold, width: 311.14, why: "Grantha lacks ி and ்: four .notdef"),
        WidthCase(text: "விக்-லியான்ஹ்", font: liberationSerifBold, width: 966.7,
                  why: "the next word fails with Grantha too, and fallback gives up on both"),
        WidthCase(text: "விக் அ", font: liberationSerifBold, width: 413.92, why: "the first word's hint decides"),
        WidthCase(text: "அ விக்", font: liberationSerifBold, width: 350.2, why: "அ brings Noto Sans Tamil for both words"),
        WidthCase(text: "ப்", font: dejaVuSerifItalic, width: 120.03, why: "two .notdef"),
        WidthCase(text: "வரம்", font: dejaVuSerifItalic, width: 254.2, why: "வ from Grantha, the rest from Noto Sans Tamil"),
    ]

    @Test("fallback: Tamil after ப and வ", arguments: cases)
    func width(_ testCase: WidthCase) throws {
        let shaped = Shaper(chain: try TestFonts.chromiumChain(testCase.font), fontSize: 100).shape(testCase.text.utf16Units)
        #expect(abs(shaped.advances.reduce(0, +) - testCase.width) < 0.02)
    }
}
