import Foundation

/// How a label's text height is rounded before the cell adds its padding.
///
/// Chromium's heights are exact (multiples of 1/64 px, or whole px for `normal`); UIKit code often
/// rounds `boundingRect(with:options:attributes:context:)` up to whole points, or to device pixels.
public enum TextRounding: String, CaseIterable, Sendable {
    /// Keep the exact height.
    case none
    /// Round up to a whole px: `ceil(h)`.
    case ceil
    /// Round up to a device pixel at scale 2: `ceil(h × 2) / 2`.
    case ceil2x = "ceil@2x"
    /// Round up to a device pixel at scale 3: `ceil(h × 3) / 3`.
    case ceil3x = "ceil@3x"

    /// The device pixels per px this rounds to; nil for `none`.
    public var scale: Double? {
        switch self {
        case .none: return nil
        case .ceil: return 1
        case .ceil2x: return 2
        case .ceil3x: return 3
        }
    }

    /// `height` rounded, e.g. 18.1875 → 19 (`ceil`), 18.5 (`ceil@2x`), 55 / 3 = 18.333… (`ceil@3x`).
    public func apply(to height: Double) -> Double {
        guard let scale else { return height }
        return (height * scale).rounded(.up) / scale
    }
}
