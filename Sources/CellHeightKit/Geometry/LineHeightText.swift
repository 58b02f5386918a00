import CellHeightEngine
import Foundation

/// `LineHeight` as cellheight reads and writes it: "normal", "20px" or "1.4".
extension LineHeight: CustomStringConvertible {
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

    /// What a line height must be, for messages.
    public static let expectation = "'normal', a length like '20px' "
        + "(at most \(formatPixels(CellTemplate.maximumWidth))px) "
        + "or a positive multiple of the size like '1.4' (at most \(formatPixels(maximumMultiple)))"

    public var description: String {
        switch self {
        case .normal: return "normal"
        case .pixels(let value): return "\(formatPixels(value))px"
        case .multiple(let value): return formatPixels(value)
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
