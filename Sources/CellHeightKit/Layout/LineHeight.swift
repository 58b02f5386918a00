import Foundation

/// CSS `line-height`: `normal`, an absolute length in px, or a unitless multiple of the font size.
public enum LineHeight: Hashable, Sendable, CustomStringConvertible {
    case normal
    /// An absolute line height, e.g. 20 for "20px".
    case pixels(Double)
    /// A multiple of the font size, e.g. 1.4 for "1.4".
    case multiple(Double)

    /// Parses "normal", "20px" or "1.4". Returns nil for anything else, or values that are not
    /// finite and positive.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "normal" {
            self = .normal
        } else if trimmed.hasSuffix("px"), let value = parseCSSNumber(String(trimmed.dropLast(2))),
                  value > 0, value <= CellTemplate.maximumWidth {
            self = .pixels(value)
        } else if let value = parseCSSNumber(trimmed), value > 0, value <= Self.maximumMultiple {
            self = .multiple(value)
        } else {
            return nil
        }
    }

    /// The largest multiple of the size accepted (lengths in px are bounded as widths are), so that
    /// every height stays a finite number of px.
    public static let maximumMultiple = 1_000.0

    /// What a line height must be, for messages.
    public static let expectation = "'normal', a length like '20px' (at most \(formatPixels(CellTemplate.maximumWidth))px) "
        + "or a positive multiple of the size like '1.4' (at most \(formatPixels(maximumMultiple)))"

    public var description: String {
        switch self {
        case .normal: return "normal"
        case .pixels(let value): return "\(formatPixels(value))px"
        case .multiple(let value): return formatPixels(value)
        }
    }

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

/// A CSS <number> ("14", "1.4", ".5", "1e2"): unlike `Double(_:)`, no hexadecimal, no "nan" or
/// "inf", no trailing ".". Returns nil for anything else.
public func parseCSSNumber(_ text: String) -> Double? {
    // The grammar `[+-]? (digits ("." digits)? | "." digits) ([eE] [+-]? digits)?`, checked by
    // hand (a regular expression costs milliseconds to compile at every start).
    var bytes = Array(text.utf8)[...]
    func digits() -> Int {
        let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        bytes = bytes.dropFirst(count)
        return count
    }
    if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let integerDigits = digits()
    if bytes.first == UInt8(ascii: ".") {
        bytes = bytes.dropFirst()
        guard digits() > 0 else { return nil }
    } else if integerDigits == 0 {
        return nil
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
        bytes = bytes.dropFirst()
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits() > 0 else { return nil }
    }
    guard bytes.isEmpty, let value = Double(text), value.isFinite else { return nil }
    return value
}
