/// The `table` output, for people: aligned columns `#`, `id` (only when some row has one), `lines`
/// and `height` per width (`lines@320`, `height@320` when there are several), then a one-line
/// `text` preview; after the rows a `total` line. With explain, each row's lines follow it:
/// `    1  "text of line"  123.5px  [DejaVu Sans]`.
func renderTableReport(_ rows: [MeasuredRow], settings: ReportSettings, explain: Bool) -> String {
    let columns = tableColumns(rows, settings: settings)
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
    for (rowIndex, row) in rows.enumerated() {
        output += tableLine(columns.map { $0.cells[rowIndex] }, text: previewText(row.row.text, maxColumns: 40)) + "\n"
        if explain {
            output += explainedLines(row, showWidths: settings.widths.count != 1)
        }
    }
    output += tableLine(columns.map(\.total), text: "") + "\n"
    return output
}

private struct TableColumn {
    var header: String
    var alignsRight: Bool
    var cells: [String]
    /// The cell in the `total` line.
    var total: String
}

private func tableColumns(_ rows: [MeasuredRow], settings: ReportSettings) -> [TableColumn] {
    // "total" sits in the `#` column, which is right-aligned and at least as wide as the word.
    var columns = [TableColumn(header: "#", alignsRight: true, cells: rows.map { String($0.row.index) }, total: "total")]
    if rows.contains(where: { $0.row.id != nil }) {
        let ids = rows.map { previewText($0.row.id ?? "", maxColumns: 40) }
        columns.append(TableColumn(header: "id", alignsRight: false, cells: ids, total: ""))
    }
    let several = settings.widths.count != 1
    let totals = totalHeightsPerWidth(rows, widthCount: settings.widths.count)
    for (widthIndex, width) in settings.widths.enumerated() {
        let suffix = several ? "@" + formatPixels(width) : ""
        let layouts = rows.map { widthIndex < $0.layouts.count ? $0.layouts[widthIndex] : nil }
        columns.append(TableColumn(header: "lines" + suffix, alignsRight: true,
                                   cells: layouts.map { $0.map { String($0.lineCount) } ?? "" }, total: ""))
        columns.append(TableColumn(header: "height" + suffix, alignsRight: true,
                                   cells: layouts.map { $0.map { formatPixels($0.height) } ?? "" },
                                   total: formatPixels(totals[widthIndex])))
    }
    return columns
}

/// The explain block of one row: its lines at each width, under a `  @320` heading when there are several widths.
private func explainedLines(_ row: MeasuredRow, showWidths: Bool) -> String {
    var output = ""
    for layout in row.layouts {
        if showWidths { output += "  @" + formatPixels(layout.width) + "\n" }
        let numberWidth = String(layout.lineCount).count
        for (lineIndex, line) in layout.lines.enumerated() {
            let number = String(lineIndex + 1)
            output += "    " + String(repeating: " ", count: numberWidth - number.count) + number
            output += "  \"" + previewText(line.text) + "\""
            output += "  " + formatPixels(line.width) + "px"
            output += "  [" + line.fonts.joined(separator: ", ") + "]"
            if line.endsWithInsertedHyphen { output += "  hyphen" }
            output += "\n"
        }
    }
    return output
}
