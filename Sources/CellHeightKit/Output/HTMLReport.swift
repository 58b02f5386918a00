import CellHeightEngine

// The `html` output: one self-contained page (its fonts by file URL or embedded, its style and
// script inline) with the settings, summary statistics and a histogram of row heights, then every
// row's cell at every width drawn as a box of the computed height with its lines where cellheight
// put them, next to the same text laid out by the browser's own CSS. A script compares the two
// (see `htmlReportScript`) and writes its verdict at the top and on `<body>`.
//
// Large inputs: every row is in the page, in chunks of 50 rows that are `content-visibility: auto`
// with a size estimated from cellheight's heights (`contain-intrinsic-size`), so the browser lays
// out and paints only the chunks on screen. Chunks rather than single rows: with one such element
// per row, 10,000 of them made every scrolled frame cost ~85 ms in headless Chromium; with chunks
// of 50, ~17 ms (docs/PERFORMANCE.md).

/// Rows per `content-visibility: auto` chunk.
private let htmlRowsPerChunk = 50

/// The whole page, ending with a newline.
func renderHTMLReport(_ report: Report) -> String {
    let fonts = ReportFonts(report.settings, cells: report.cells)
    var page = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>cellheight report: \(escapeMarkup(report.settings.inputName))</title>
    <style>
    \(fonts.fontFaceRules(embedded: report.options.embeddedFonts))\(htmlLabelFontRules(report, fonts))\(htmlReportStyle)</style>
    </head>
    <body>
    <header>
    <h1>cellheight report <span class="input">\(escapeMarkup(report.settings.inputName))</span></h1>
    <p id="verdict" class="verdict pending">Checking \(report.cells.count) rows against this browser’s own layout…</p>
    <ol id="disagreement-list" class="disagreement-list"></ol>

    """
    page += htmlSettingsList(report)
    page += htmlSummaryTable(report)
    page += htmlFailingRows(report)
    page += report.options.forecast?.renderHTML() ?? ""
    page += "<div class=\"histograms\">"
    for (index, column) in report.columns.enumerated() {
        let title = "Row heights at \(column.caption)"
        page += HeightHistogram(heights: report.cells.heights(atColumn: index)).svg(title: title)
    }
    page += "</div>\n" + htmlLegend + "</header>\n<main>\n"
    for chunkStart in stride(from: 0, to: report.cells.count, by: htmlRowsPerChunk) {
        let rows = chunkStart..<min(chunkStart + htmlRowsPerChunk, report.cells.count)
        let drawings = rows.map { rowIndex in
            report.columns.indices.map { CellDrawing(report, rowIndex: rowIndex, column: $0, fonts: fonts) }
        }
        let estimate = drawings.reduce(0) { $0 + htmlEstimatedRowHeight($1) }
        page += "<div class=\"chunk\" style=\"contain-intrinsic-size: auto \(formatPixels(estimate))px\">\n"
        for (rowIndex, rowDrawings) in zip(rows, drawings) { page += htmlRow(report, rowIndex: rowIndex, drawings: rowDrawings, fonts: fonts) }
        page += "</div>\n"
    }
    page += "</main>\n<div id=\"probe\" aria-hidden=\"true\"></div>\n"
    page += "<script type=\"application/json\" id=\"cellheight-texts\">" + htmlRowTexts(report) + "</script>\n"
    page += "<script>\n" + htmlReportScript(fontsBlockedRemedy: report.options.wording.fontsBlockedRemedy)
        + "</script>\n</body>\n</html>\n"
    return page
}

/// One CSS class per label, `.f0`, `.f1`, …, with its font, size and line height; lines drawn by
/// cellheight and the browser's own layout use the same class.
/// The browser's own layout gets the white-space mode the rows were measured with; cellheight's
/// lines are drawn unwrapped in the matching mode.
private func htmlLabelFontRules(_ report: Report, _ fonts: ReportFonts) -> String {
    let preserves = report.settings.whiteSpace == WhiteSpace.preWrap.rawValue
    return fonts.labelFonts.indices.map { ".f\($0) { font: \(fonts.cssFont(ofLabel: $0)); }\n" }.joined()
        + ".browser { white-space: \(preserves ? "pre-wrap" : "normal"); }\n"
        + ".label > p { white-space: \(preserves ? "pre" : "nowrap"); }\n"
}

private func htmlSettingsList(_ report: Report) -> String {
    var html = "<dl class=\"settings\">\n"
    for item in settingsSummary(report) {
        html += "<dt>\(escapeMarkup(item.name))</dt><dd>\(escapeMarkup(item.value))</dd>\n"
    }
    return html + "</dl>\n"
}

/// Per width (and size, at several sizes): the statistics, and how many rows are truncated and over the budget.
private func htmlSummaryTable(_ report: Report) -> String {
    let checked = report.cells.contains { $0.budgetCheck != nil }
    let showsSizes = !report.settings.sizeFonts.isEmpty
    var html = "<table class=\"summary\">\n<thead><tr>" + (showsSizes ? "<th>size</th>" : "") + "<th>width</th><th>rows</th><th>min</th><th>max</th>"
        + "<th>mean</th><th>median</th><th>p95</th><th>total</th><th>truncated</th>"
        + (checked ? "<th>over budget</th>" : "") + "</tr></thead>\n<tbody>\n"
    for (columnIndex, statistics) in report.statistics.enumerated() {
        let column = report.columns[columnIndex]
        // Shown to 2 decimals (a mean can have many), exactly in the tooltip.
        func cell(_ value: Double?) -> String {
            guard let value else { return "<td>–</td>" }
            return "<td title=\"\(formatPixels(value))\">\(formatPixels((value * 100).rounded() / 100))</td>"
        }
        let results = report.cells.map { $0.results[columnIndex] }
        let truncated = results.filter { $0.labels.contains(where: \.isTruncated) }.count
        html += "<tr>" + (column.fontSize.map { "<th>\(sizeCaption(column.sizeLabel, nil))\(formatPixels($0)) px</th>" } ?? "")
            + "<th>\(formatPixels(column.width)) px</th><td>\(statistics.count)</td>"
            + cell(statistics.min) + cell(statistics.max) + cell(statistics.mean) + cell(statistics.median)
            + cell(statistics.p95) + cell(statistics.total) + "<td>\(truncated)</td>"
        if checked {
            let over = report.cells.filter { $0.violation(at: $0.results[columnIndex]) != nil }.count
            html += "<td>\(over)</td>"
        }
        html += "</tr>\n"
    }
    return html + "</tbody>\n</table>\n"
}

private let htmlLegend = """
<ul class="legend">
<li><span class="swatch box-swatch"></span>cellheight’s cell: its computed height, lines where cellheight broke them</li>
<li><span class="swatch browser-swatch"></span>the same text laid out by this browser’s CSS</li>
<li><span class="swatch truncated-swatch"></span>truncated (more lines than the line limit shows)</li>
<li><span class="swatch budget-swatch"></span>over its budget of lines or height (bar on the right)</li>
<li><span class="swatch disagreement-swatch"></span>the browser’s height differs by more than 0.5 px</li>
</ul>

"""

/// One row: a heading, then per column (`drawings`, one per width, or size and width) cellheight's box and the
/// browser's layout side by side.
private func htmlRow(_ report: Report, rowIndex: Int, drawings: [CellDrawing], fonts: ReportFonts) -> String {
    let cell = report.cells[rowIndex]
    var classes = ["row"]
    if drawings.contains(where: \.isTruncated) { classes.append("truncated") }
    if drawings.contains(where: \.isOverBudget) { classes.append("over-budget") }
    var html = "<section class=\"\(classes.joined(separator: " "))\" id=\"row-\(rowIndex)\">\n"
    html += "<h2><span class=\"index\">#\(cell.row.index)</span>"
    if let id = cell.row.id { html += " <span class=\"id\">\(escapeMarkup(id))</span>" }
    if let measurement = RowMeasurement(report, rowIndex: rowIndex) {
        html += " <span class=\"measured-with\">\(escapeMarkup(measurement.text))</span>"
    }
    html += "</h2>\n<div class=\"widths\">\n"
    for (column, drawing) in drawings.enumerated() {
        html += htmlCellFigure(report, drawing, rowIndex: rowIndex, column: column, fonts: fonts)
    }
    return html + "</div>\n</section>\n"
}

/// About how tall a row's section is, before the browser lays it out: its heading and caption,
/// then the taller of cellheight's box and the browser's side (which shows a truncated text whole),
/// for the widest width alone on its line.
private func htmlEstimatedRowHeight(_ drawings: [CellDrawing]) -> Double {
    let tallest = drawings.map { drawing in
        max(drawing.height, drawing.labels.reduce(0) { $0 + $1.fullTextHeight + 8 } - 8)
    }.max() ?? 0
    return (tallest + 66).rounded(.up)
}

private func htmlCellFigure(_ report: Report, _ drawing: CellDrawing, rowIndex: Int, column: Int, fonts: ReportFonts) -> String {
    let result = report.cells[rowIndex].results[column]
    var classes = ["cell"]
    if drawing.isTruncated { classes.append("truncated") }
    if drawing.isOverBudget { classes.append("over-budget") }
    var caption = sizeCaption(result.sizeLabel, result.fontSize) + "\(formatPixels(drawing.width)) px · "
    if report.showsLabels {
        caption += zip(report.fields, result.labels).map { "\($0) \(lineCountText($1))" }.joined(separator: ", ")
    } else {
        let count = lineCountText(result.labels[0])
        caption += count == "1" ? "1 line" : count + " lines"
    }
    caption += " · \(formatPixels(drawing.height)) px"
    if let violation = drawing.violation { caption += " · \(violation.budgetCaption) · \(violation.fittingCaption)" }
    if report.options.offsets { caption += " · offset \(formatPixels(report.offsets[column][rowIndex])) px" }

    var html = "<figure class=\"\(classes.joined(separator: " "))\"><figcaption>\(escapeMarkup(caption))</figcaption>"
        + "<div class=\"sides\">"
    html += "<div class=\"box\" style=\"width:\(formatPixels(drawing.width))px;height:\(formatPixels(drawing.height))px\">"
    if drawing.separator > 0 {
        html += "<div class=\"separator\" style=\"height:\(formatPixels(drawing.separator))px\"></div>"
    }
    for label in drawing.labels {
        // Rows written compactly (a page of 30,100 rows: 19.0 MB, was 25.5): a label at the box's
        // corner says no left or top; its lines are `<p>`s stacked in its flow, each as tall as
        // the label's `--h` (its first line's) unless it says otherwise.
        let common = label.lines.first.map { formatPixels($0.height) }
        html += "<div class=\"label f\(label.font)\" style=\"" + (label.x == 0 ? "" : "left:\(formatPixels(label.x))px;")
            + (label.y == 0 ? "" : "top:\(formatPixels(label.y))px;")
            + "width:\(formatPixels(label.width))px;height:\(formatPixels(label.height))px" + (common.map { ";--h:\($0)px" } ?? "") + "\">"
        for line in label.lines {
            let height = formatPixels(line.height)
            html += (height == common ? "<p>" : "<p style=\"--h:\(height)px\">") + escapeMarkup(line.text) + "</p>"
        }
        html += "</div>"
    }
    html += "</div><div class=\"browser-side\">"
    // Filled with the row's text by the page's script, as a text node (never parsed as HTML).
    // A face after a collection's first (Noto Sans CJK's SC, TC, KR, HK in its .ttc) cannot be
    // checked: browsers load a font collection's first face only, so the page marks it unchecked
    // rather than report a difference that is the browser's font, not cellheight's layout.
    for label in drawing.labels {
        let face = fonts.labelFonts[label.font].fontFaceIndex
        html += "<div class=\"browser f\(label.font)\" style=\"width:\(formatPixels(label.width))px\" "
            + "data-row=\"\(rowIndex)\"" + (label.index == 0 ? "" : " data-label=\"\(label.index)\"")
            + " data-height=\"\(formatPixels(label.fullTextHeight))\""
            + (face > 0 ? " data-unchecked=\"face \(face) of a font collection\"" : "") + "></div>"
    }
    return html + "</div></div></figure>\n"
}

/// The rows' label texts as JSON, `[["text of row 0"], …]` (one string per template label), for the
/// script to lay out.
private func htmlRowTexts(_ report: Report) -> String {
    scriptSafeJSON(jsonArray(report.cells.map { cell in
        jsonArray(report.fields.map { jsonString(cell.row.value(ofField: $0) ?? "") })
    }))
}
