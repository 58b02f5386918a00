import CellHeightEngine

/// The `table` output, for people: aligned columns `#`, `id` (only when some row has one), `locale`
/// (when the rows have locales), `file` (`FILE:LINE`, when several inputs were read), then per
/// width (suffixed `@320` when there are several) `lines` — or, for a template, one column per
/// label, `<field>.lines` — then `textHeight` for a text in a cell, `height`, and `offset` with
/// `--offsets`; then a one-line `text` preview. A truncated text shows `shown/needed` lines, e.g.
/// `2/5`. After the rows a `total` line, then with statistics one `stats` line per width, then the
/// face each font resolved to (a family name, a generic family: see "Font names" in docs/reference.md),
/// e.g. `font  Liberation Sans 16px  /usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf`.
/// With explain, each row's lines follow it: `    1  "text of line"  123.5px  [DejaVu Sans]`.
/// At several sizes, a table per size under a `size 17px` line (`AX1: size 28px` at a Dynamic Type
/// category, `font scale 1.3: size 18.8px` at a font scale), each with its own total, stats
/// and font line, separated by a blank line.
func renderTableReport(_ report: Report) -> String {
    guard report.settings.sizeFonts.isEmpty else {
        return zip(report.settings.sizeFonts, report.reportsBySize).enumerated().map { index, pair in
            let label = report.settings.sizeLabel(at: index).map { "\($0): " } ?? ""
            return label + "size \(formatPixels(pair.0.fontSize))px\n" + renderTableReport(pair.1)
        }.joined(separator: "\n")
    }
    let columns = tableColumns(report)
    let columnWidths = columns.map { column in
        column.cells.reduce(max(terminalColumns(of: column.header), terminalColumns(of: column.total))) {
            max($0, terminalColumns(of: $1))
        }
    }

    // Written as bytes, a row at a time: the table of a large input is megabytes.
    let bytesPerRow = columnWidths.reduce(0, +) + 2 * columns.count + 48
    /// A line of the table into `output`: its cells (one per column) padded to their column's
    /// width, then the text.
    func appendLine(_ cell: (Int) -> String, text: String, to output: inout [UInt8]) {
        func appendSpaces(_ count: Int) {
            for _ in 0..<max(count, 0) { output.append(UInt8(ascii: " ")) }
        }
        let start = output.count
        for (index, column) in columns.enumerated() {
            if index > 0 { appendSpaces(2) }
            var content = cell(index)
            // (Printable ASCII, most cells, takes a column a byte.)
            let isPrintableASCII = content.withUTF8 { $0.allSatisfy { $0 >= 0x20 && $0 <= 0x7E } }
            let padding = columnWidths[index] - (isPrintableASCII ? content.utf8.count : terminalColumns(of: content))
            if column.alignsRight { appendSpaces(padding) }
            content.withUTF8 { output.append(contentsOf: $0) }
            if !column.alignsRight { appendSpaces(padding) }
        }
        trimTrailingSpaces(&output, lineStart: start)
        if !text.isEmpty {
            appendSpaces(2)
            output.append(contentsOf: text.utf8)
        }
        output.append(UInt8(ascii: "\n"))
    }
    /// The lines of rows `range`.
    func rowLines(_ range: Range<Int>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(range.count * bytesPerRow)
        // (Cells are read in place: a copy of a row costs reference counts.)
        for rowIndex in range {
            appendLine({ columns[$0].cells[rowIndex] },
                       text: previewText(shownText(report, report.cells[rowIndex].row), maxColumns: 40), to: &output)
            if report.options.explain {
                output.append(contentsOf: explainedLines(report, report.cells[rowIndex]).utf8)
            }
        }
        return output
    }

    var output: [UInt8] = []
    output.reserveCapacity(report.cells.count * bytesPerRow)
    appendLine({ columns[$0].header }, text: "text", to: &output)
    // The table is made once every row is measured, while the workers that measured them would
    // wait (a tenth of a 100,000-row run's CPU): a large one on the run's threads, joined in order.
    let jobs = report.cells.count >= 10_000 ? report.options.renderingJobs : 1
    for part in inParallel(count: report.cells.count, jobs: jobs, { rowLines($1) }) {
        output.append(contentsOf: part)
    }
    appendLine({ columns[$0].total }, text: "", to: &output)
    var text = String(decoding: output, as: UTF8.self)
    for (width, statistics) in zip(report.settings.widths, report.statistics) {
        text += "stats" + widthSuffix(report, width) + "  " + statisticsText(statistics) + "\n"
    }
    return text + fontLines(report)
}

/// Drops the spaces that end the line starting at `lineStart`, as a `String` drops its last
/// character while it is " ": a space after a prepended mark (not ASCII) is part of that mark's
/// character and stays, so a line whose spaces follow anything but ASCII is trimmed as text.
func trimTrailingSpaces(_ output: inout [UInt8], lineStart: Int) {
    var end = output.count
    while end > lineStart && output[end - 1] == UInt8(ascii: " ") { end -= 1 }
    guard end < output.count else { return }
    if end == lineStart || output[end - 1] < 0x80 {
        output.removeLast(output.count - end)
        return
    }
    var line = String(decoding: output[lineStart...], as: UTF8.self)
    while line.last == " " { line.removeLast() }
    output.replaceSubrange(lineStart..., with: line.utf8)
}

/// One `font` line per font the rows were measured in, as resolved: its family, size and file
/// (with `#N` for a face of a collection); for a template, one per label, named by its field.
private func fontLines(_ report: Report) -> String {
    func text(_ font: FontSettings) -> String {
        let face = font.fontFaceIndex > 0 ? "#\(font.fontFaceIndex)" : ""
        return "\(font.fontFamily) \(formatPixels(font.fontSize))px  \(font.fontPath)\(face)"
    }
    switch report.settings.subject {
    case .text(let font, _) where report.settings.setByRules.contains(where: { $0 != "width" }):
        // A rules file sets fonts or sizes per row: each font used, with its rows (the command
        // line's only when rows used it).
        var counts: [RowFont?: Int] = [:]
        var order: [RowFont?] = []
        for cell in report.cells {
            if counts[cell.ownFont] == nil { order.append(cell.ownFont) }
            counts[cell.ownFont, default: 0] += 1
        }
        return order.map { own in
            let count = counts[own]!
            let described = own.map { "\($0.fontFamily) \(formatPixels($0.fontSize))px  \($0.fontPath)\($0.fontFaceIndex > 0 ? "#\($0.fontFaceIndex)" : "")" }
                ?? text(font)
            return "font  \(described)  (\(count) row\(count == 1 ? "" : "s"))\n"
        }.joined()
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
