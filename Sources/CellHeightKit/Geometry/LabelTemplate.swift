import CellHeightEngine

/// One label of a cell: the field it shows, its font, and how it sits in the cell.
public struct LabelTemplate: Equatable, Sendable {
    /// The row field whose text the label shows, e.g. "title".
    public var field: String
    /// The font as `--font` takes it: a file path, `path#N`, or a family name.
    public var font: String
    /// Font size in px, e.g. 17.
    public var fontSize: Double
    public var lineHeight: LineHeight
    /// Space between the cell's padding and the label's text, left and right, in px (a text view's
    /// line fragment padding, a label's leading and trailing constraints).
    public var leftInset: Double
    public var rightInset: Double
    /// At most this many lines are shown (`numberOfLines`).
    public var lineLimit: LineLimit
    /// A fixed height in px (a height constraint): the label is this tall whatever its text.
    public var fixedHeight: Double?
    /// The label's own minimum height in px (a `>=` height constraint); 0 for none.
    public var minHeight: Double
    /// Vertical space in px between this label and the next shown label.
    public var spacingAfter: Double

    public init(field: String, font: String = "sans-serif", fontSize: Double = 16, lineHeight: LineHeight = .normal,
                leftInset: Double = 0, rightInset: Double = 0, lineLimit: LineLimit = .none,
                fixedHeight: Double? = nil, minHeight: Double = 0, spacingAfter: Double = 0) {
        self.field = field
        self.font = font
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.leftInset = leftInset
        self.rightInset = rightInset
        self.lineLimit = lineLimit
        self.fixedHeight = fixedHeight
        self.minHeight = minHeight
        self.spacingAfter = spacingAfter
    }

    /// The label showing a laid-out text: its text height is the height of the lines shown,
    /// rounded; its box is the fixed height if it has one, otherwise the text height raised to the
    /// label's minimum.
    ///
    /// - Parameters:
    ///   - text: the whole text laid out at the label's width.
    ///   - visibleHeight: the height of the lines shown (see `LineLimit.visibleHeight`).
    package func layout(showing text: TextLayout, visibleHeight: Double, rounding: TextRounding) -> LabelLayout {
        let textHeight = rounding.apply(to: visibleHeight)
        return LabelLayout(field: field, text: text, visibleLineCount: lineLimit.visibleLineCount(of: text.lineCount),
                           textHeight: textHeight, height: fixedHeight.map(LayoutUnit.floor) ?? max(textHeight, LayoutUnit.floor(minHeight)), isHidden: false)
    }

    /// The label hidden because its field is missing or empty: no lines, no height.
    package func hiddenLayout(textWidth: Double) -> LabelLayout {
        LabelLayout(field: field, text: TextLayout(width: textWidth, lineCount: 0, height: 0), visibleLineCount: 0,
                    textHeight: 0, height: 0, isHidden: true)
    }
}
