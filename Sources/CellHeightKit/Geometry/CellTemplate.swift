import CellHeightEngine

/// A table cell: its width, padding, minimum height and separator, and the labels stacked in it,
/// top to bottom.
///
/// A cell's height is computed in one place, `cellHeight(labels:)`, in this order:
/// each label's text height → rounding → (label: fixed height, or its minimum) → labels and the
/// spacing between them → + vertical padding → max(cell minimum height) → + separator.
/// The minimum height includes the padding (CSS `min-height` on a `box-sizing: border-box` cell);
/// the separator is added below it (a table view's cell is 1 px taller than its content view).
/// Widths, padding, insets, minimum heights and spacing are CSS lengths, which Chromium keeps in
/// LayoutUnits: each is floored to 1/64 px before it is added (padding 7.3 is 7.296875), as the
/// cells checked in Chromium show; the separator and rounding are UIKit's, taken as given.
public struct CellTemplate: Equatable, Sendable {
    /// Cell widths in px the template was written for, e.g. [320]; nil to take the command line's.
    public var widths: [Double]?
    public var padding: Padding
    /// The cell's minimum height in px, padding included; 0 for none.
    public var minHeight: Double
    /// Px added below every cell.
    public var separator: Double
    /// How each label's text height is rounded.
    public var rounding: TextRounding
    /// Whether a label whose field is missing or empty is hidden, taking no height and no spacing
    /// (a `UIStackView` hides it); if false it stays, 0 px tall (or its fixed or minimum height),
    /// with its spacing (a chain of plain constraints).
    public var collapsesEmptyLabels: Bool
    /// The labels, top to bottom; never empty.
    public var labels: [LabelTemplate]

    /// The largest width and font size accepted, in px (by the command line and in templates).
    public static let maximumWidth = 1_000_000.0
    public static let maximumFontSize = 10_000.0

    public init(widths: [Double]? = nil, padding: Padding = .zero, minHeight: Double = 0, separator: Double = 0,
                rounding: TextRounding = .none, collapsesEmptyLabels: Bool = true, labels: [LabelTemplate]) {
        self.widths = widths
        self.padding = padding
        self.minHeight = minHeight
        self.separator = separator
        self.rounding = rounding
        self.collapsesEmptyLabels = collapsesEmptyLabels
        self.labels = labels
    }

    /// The cell the single-text options describe: one label showing each row's `text`, with the
    /// cell's geometry around it.
    public static func singleLabel(font: String, fontSize: Double, lineHeight: LineHeight, padding: Padding = .zero,
                                   minHeight: Double = 0, separator: Double = 0, lineLimit: LineLimit = .none,
                                   rounding: TextRounding = .none) -> CellTemplate {
        let label = LabelTemplate(field: "text", font: font, fontSize: fontSize, lineHeight: lineHeight,
                                  lineLimit: lineLimit)
        return CellTemplate(padding: padding, minHeight: minHeight, separator: separator, rounding: rounding,
                            labels: [label])
    }

    /// The width in px label `index` lays its text out at in a cell `cellWidth` px wide: the cell
    /// width minus the padding and the label's insets. Not positive when they leave no room.
    public func textWidth(ofLabel index: Int, cellWidth: Double) -> Double {
        LayoutUnit.floor(cellWidth) - LayoutUnit.floor(padding.left) - LayoutUnit.floor(padding.right)
            - LayoutUnit.floor(labels[index].leftInset) - LayoutUnit.floor(labels[index].rightInset)
    }

    /// Whether a label showing `text` is hidden.
    public func hidesLabel(showing text: String) -> Bool {
        collapsesEmptyLabels && text.isEmpty
    }

    /// The cell's height from its labels (one per template label, in order): the shown labels'
    /// heights and the spacing after each shown label that another shown label follows, plus the
    /// vertical padding, raised to the minimum height, plus the separator.
    package func cellHeight(labels layouts: [LabelLayout]) -> Double {
        var content = 0.0
        var spacingBefore: Double?
        for (layout, label) in zip(layouts, labels) where !layout.isHidden {
            if let spacingBefore { content += spacingBefore }
            content += layout.height
            spacingBefore = LayoutUnit.floor(label.spacingAfter)
        }
        return cellHeight(content: content)
    }

    /// `cellHeight(labels:)` of a cell with one label (no array to make).
    package func cellHeight(singleLabel layout: LabelLayout) -> Double {
        cellHeight(content: layout.isHidden ? 0 : layout.height)
    }

    /// The cell's height around labels `content` px tall in all.
    private func cellHeight(content: Double) -> Double {
        max(content + LayoutUnit.floor(padding.top) + LayoutUnit.floor(padding.bottom), LayoutUnit.floor(minHeight))
            + separator
    }
}
