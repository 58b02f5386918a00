/// Where the picture of a report (`html`, `svg`) puts one row's cell at one width: the cell is a box
/// of its computed height, each shown label a frame inside its padding and insets, and each shown
/// line of a label a strip of its line box's height, stacked from the frame's top as the layout
/// stacked them. Coordinates are px from the box's top left corner.
struct CellDrawing {
    struct Label {
        /// Index of the label in the template.
        var index: Int
        /// Index of its font in `ReportFonts.labelFonts`: the label's, the row's own (see
        /// `MeasuredCell.ownFont`), or in a run at several sizes the size's.
        var font: Int
        var x: Double
        var y: Double
        /// The width the text was laid out at.
        var width: Double
        /// The label's height in the cell (its fixed or minimum height, or its shown lines').
        var height: Double
        var lines: [Line]
        /// The whole text's height, every line included (what the browser's own layout must match).
        var fullTextHeight: Double
        var isTruncated: Bool
    }

    struct Line {
        /// Relative to the label's frame.
        var y: Double
        var height: Double
        /// The line's text without its forced line break.
        var text: String
    }

    var width: Double
    var height: Double
    /// The separator's height at the bottom of the box, 0 for none.
    var separator: Double
    var labels: [Label]
    var isTruncated: Bool
    /// The row's budget violation at this width (any budget: lines or height, from the options,
    /// rules, the row or its catalog); nil when it fits or had none.
    var violation: BudgetViolation?
    var isOverBudget: Bool { violation != nil }

    /// The row's cell in result `column` (see `Report.columns`), its text in `fonts`' font for it.
    init(_ report: Report, rowIndex: Int, column: Int, fonts: ReportFonts) {
        let ownFont = fonts.ownFontIndex(of: report.cells[rowIndex])
        let result = report.cells[rowIndex].results[column]
        let sizeIndex = report.columns[column].sizeIndex
        let template = report.cellTemplate
        width = result.width
        height = result.height
        separator = template.separator
        // Labels stack as `CellTemplate.cellHeight(labels:)` adds them up: the spacing after a shown
        // label only when another shown label follows.
        var y = template.padding.top
        var spacingBefore: Double?
        var labels: [Label] = []
        for (index, layout) in result.labels.enumerated() where !layout.isHidden {
            if let spacingBefore { y += spacingBefore }
            var lineY = 0.0
            let lines = layout.text.lines.prefix(layout.visibleLineCount).map { line -> Line in
                defer { lineY += line.height }
                return Line(y: lineY, height: line.height, text: line.text.hasSuffix("\n") ? String(line.text.dropLast()) : line.text)
            }
            let font = report.settings.sizeFonts.isEmpty ? ownFont ?? index
                : fonts.ownFontIndex(of: result) ?? sizeIndex
            labels.append(Label(index: index, font: font, x: template.padding.left + template.labels[index].leftInset, y: y,
                                width: template.textWidth(ofLabel: index, cellWidth: result.width),
                                height: layout.height, lines: lines, fullTextHeight: layout.text.height,
                                isTruncated: layout.isTruncated))
            y += layout.height
            spacingBefore = template.labels[index].spacingAfter
        }
        self.labels = labels
        isTruncated = labels.contains(where: \.isTruncated)
        violation = report.cells[rowIndex].violation(at: result)
    }
}

extension Report {
    /// The cell the rows were measured in: the template's, or a bare text's (no geometry).
    var cellTemplate: CellTemplate { settings.subject.cell ?? .bareText }
}
