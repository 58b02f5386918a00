/// A font's vertical metrics in font units, read the way Skia reads them from FreeType:
/// the `hhea` table, or OS/2 typo metrics when OS/2 `fsSelection` bit 7 (USE_TYPO_METRICS) is set.
public struct VerticalMetrics: Equatable, Sendable {
    /// Units per em, e.g. 2048.
    public var unitsPerEm: Double
    /// Ascender above the baseline, positive, in font units, e.g. 1901.
    public var ascender: Double
    /// Descender below the baseline, as a positive number of font units, e.g. 483.
    public var descender: Double
    /// Extra line gap in font units, e.g. 0.
    public var lineGap: Double

    /// The three metrics at `fontSize` px, each rounded half up to a whole px as Chromium does
    /// (SimpleFontData rounds ascent, descent and line gap separately). Skia's FreeType scaler
    /// sets the size in 26.6 fixed point, cut towards zero, and scales the metrics to that size:
    /// Noto Sans Symbols2 at 16.667 px (16.65625) has a descent of 10.49 px, 10 once rounded,
    /// and a `normal` line of 28 px in Chromium (at 16.667 px it would be 10.5002, 11, 29 px).
    public func rounded(atSize fontSize: Double) -> RoundedVerticalMetrics {
        let size = Self.freeTypeSize(fontSize)
        func px(_ units: Double) -> Double { (units * size / unitsPerEm + 0.5).rounded(.down) }
        return RoundedVerticalMetrics(ascent: px(ascender), descent: px(descender), lineGap: px(lineGap))
    }

    /// `fontSize` as FreeType gets it from Skia: in 1/64 px, cut towards zero (16.667 -> 16.65625).
    static func freeTypeSize(_ fontSize: Double) -> Double { (fontSize * 64).rounded(.towardZero) / 64 }
}

/// Vertical metrics in whole px at one size.
public struct RoundedVerticalMetrics: Equatable, Sendable {
    public var ascent: Double
    public var descent: Double
    public var lineGap: Double

    /// `line-height: normal` of a line that uses only this font: ascent + descent + line gap.
    public var normalLineHeight: Double { ascent + descent + lineGap }

    /// Space this font asks for above the baseline in a `normal` line box: the ascent plus the
    /// upper half of the line gap (Blink gives the odd pixel of the gap to the part below).
    public var above: Double { ascent + (lineGap / 2).rounded(.down) }

    /// Space this font asks for below the baseline: the descent plus the rest of the gap.
    public var below: Double { descent + lineGap - (lineGap / 2).rounded(.down) }
}
