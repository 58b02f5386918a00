import CellHeightEngine

/// One label of a measured cell, at one cell width.
package struct LabelLayout: Equatable, Sendable {
    /// The field the label shows, e.g. "title".
    package var field: String
    /// The whole text laid out at the label's width: `lineCount` counts every line the text needs,
    /// also those a line limit hides; `lines` is empty unless the layout was made with details.
    package var text: TextLayout
    /// How many lines are shown, e.g. 2 of `text.lineCount` 5.
    package var visibleLineCount: Int
    /// The height in px of the lines shown, rounded.
    package var textHeight: Double
    /// The label's height in the cell, in px: the fixed height, or the text height raised to the
    /// label's minimum; 0 when hidden.
    package var height: Double
    /// True when the field is missing or empty and the template hides such labels.
    package var isHidden: Bool

    package init(field: String, text: TextLayout, visibleLineCount: Int, textHeight: Double, height: Double,
                isHidden: Bool) {
        self.field = field
        self.text = text
        self.visibleLineCount = visibleLineCount
        self.textHeight = textHeight
        self.height = height
        self.isHidden = isHidden
    }

    /// Whether the text needs more lines than are shown.
    package var isTruncated: Bool { visibleLineCount < text.lineCount }
}

/// A row's cell at one width: its height and its labels.
package struct CellLayout: Equatable, Sendable {
    /// The cell width in px, e.g. 320.
    package var width: Double
    /// The font size in px the text was laid out at, in a run at several sizes (`--size 14,17,20`,
    /// see `mergingSizes`); nil in a run at one size, whose reports give the size once.
    package var fontSize: Double?
    /// The category or font scale of `fontSize` in a run at users' text sizes (`--dynamic-type`,
    /// `--font-scale`); nil otherwise.
    package var sizeLabel: SizeLabel?
    /// The font the row was laid out in at `sizeLabel` (see `MeasuredCell.ownFont`), when the run's
    /// size there is not the cell's own: drawn reports draw the result in it.
    package var ownFont: RowFont?
    /// The cell's height in px (see `CellTemplate.cellHeight(labels:)`).
    package var height: Double
    /// One per template label, in order.
    package var labels: [LabelLayout]

    package init(width: Double, fontSize: Double? = nil, height: Double, labels: [LabelLayout]) {
        self.width = width
        self.fontSize = fontSize
        self.height = height
        self.labels = labels
    }
}

package struct MeasuredCell: Equatable, Sendable {
    package var row: Row
    package var results: [CellLayout]
    /// The row's budget and violations, when it had a budget to check; nil otherwise.
    package var budgetCheck: BudgetCheck?
    /// Whether the row had a budget but was not checked against it: it is untranslated (it shows
    /// the source text) and untranslated rows are left out of the check (`--skip-untranslated`,
    /// a rule's `skipUntranslated`). It is measured and reported all the same.
    package var skipsUntranslatedCheck = false
    /// The font the row was laid out in when its settings gave it another font, size or line height
    /// than the run's (a single text's; a template's labels keep their fonts); nil otherwise.
    package var ownFont: RowFont?

    package init(row: Row, results: [CellLayout], budgetCheck: BudgetCheck? = nil) {
        self.row = row
        self.results = results
        self.budgetCheck = budgetCheck
    }

    /// A row measured as bare text (report tests): each layout is a cell of one label with no
    /// geometry, so the cell's height is the text's height.
    init(bare measured: MeasuredRow) {
        let template = CellTemplate.bareText
        let label = template.labels[0]
        self.init(row: measured.row, results: measured.layouts.map { layout in
            let labels = [label.layout(showing: layout, visibleHeight: layout.height, rounding: template.rounding)]
            return CellLayout(width: layout.width, height: template.cellHeight(labels: labels), labels: labels)
        })
    }
}

extension CellTemplate {
    /// One label showing the row's `text`, with no geometry around it.
    static let bareText = CellTemplate(labels: [LabelTemplate(field: "text")])
}

extension Array where Element == MeasuredCell {
    /// Every cell's height in result `column` (the width with that index, or in a run at several
    /// sizes a size and width), in row order.
    package func heights(atColumn column: Int) -> [Double] {
        map { $0.results[column].height }
    }
}
