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
    /// (SimpleFontData rounds ascent, descent and line gap separately), at the size Blink gives the
    /// font: `fontCacheSize` (1/100 px cut). At 16.38 px Noto Sans's ascent is 17 (16.37 px: 17.4995),
    /// not 18 (17.5102), and at 7.019 px Noto Sans Canadian Aboriginal's line is 9, not 10 (issue 32,
    /// item 5): agrees with Chromium on 512 sizes of four fonts from 6 to 48 px, the exact size on 501.
    /// Each metric is scaled in single precision by `size / unitsPerEm` (Chromium's fonts go through
    /// Fontations: skrifa's `Metrics::new` multiplies the font units by `Size::linear_scale`, an f32),
    /// so a metric of exactly half a px can fall a hair short of it and round down: Noto Sans Thai
    /// Bold's descent (450 of 1000 units) at 130 px is 58.499996, 58 px, and its line 196, not 197;
    /// Noto Looped Thai's ascent (1250) at 18 px is 22 (issue 32, item 8: 10,000 sizes of 50 fonts).
    public func rounded(atSize fontSize: Double) -> RoundedVerticalMetrics {
        let scale = Float(Self.fontCacheSize(fontSize)) / Float(unitsPerEm)
        func px(_ units: Double) -> Double { (Double(Float(units) * scale) + 0.5).rounded(.down) }
        return RoundedVerticalMetrics(ascent: px(ascender), descent: px(descender), lineGap: px(lineGap))
    }

    /// The size Blink makes a font at: its cache key keeps the size in 1/100 px, cut
    /// (`FontCacheKey`, kFontSizePrecisionMultiplier: `unsigned(size * 100)` in single precision),
    /// and the font data is created at that size, so metrics follow it (16.38 px, 16.3799992 in
    /// single precision, is 16.37; 15.4351 is 15.43).
    static func fontCacheSize(_ fontSize: Double) -> Double {
        let hundredths = (Float(fontSize) * 100).rounded(.towardZero)
        return Double(hundredths / 100)
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
