import CellHeightEngine

/// Space inside a cell's edges, in px (CSS `padding`; UIKit's layout margins).
public struct Padding: Equatable, Sendable, CustomStringConvertible {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public static let zero = Padding(top: 0, right: 0, bottom: 0, left: 0)

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// Padding from 1 to 4 values in CSS shorthand order: `[all]`, `[vertical, horizontal]`,
    /// `[top, horizontal, bottom]` or `[top, right, bottom, left]`. Nil for any other count, or a
    /// value that is negative or not finite.
    public init?(shorthand values: [Double]) {
        guard (1...4).contains(values.count), values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= CellTemplate.maximumWidth }) else { return nil }
        switch values.count {
        case 1: self.init(top: values[0], right: values[0], bottom: values[0], left: values[0])
        case 2: self.init(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 3: self.init(top: values[0], right: values[1], bottom: values[2], left: values[1])
        default: self.init(top: values[0], right: values[1], bottom: values[2], left: values[3])
        }
    }

    /// Parses CSS shorthand text: 1 to 4 lengths separated by spaces or commas, each a number with
    /// an optional `px`, e.g. "10", "10 15", "8px 5px 8px 5px", "8,5". Nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        var values: [Double] = []
        for part in parts {
            let number = part.lowercased().hasSuffix("px") ? String(part.dropLast(2)) : String(part)
            guard let value = parseCSSNumber(number) else { return nil }
            values.append(value)
        }
        self.init(shorthand: values)
    }

    /// Top plus bottom.
    public var vertical: Double { top + bottom }
    /// Left plus right.
    public var horizontal: Double { left + right }

    /// The four values, top, right, bottom, left, e.g. "8 15 8 15".
    public var description: String {
        [top, right, bottom, left].map(formatPixels).joined(separator: " ")
    }
}
