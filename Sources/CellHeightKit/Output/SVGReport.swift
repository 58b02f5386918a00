// The `svg` output: the `html` report's picture as one SVG, for docs and pull requests. A title
// line with the font, size and input, a legend, then one band per row: its number and id on the
// left, then at each width its cell as a box of the computed height with the shown lines as
// stripes of their line boxes' heights and their text on them. No statistics and no browser check.

private enum SVGLayout {
    static let margin = 16.0
    /// Room on the left of each row for its number and id.
    static let rowHeadingWidth = 96.0
    static let columnGap = 32.0
    static let rowGap = 14.0
    /// Above each box: the caption with its width, line count and height.
    static let captionHeight = 16.0
    static let headerHeight = 64.0
    /// About the mean advance of a caption's characters (11 px DejaVu Sans, digits and lowercase).
    static let captionCharacterWidth = 6.4
}

/// The whole picture, ending with a newline.
func renderSVGReport(_ report: Report) -> String {
    let fonts = ReportFonts(report.settings, cells: report.cells)
    let columns = report.columns
    let drawings = report.cells.indices.map { rowIndex in
        columns.indices.map { CellDrawing(report, rowIndex: rowIndex, column: $0, fonts: fonts) }
    }
    // A column is as wide as its boxes (and a budget bar) or its longest caption, whichever is wider.
    var columnX: [Double] = []
    var x = SVGLayout.margin + SVGLayout.rowHeadingWidth
    for column in columns.indices {
        columnX.append(x)
        let longestCaption = report.cells.indices.map { svgCaption(report, drawings[$0][column], rowIndex: $0, column: column).count }.max() ?? 0
        x += max(columns[column].width + 6, Double(longestCaption) * SVGLayout.captionCharacterWidth) + SVGLayout.columnGap
    }
    // Wide enough for the title (14 px bold, about 8.5 px a character) and the legend.
    let title = svgTitle(report)
    let pictureWidth = max(x - SVGLayout.columnGap + SVGLayout.margin, 840,
                           (Double(title.count) * 8.5 + 2 * SVGLayout.margin).rounded(.up))

    var body = ""
    var y = SVGLayout.margin + SVGLayout.headerHeight
    for rowIndex in report.cells.indices {
        let row = report.cells[rowIndex].row
        let boxTop = y + SVGLayout.captionHeight
        let fails = !(report.cells[rowIndex].budgetCheck?.fits ?? true)
        body += "<g class=\"\(fails ? "row over-budget" : "row")\" id=\"row-\(rowIndex)\">\n"
        // What the row was measured with, when a rules file sets it per row.
        if let measurement = RowMeasurement(report, rowIndex: rowIndex) {
            body += "<title>\(escapeMarkup(measurement.text))</title>\n"
        }
        // A failing row is marked in its heading, findable by eye and by its class.
        if fails {
            body += "<rect class=\"row-mark\" x=\"\(formatPixels(SVGLayout.margin - 8))\" y=\"\(formatPixels(boxTop))\" width=\"4\" "
                + "height=\"\(formatPixels(max(drawings[rowIndex].map(\.height).max() ?? 0, 36)))\"/>\n"
        }
        body += "<text class=\"heading\" x=\"\(formatPixels(SVGLayout.margin))\" y=\"\(formatPixels(boxTop + 12))\">#\(row.index)</text>\n"
        if let id = row.id {
            body += "<text class=\"id\" x=\"\(formatPixels(SVGLayout.margin))\" y=\"\(formatPixels(boxTop + 28))\">"
                + escapeMarkup(previewText(id, maxColumns: 14)) + "</text>\n"
        }
        if fails {
            body += "<text class=\"over-budget-label\" x=\"\(formatPixels(SVGLayout.margin))\" y=\"\(formatPixels(boxTop + 44))\">over budget</text>\n"
        }
        for (column, drawing) in drawings[rowIndex].enumerated() {
            body += svgCell(report, drawing, rowIndex: rowIndex, column: column, x: columnX[column], top: y)
        }
        body += "</g>\n"
        y = boxTop + (drawings[rowIndex].map(\.height).max() ?? 0) + SVGLayout.rowGap
    }
    var pictureHeight = y - SVGLayout.rowGap + SVGLayout.margin
    // The forecast (`--forecast`) below the rows, as `cellheight forecast -o svg` draws it.
    if let forecast = report.options.forecast?.renderSVG(top: pictureHeight - SVGLayout.margin) {
        body += "<g class=\"forecast\">\n" + forecast.svg + "</g>\n"
        pictureHeight += forecast.height
    }

    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(formatPixels(pictureWidth))\" "
        + "height=\"\(formatPixels(pictureHeight))\" viewBox=\"0 0 \(formatPixels(pictureWidth)) \(formatPixels(pictureHeight))\">\n"
    svg += "<title>cellheight report: \(escapeMarkup(report.settings.inputName))</title>\n"
    svg += "<style>\n" + fonts.fontFaceRules(embedded: report.options.embeddedFonts) + svgLabelFontRules(fonts)
        + svgStyle + "</style>\n"
    svg += "<rect class=\"page\" width=\"100%\" height=\"100%\"/>\n"
    svg += "<text class=\"title\" x=\"\(formatPixels(SVGLayout.margin))\" y=\"\(formatPixels(SVGLayout.margin + 14))\">"
        + escapeMarkup(title) + "</text>\n"
    svg += svgLegend(y: SVGLayout.margin + 36)
    return svg + body + "</svg>\n"
}

/// One class per label, `.f0`, `.f1`, …: its face (or, where the file cannot be loaded, the
/// installed family of that name) and size.
private func svgLabelFontRules(_ fonts: ReportFonts) -> String {
    fonts.labelFonts.indices.map { index in
        let font = fonts.labelFonts[index]
        let family = "\"\(fonts.faces[fonts.labelFaces[index]].cssFamily)\", \"\(cssStringContent(font.fontFamily))\""
        return ".f\(index) { font-family: \(family); font-size: \(formatPixels(font.fontSize))px; }\n"
    }.joined()
}

/// A font family name made safe inside a double-quoted CSS string.
private func cssStringContent(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
}

/// "cellheight · rows.txt · DejaVu Sans 14 px, line height normal · widths 160, 240 px"; at several
/// sizes "… · DejaVu Sans 14, 17, 20 px, line height normal · …".
private func svgTitle(_ report: Report) -> String {
    let sizes = report.settings.sizeFonts.map { formatPixels($0.fontSize) }.joined(separator: ", ")
    let fonts = report.settings.subject.fonts.map {
        "\($0.fontFamily) \(sizes.isEmpty ? formatPixels($0.fontSize) : sizes) px, line height \($0.lineHeight)"
    }
    var title = "cellheight · \(report.settings.inputName) · " + Array(Set(fonts)).sorted().joined(separator: "; ")
    title += " · " + (report.settings.widths.count == 1 ? "width " : "widths ")
        + report.settings.widths.map(formatPixels).joined(separator: ", ") + " px"
    if let lines = report.settings.budget.maxLines { title += " · at most \(lines) line\(lines == 1 ? "" : "s")" }
    if let height = report.settings.budget.maxHeight { title += " · budget \(formatPixels(height)) px" }
    let failing = report.cells.filter { !($0.budgetCheck?.fits ?? true) }.count
    if failing > 0 { title += " · \(failing) of \(report.cells.count) rows over budget" }
    return title
}

private func svgLegend(y: Double) -> String {
    let items = [("legend-box", "cell: computed height, lines where cellheight broke them"),
                 ("legend-truncated", "truncated"), ("legend-budget", "over budget (lines or height)")]
    var x = SVGLayout.margin
    var svg = "<g class=\"legend\">"
    for (style, text) in items {
        svg += "<rect class=\"\(style)\" x=\"\(formatPixels(x))\" y=\"\(formatPixels(y - 10))\" "
            + "width=\"\(style == "legend-budget" ? 5 : 20)\" height=\"12\"/>"
        svg += "<text x=\"\(formatPixels(x + 26))\" y=\"\(formatPixels(y))\">\(escapeMarkup(text))</text>"
        x += 26 + Double(text.count) * SVGLayout.captionCharacterWidth + 24
    }
    return svg + "</g>\n"
}

private func svgCell(_ report: Report, _ drawing: CellDrawing, rowIndex: Int, column: Int, x: Double,
                     top: Double) -> String {
    let boxTop = top + SVGLayout.captionHeight
    let caption = svgCaption(report, drawing, rowIndex: rowIndex, column: column)
    var classes = ["box"]
    if drawing.isTruncated { classes.append("truncated") }
    if drawing.isOverBudget { classes.append("over-budget") }

    var svg = "<text class=\"caption\" x=\"\(formatPixels(x))\" y=\"\(formatPixels(top + 11))\">\(escapeMarkup(caption))</text>\n"
    svg += "<rect class=\"\(classes.joined(separator: " "))\" x=\"\(formatPixels(x))\" y=\"\(formatPixels(boxTop))\" "
        + "width=\"\(formatPixels(drawing.width))\" height=\"\(formatPixels(drawing.height))\"/>\n"
    if drawing.isOverBudget {
        svg += "<rect class=\"budget-bar\" x=\"\(formatPixels(x + drawing.width + 1))\" y=\"\(formatPixels(boxTop))\" "
            + "width=\"5\" height=\"\(formatPixels(drawing.height))\"/>\n"
    }
    if drawing.separator > 0 {
        svg += "<rect class=\"separator\" x=\"\(formatPixels(x))\" y=\"\(formatPixels(boxTop + drawing.height - drawing.separator))\" "
            + "width=\"\(formatPixels(drawing.width))\" height=\"\(formatPixels(drawing.separator))\"/>\n"
    }
    for label in drawing.labels {
        for (lineIndex, line) in label.lines.enumerated() {
            let lineTop = boxTop + label.y + line.y
            svg += "<rect class=\"\(lineIndex % 2 == 0 ? "line" : "line alternate")\" x=\"\(formatPixels(x + label.x))\" "
                + "y=\"\(formatPixels(lineTop))\" width=\"\(formatPixels(label.width))\" height=\"\(formatPixels(line.height))\"/>\n"
            // The central baseline sits in the middle of the line box, as the glyphs' ascent and
            // descent do with CSS half-leading.
            svg += "<text class=\"f\(label.font)\" x=\"\(formatPixels(x + label.x))\" "
                + "y=\"\(formatPixels(lineTop + line.height / 2))\" dominant-baseline=\"central\">"
                + escapeMarkup(line.text) + "</text>\n"
        }
    }
    return svg
}

/// "160 px · 3/4 lines · 48 px" ("size 17 px · 160 px · …" at several sizes), then " · over the 40 px
/// budget · fits at 212.77 px" when it is.
private func svgCaption(_ report: Report, _ drawing: CellDrawing, rowIndex: Int, column: Int) -> String {
    let result = report.cells[rowIndex].results[column]
    let lineCounts = result.labels.filter { !$0.isHidden }.map(lineCountText)
    let lines = lineCounts == ["1"] ? "1 line" : lineCounts.joined(separator: " + ") + " lines"
    var caption = sizeCaption(result.sizeLabel, result.fontSize)
        + "\(formatPixels(drawing.width)) px · \(lines) · \(formatPixels(drawing.height)) px"
    if let violation = drawing.violation { caption += " · \(violation.budgetCaption) · \(violation.fittingCaption)" }
    return caption
}

private let svgStyle = """
.page { fill: #ffffff; }
text { fill: #1d2330; white-space: pre; }
.title { font: 600 14px "DejaVu Sans", sans-serif; }
.legend text, .caption, .id { font: 11px "DejaVu Sans", sans-serif; fill: #5b6475; }
.heading { font: 600 12px "DejaVu Sans", sans-serif; fill: #5b6475; }
.box, .legend-box { fill: #ffffff; stroke: #2f6fde; stroke-width: 1.5; }
.box.truncated, .legend-truncated { fill: #ffffff; stroke: #e08a00; stroke-width: 2; }
.budget-bar, .legend-budget, .row-mark { fill: #c2410c; }
.over-budget-label { font: 600 11px "DejaVu Sans", sans-serif; fill: #c2410c; }
.line { fill: #e9f0fc; }
.line.alternate { fill: #f5f8fe; }
.separator { fill: #c9ced8; }

"""
