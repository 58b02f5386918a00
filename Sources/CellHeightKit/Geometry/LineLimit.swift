import CellHeightEngine

/// A label's maximum number of lines, like `UILabel.numberOfLines`: 0 means no limit. A text that
/// needs more lines is truncated: the label is as tall as its first `maxLines` line boxes.
public struct LineLimit: Equatable, Sendable {
    /// The most lines shown, e.g. 2; 0 for no limit.
    public var maxLines: Int

    public static let none = LineLimit(maxLines: 0)

    public init(maxLines: Int) {
        self.maxLines = maxLines
    }

    /// Whether there is a limit at all.
    public var isLimited: Bool { maxLines > 0 }

    /// How many of `lineCount` lines are shown, e.g. 2 of 5.
    public func visibleLineCount(of lineCount: Int) -> Int {
        isLimited ? min(lineCount, maxLines) : lineCount
    }

    /// The height of the lines shown: the whole layout's height when they all fit, otherwise the
    /// sum of the first `maxLines` line boxes (line boxes can differ in height when fallback fonts
    /// are taller, so this is not `maxLines` times one line).
    ///
    /// - Parameter lineBoxes: the layout's line boxes, asked for only when the text is truncated
    ///   (a layout made without details has none).
    public func visibleHeight(of layout: TextLayout, lineBoxes: () -> [LineBox]) -> Double {
        guard isLimited, layout.lineCount > maxLines else { return layout.height }
        return lineBoxes().prefix(maxLines).reduce(0) { $0 + $1.height }
    }
}
