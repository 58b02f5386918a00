/// CSS `line-height`: `normal`, an absolute length in px, or a unitless multiple of the font size.
public enum LineHeight: Hashable, Sendable {
    case normal
    /// An absolute line height, e.g. 20 for "20px".
    case pixels(Double)
    /// A multiple of the font size, e.g. 1.4 for "1.4".
    case multiple(Double)

    /// The largest multiple of the size cellheight accepts (lengths in px are bounded as widths
    /// are), so that every height stays a finite number of px.
    public static let maximumMultiple = 1_000.0

    /// Height in px of every line box for a fixed line height at `fontSize`, in LayoutUnits as
    /// Chromium stores it; nil for `normal`, whose lines depend on their fonts. A length in px
    /// is rounded to the nearest LayoutUnit (ComputedLineHeightAsFixed: 47.79px is 47.796875,
    /// unlike box lengths such as widths and padding, which are floored). A multiple applies to
    /// the computed font size, which Chromium keeps rounded to a LayoutUnit, and is floored:
    /// 1.33 at 14.3 px is floor64(1.33 x 14.296875) = 19 px, not floor64(19.019) = 19.015625.
    public func fixedPixels(fontSize: Double) -> Double? {
        switch self {
        case .normal: return nil
        case .pixels(let value): return LayoutUnit.round(value)
        case .multiple(let factor):
            // In single precision, as Chromium multiplies: 1.4 x 45 is 63 there, 62.99999999999999 in Double.
            return LayoutUnit.floor(Double(Float(factor) * Float(LayoutUnit.round(fontSize))))
        }
    }
}
