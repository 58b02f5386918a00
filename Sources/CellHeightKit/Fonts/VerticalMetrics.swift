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
    /// (SimpleFontData rounds ascent, descent and line gap separately). Unlike advances, they
    /// follow the exact size: on 120 fractional sizes of 10 fonts, this misses Chromium's
    /// `normal` line in 9 cases, the size of `freeTypeSize` in 24 (16.38 px gives Noto fonts a
    /// line 1 px shorter in Chromium, and Noto Sans Symbols2 at 16.667 px too: a rule not found).
    public func rounded(atSize fontSize: Double) -> RoundedVerticalMetrics {
        func px(_ units: Double) -> Double { (units * fontSize / unitsPerEm + 0.5).rounded(.down) }
        return RoundedVerticalMetrics(ascent: px(ascender), descent: px(descender), lineGap: px(lineGap))
    }

    /// `fontSize` as FreeType gets it from Skia, in 1/64 px cut towards zero (16.667 -> 16.65625):
    /// the size of Chromium's glyph advances. 200 "a" of Liberation Mono (1229/2048 em) are
    /// 1999.08 px wide in Chromium at 16.66, 16.665, 16.667 and 16.67 px alike (16.65625 px each),
    /// 2000.95 at 16.68 (16.671875), 1475.88 at 12.3 (12.296875), 4707.03 at 39.23 (39.21875).
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
