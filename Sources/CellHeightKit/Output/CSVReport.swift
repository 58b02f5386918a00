/// The `csv` output, one record per row per width (long format), each ending with "\n".
///
/// One text per row: `index,id,width,lineCount,height`, with `truncated` (with a line limit) and
/// `textHeight` (for a text in a cell) before `height`. A template: `index,id,width,height`, then per
/// label `<field>.lineCount`, `<field>.truncated` (with a line limit) and `<field>.height`.
/// `--offsets` adds `offset` after `height`. A missing id is an empty field. After `id`: `locale`
/// when the rows have locales, `file` and `line` when several inputs were read (see
/// `RowIdentityColumns`). CSV has no place for statistics or explained lines. At several sizes, a
/// `size` column comes before `width` (a record per row, size and width), after a `category` or
/// `fontScale` column at users' text sizes (`--dynamic-type`, `--font-scale`). When a rules file sets
/// fonts or sizes per row, `font` and `size` columns come before `width` (see `RowMeasurement`).
func renderCSVReport(_ report: Report) -> String {
    renderCSVHeader(report) + renderCSVRecords(report)
}

/// The `csv` output's header line (see `renderCSVReport`): a streamed report writes it once, before
/// its first batch's records.
func renderCSVHeader(_ report: Report) -> String {
    let showsSizes = !report.settings.sizeFonts.isEmpty, showsFonts = showsFontColumns(report)
    let labelColumn = sizeLabelColumn(report.settings.sizeLabels)
    var header = ["index", "id"]
    if report.showsLocaleColumn { header.append("locale") }
    if report.showsFileColumn { header += ["file", "line"] }
    header += (labelColumn.map { [$0] } ?? []) + (showsFonts ? ["font"] : [])
    header += (showsSizes || showsFonts ? ["size"] : []) + ["width"]
    if !report.showsLabels {
        header.append("lineCount")
        if report.reportsTruncation(ofLabel: 0) { header.append("truncated") }
        if report.showsTextHeight { header.append("textHeight") }
    }
    header.append("height")
    if report.options.offsets { header.append("offset") }
    if report.showsLabels {
        for (index, field) in report.fields.enumerated() {
            header.append(field + ".lineCount")
            if report.reportsTruncation(ofLabel: index) { header.append(field + ".truncated") }
            header.append(field + ".height")
        }
    }
    return header.map(csvField).joined(separator: ",") + "\n"
}

/// A rules file that sets fonts or sizes per row: each record says its row's (issue 28).
private func showsFontColumns(_ report: Report) -> Bool {
    guard report.settings.sizeFonts.isEmpty, case .text = report.settings.subject else { return false }
    return report.settings.setByRules.contains(where: { $0 != "width" })
}

/// The `csv` output's records, one per row per width (see `renderCSVReport`), without the header.
func renderCSVRecords(_ report: Report) -> String {
    let showsSizes = !report.settings.sizeFonts.isEmpty, showsFonts = showsFontColumns(report)
    let labelColumn = sizeLabelColumn(report.settings.sizeLabels)
    var output = ""
    for (rowIndex, cell) in report.cells.enumerated() {
        for (widthIndex, result) in cell.results.enumerated() {
            var fields = [String(cell.row.index), csvField(cell.row.id ?? "")]
            if report.showsLocaleColumn { fields.append(csvField(cell.row.shownLocale ?? "")) }
            if report.showsFileColumn { fields += [csvField(cell.row.source ?? ""), String(cell.row.sourceLine)] }
            if showsFonts, let measurement = RowMeasurement(report, rowIndex: rowIndex) {
                fields += [csvField(measurement.font), formatPixels(measurement.size)]
            }
            if labelColumn != nil { fields.append(result.sizeLabel?.value ?? "") }
            if showsSizes { fields.append(result.fontSize.map(formatPixels) ?? "") }
            fields.append(formatPixels(result.width))
            if !report.showsLabels {
                let label = result.labels[0]
                fields.append(String(label.text.lineCount))
                if report.reportsTruncation(ofLabel: 0) { fields.append(String(label.isTruncated)) }
                if report.showsTextHeight { fields.append(formatPixels(label.textHeight)) }
            }
            fields.append(formatPixels(result.height))
            if report.options.offsets { fields.append(formatPixels(report.offsets[widthIndex][rowIndex])) }
            if report.showsLabels {
                for (index, label) in result.labels.enumerated() {
                    fields.append(String(label.text.lineCount))
                    if report.reportsTruncation(ofLabel: index) { fields.append(String(label.isTruncated)) }
                    fields.append(formatPixels(label.height))
                }
            }
            output += fields.joined(separator: ",") + "\n"
        }
    }
    return output
}


/// A CSV field quoted per RFC 4180 when it holds a comma, quote, CR or LF (quotes doubled inside).
func csvField(_ value: String) -> String {
    let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
    guard needsQuotes else { return value }
    var quoted = "\""
    for scalar in value.unicodeScalars {
        if scalar == "\"" { quoted += "\"" }
        quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
}

/// The name of the column that says each result's category or font scale: "category" or
/// "fontScale"; nil for sizes given as such.
func sizeLabelColumn(_ labels: [SizeLabel?]) -> String? {
    switch labels.first {
    case .category?: return "category"
    case .fontScale?: return "fontScale"
    default: return nil
    }
}
