/// The `table` output, for people: aligned columns `#`, `id` (only when some row has one), `locale`
/// (when the rows have locales), `file` (`FILE:LINE`, when several inputs were read), then per
/// width (suffixed `@320` when there are several) `lines` — or, for a template, one column per
/// label, `<field>.lines` — then `textHeight` for a text in a cell, `height`, and `offset` with
/// `--offsets`; then a one-line `text` preview. A truncated text shows `shown/needed` lines, e.g.
/// `2/5`. After the rows a `total` line, then with statistics one `stats` line per width, then the
/// face each font resolved to (a family name, a generic family: see "Font names" in the README),
/// e.g. `font  Liberation Sans 16px  /usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf`.
/// With explain, each row's lines follow it: `    1  "text of line"  123.5px  [DejaVu Sans]`.
/// At several sizes, a table per size under a `size 17px` line, each with its own total, stats
/// and font line, separated by a blank line.
func renderTableReport(_ report: Report) -> String {
    guard report.settings.sizeFonts.isEmpty else {
        return zip(report.settings.sizeFonts, report.reportsBySize).map { font, sized in
            "size \(formatPixels(font.fontSize))px\n" + renderTableReport(sized)
        }.joined(separator: "\n")
    }
    let columns = tableColumns(report)
    let columnWidths = columns.map { column in
        ([column.header, column.total] + column.cells).map { terminalColumns(of: $0) }.max() ?? 0
    }

    func tableLine(_ cells: [String], text: String) -> String {
        var line = zip(columns, zip(cells, columnWidths)).map { column, cell in
            let padding = String(repeating: " ", count: cell.1 - terminalColumns(of: cell.0))
            return column.alignsRight ? padding + cell.0 : cell.0 + padding
        }.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return text.isEmpty ? line : line + "  " + text
    }

    var output = tableLine(columns.map(\.header), text: "text") + "\n"
    for (rowIndex, cell) in report.cells.enumerated() {
        output += tableLine(columns.map { $0.cells[rowIndex] }, text: previewText(shownText(report, cell.row), maxColumns: 40))
        output += "\n"
        if report.options.explain {
            output += explainedLines(report, cell)
        }
    }
    output += tableLine(columns.map(\.total), text: "") + "\n"
    for (width, statistics) in zip(report.settings.widths, report.statistics) {
        output += "stats" + widthSuffix(report, width) + "  " + statisticsText(statistics) + "\n"
    }
    return output + fontLines(report)
}

/// One `font` line per font the rows were measured in, as resolved: its family, size and file
/// (with `#N` for a face of a collection); for a template, one per label, named by its field.
private func fontLines(_ report: Report) -> String {
    func text(_ font: FontSettings) -> String {
        let face = font.fontFaceIndex > 0 ? "#\(font.fontFaceIndex)" : ""
        return "\(font.fontFamily) \(formatPixels(font.fontSize))px  \(font.fontPath)\(face)"
    }
    switch report.settings.subject {
    case .text(let font, _):
        return "font  " + text(font) + "\n"
    case .template(let template, _, _, let fonts):
        return zip(template.labels, fonts).map { "font \($0.field)  " + text($1) + "\n" }.joined()
    }
}

private struct TableColumn {
    var header: String
    var alignsRight: Bool
    var cells: [String]
    /// The cell in the `total` line.
    var total: String = ""
}

private func tableColumns(_ report: Report) -> [TableColumn] {
    let cells = report.cells
    // "total" sits in the `#` column, which is right-aligned and at least as wide as the word.
    var columns = [TableColumn(header: "#", alignsRight: true, cells: cells.map { String($0.row.index) }, total: "total")]
    if cells.contains(where: { $0.row.id != nil }) {
        let ids = cells.map { previewText($0.row.id ?? "", maxColumns: 40) }
        columns.append(TableColumn(header: "id", alignsRight: false, cells: ids))
    }
    if report.showsLocaleColumn {
        columns.append(TableColumn(header: "locale", alignsRight: false, cells: cells.map { previewText($0.row.shownLocale ?? "") }))
    }
    if report.showsFileColumn {
        columns.append(TableColumn(header: "file", alignsRight: false,
                                   cells: cells.map { previewText("\($0.row.source ?? ""):\($0.row.sourceLine)") }))
    }
    for (widthIndex, width) in report.settings.widths.enumerated() {
        let suffix = widthSuffix(report, width)
        let results = cells.map { $0.results[widthIndex] }
        let lineHeaders = report.showsLabels ? report.fields.map { $0 + ".lines" } : ["lines"]
        for (labelIndex, header) in lineHeaders.enumerated() {
            columns.append(TableColumn(header: header + suffix, alignsRight: true,
                                       cells: results.map { lineCountText($0.labels[labelIndex]) }))
        }
        if report.showsTextHeight {
            columns.append(TableColumn(header: "textHeight" + suffix, alignsRight: true,
                                       cells: results.map { formatPixels($0.labels[0].textHeight) }))
        }
        columns.append(TableColumn(header: "height" + suffix, alignsRight: true,
                                   cells: results.map { formatPixels($0.height) },
                                   total: formatPixels(report.totals[widthIndex])))
        if report.options.offsets {
            columns.append(TableColumn(header: "offset" + suffix, alignsRight: true,
                                       cells: report.offsets[widthIndex].map(formatPixels)))
        }
    }
    return columns
}

/// "@320" when there are several widths, "" otherwise.
private func widthSuffix(_ report: Report, _ width: Double) -> String {
    report.hasSingleColumn ? "" : "@" + formatPixels(width)
}

/// The row's text for the preview: its text, or for a template its labels' texts joined by " · ".
private func shownText(_ report: Report, _ row: Row) -> String {
    guard report.showsLabels else { return row.text }
    return report.fields.compactMap { row.value(ofField: $0) }.filter { !$0.isEmpty }.joined(separator: " · ")
}

private func statisticsText(_ statistics: HeightStatistics) -> String {
    func text(_ value: Double?) -> String { value.map(formatPixels) ?? "-" }
    return [
        "count \(statistics.count)", "min \(text(statistics.min))", "max \(text(statistics.max))",
        "mean \(text(statistics.mean))", "median \(text(statistics.median))", "p95 \(text(statistics.p95))",
        "total \(formatPixels(statistics.total))", "estimatedRowHeight \(text(statistics.estimatedRowHeight))",
    ].joined(separator: "  ")
}

/// The explain block of one row: its lines at each width, under a `  @320` heading when there are
/// several widths, and for a template under each shown label's field (`  title` or `  @320 title`).
/// Lines past a line limit are marked `hidden`.
private func explainedLines(_ report: Report, _ cell: MeasuredCell) -> String {
    var output = ""
    for result in cell.results {
        let suffix = widthSuffix(report, result.width)
        if !report.showsLabels, !suffix.isEmpty { output += "  " + suffix + "\n" }
        for label in result.labels where !label.isHidden {
            if report.showsLabels { output += "  " + (suffix.isEmpty ? "" : suffix + " ") + label.field + "\n" }
            let numberWidth = String(label.text.lineCount).count
            for (lineIndex, line) in label.text.lines.enumerated() {
                let number = String(lineIndex + 1)
                output += "    " + String(repeating: " ", count: numberWidth - number.count) + number
                output += "  \"" + previewText(line.text) + "\""
                output += "  " + formatPixels(line.width) + "px"
                output += "  [" + line.fonts.joined(separator: ", ") + "]"
                if line.endsWithInsertedHyphen { output += "  hyphen" }
                if lineIndex >= label.visibleLineCount { output += "  hidden" }
                output += "\n"
            }
        }
    }
    return output
}
