// The `html` report's view of the rows over budget: at the top of the page, a table with a line per
// row and width at which the row broke its budget (any budget: `--max-lines`, `--max-height`,
// rules, a row's or catalog's own), whose columns sort on a click (by how far over the budget a
// row is: lines over, px over, how much wider it must be), and a switch that shows only those rows
// below (see `htmlReportScript`). Untranslated rows left out of the check are counted, not listed.

/// The section, or "" when no row had a budget to check.
func htmlFailingRows(_ report: Report) -> String {
    let checked = report.cells.filter { $0.budgetCheck != nil }.count
    let skipped = report.cells.filter(\.skipsUntranslatedCheck).count
    guard checked > 0 || skipped > 0 else { return "" }
    let failing = report.cells.filter { !($0.budgetCheck?.fits ?? true) }.count
    var heading = "\(failing) of \(checked) checked row\(checked == 1 ? "" : "s") over budget"
    if skipped > 0 { heading += " (\(skipped) untranslated row\(skipped == 1 ? "" : "s") not checked)" }
    var html = "<section class=\"failing\" id=\"failing\">\n<h2>\(heading)</h2>\n"
    guard failing > 0 else { return html + "</section>\n" }
    html += "<label class=\"only-failing-switch\"><input type=\"checkbox\" id=\"only-failing\"> "
        + "show only the rows over budget below</label>\n"
    var headers: [(String, String)] = [("#", "number"), ("id", "text")]
    if report.showsLocaleColumn { headers.append(("locale", "text")) }
    if report.showsFileColumn { headers.append(("file", "text")) }
    if !report.settings.sizeFonts.isEmpty { headers.append(("size", "number")) }
    headers += [("width", "number"), ("budget", "text"), ("lines", "number"), ("lines over", "number"),
                ("height", "number"), ("px over", "number"), ("fits at", "number"), ("wider by", "number")]
    html += "<table class=\"failing-rows\" id=\"failing-rows\">\n<thead><tr>"
    html += headers.map { "<th data-type=\"\($1)\" title=\"sort\">\(escapeMarkup($0))</th>" }.joined()
    html += "</tr></thead>\n<tbody>\n"
    for (rowIndex, cell) in report.cells.enumerated() {
        for violation in cell.budgetCheck?.violations ?? [] {
            html += htmlFailingRow(report, cell, rowIndex: rowIndex, violation)
        }
    }
    return html + "</tbody>\n</table>\n</section>\n"
}

/// One line of the table: the row (a link to its drawing), where it broke its budget and by how much.
private func htmlFailingRow(_ report: Report, _ cell: MeasuredCell, rowIndex: Int, _ violation: BudgetViolation) -> String {
    /// A cell sorted by `value` (a number; "" sorts first, as "no such limit").
    func number(_ text: String, _ value: Double?) -> String {
        "<td data-value=\"\(value.map { $0.isInfinite ? "Infinity" : formatPixels($0) } ?? "")\">\(escapeMarkup(text))</td>"
    }
    func text(_ value: String) -> String { "<td>\(escapeMarkup(value))</td>" }
    let budget = [violation.budget.maxLines.map { "\($0) line\($0 == 1 ? "" : "s")" },
                  violation.budget.maxHeight.map { "\(formatPixels($0)) px" }].compactMap { $0 }.joined(separator: ", ")
    var html = "<tr><td data-value=\"\(cell.row.index)\"><a href=\"#row-\(rowIndex)\">#\(cell.row.index)</a></td>"
    html += text(cell.row.id ?? "")
    if report.showsLocaleColumn { html += text(cell.row.shownLocale ?? "") }
    if report.showsFileColumn { html += text("\(cell.row.source ?? ""):\(cell.row.sourceLine)") }
    if !report.settings.sizeFonts.isEmpty {
        html += number((violation.sizeLabel.map { "\($0) · " } ?? "") + (violation.fontSize.map(formatPixels) ?? ""),
                       violation.fontSize)
    }
    html += number(formatPixels(violation.width), violation.width) + text(budget)
    html += number(String(violation.lineCount), Double(violation.lineCount))
    html += number(violation.linesOver.map { $0 > 0 ? "+\($0)" : "" } ?? "", violation.linesOver.map(Double.init))
    html += number(formatPixels(violation.height), violation.height)
    html += number(violation.pixelsOver.map { $0 > 0 ? "+" + formatPixels($0) : "" } ?? "", violation.pixelsOver)
    let fitting = violation.fittingWidth.map { formatPixels(($0 * 100).rounded(.up) / 100) } ?? "no width"
    html += number(fitting, violation.fittingWidth ?? .infinity)
    let shortfall = violation.widthShortfall.map { "+" + formatPixels(($0 * 100).rounded(.up) / 100) } ?? "–"
    html += number(shortfall, violation.widthShortfall ?? .infinity)
    return html + "</tr>\n"
}
