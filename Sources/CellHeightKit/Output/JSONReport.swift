// The `json` and `ndjson` outputs.
//
// One text per row, one width: a row is {"index","id","lineCount","height"}; with several widths it
// is {"index","id","results":[{"width","lineCount","height"},…]}. A text in a cell adds "truncated"
// (with a line limit) and "textHeight" before "height". Template rows are {"index","id","height",
// "labels":[{"field","lineCount","truncated","textHeight","height"},…]} ("truncated" only for labels
// with a line limit), or the same inside "results". `--offsets` adds "offset" after "height";
// explain adds "lines" to each text or label. A row with a locale (catalogs) has "locale" after
// "id"; a row measured at a width of its own has "width"; a row with a budget ends with "fits". Keys always come in this order so output is
// byte-for-byte reproducible.

/// The whole `json` document, ending with a newline.
func renderJSONReport(_ report: Report) -> String {
    let widths = report.settings.widths
    var members: [(key: String, value: String)] = [
        ("rows", jsonArray(report.cells.indices.map { jsonRowObject(report, rowIndex: $0) })),
    ]
    if report.hasSingleWidth {
        members.append(("totalHeight", jsonNumber(report.totals[0])))
    } else {
        let totalObjects = zip(widths, report.totals).map { width, total in
            jsonObject([("width", jsonNumber(width)), ("totalHeight", jsonNumber(total))])
        }
        members.append(("totals", jsonArray(totalObjects)))
    }
    if report.options.statistics {
        let stats = report.hasSingleWidth
            ? jsonObject(jsonStatisticsMembers(report.statistics[0]))
            : jsonArray(zip(widths, report.statistics).map { width, statistics in
                jsonObject([("width", jsonNumber(width))] + jsonStatisticsMembers(statistics))
            })
        members.append(("stats", stats))
    }
    members.append(("rowCount", String(report.cells.count)))
    members.append(("settings", jsonSettingsObject(report.settings)))
    return jsonObject(members) + "\n"
}

/// The `ndjson` output: one row object per line, nothing else (statistics have no place in it).
func renderNDJSONReport(_ report: Report) -> String {
    var text = ""
    for rowIndex in report.cells.indices {
        text += jsonRowObject(report, rowIndex: rowIndex)
        text += "\n"
    }
    return text
}

private func jsonRowObject(_ report: Report, rowIndex: Int) -> String {
    let cell = report.cells[rowIndex]
    var members: [(key: String, value: String)] = [
        ("index", String(cell.row.index)),
        ("id", jsonOptionalString(cell.row.id)),
    ]
    if let locale = cell.row.locale { members.append(("locale", jsonString(locale))) }
    if report.hasSingleWidth {
        // A row measured at a width of its own (a rule's, the row's) says so.
        let ownWidth = cell.results[0].width != report.settings.widths[0]
        members += jsonResultMembers(report, cell.results[0], rowIndex: rowIndex, widthIndex: 0, includeWidth: ownWidth)
    } else {
        let results = cell.results.enumerated().map { widthIndex, result in
            jsonObject(jsonResultMembers(report, result, rowIndex: rowIndex, widthIndex: widthIndex, includeWidth: true))
        }
        members.append(("results", jsonArray(results)))
    }
    if let check = cell.budgetCheck { members.append(("fits", jsonBool(check.fits))) }
    return jsonObject(members)
}

private func jsonResultMembers(_ report: Report, _ result: CellLayout, rowIndex: Int, widthIndex: Int,
                               includeWidth: Bool) -> [(key: String, value: String)] {
    var members: [(key: String, value: String)] = []
    if includeWidth { members.append(("width", jsonNumber(result.width))) }
    let offset: [(key: String, value: String)] =
        report.options.offsets ? [("offset", jsonNumber(report.offsets[widthIndex][rowIndex]))] : []
    if report.showsLabels {
        members.append(("height", jsonNumber(result.height)))
        members += offset
        let labels = result.labels.enumerated().map { index, label in
            var labelMembers: [(key: String, value: String)] = [("field", jsonString(label.field))]
            labelMembers += jsonTextMembers(report, label, labelIndex: index, includeTextHeight: true)
            labelMembers.append(("height", jsonNumber(label.height)))
            if report.options.explain { labelMembers.append(("lines", jsonLinesArray(label))) }
            return jsonObject(labelMembers)
        }
        members.append(("labels", jsonArray(labels)))
    } else {
        let label = result.labels[0]
        members += jsonTextMembers(report, label, labelIndex: 0, includeTextHeight: report.showsTextHeight)
        members.append(("height", jsonNumber(result.height)))
        members += offset
        if report.options.explain { members.append(("lines", jsonLinesArray(label))) }
    }
    return members
}

/// "lineCount", then "truncated" when the label has a line limit, then "textHeight" if asked.
private func jsonTextMembers(_ report: Report, _ label: LabelLayout, labelIndex: Int,
                             includeTextHeight: Bool) -> [(key: String, value: String)] {
    var members: [(key: String, value: String)] = [("lineCount", String(label.text.lineCount))]
    if report.reportsTruncation(ofLabel: labelIndex) { members.append(("truncated", jsonBool(label.isTruncated))) }
    if includeTextHeight { members.append(("textHeight", jsonNumber(label.textHeight))) }
    return members
}

private func jsonLinesArray(_ label: LabelLayout) -> String {
    jsonArray(label.text.lines.map { line in
        jsonObject([
            ("text", jsonString(line.text)),
            ("width", jsonNumber(line.width)),
            ("height", jsonNumber(line.height)),
            ("fonts", jsonArray(line.fonts.map(jsonString))),
            ("hyphen", jsonBool(line.endsWithInsertedHyphen)),
        ])
    })
}

private func jsonStatisticsMembers(_ statistics: HeightStatistics) -> [(key: String, value: String)] {
    func optional(_ value: Double?) -> String { value.map(jsonNumber) ?? "null" }
    return [
        ("count", String(statistics.count)),
        ("min", optional(statistics.min)),
        ("max", optional(statistics.max)),
        ("mean", optional(statistics.mean)),
        ("median", optional(statistics.median)),
        ("p95", optional(statistics.p95)),
        ("total", jsonNumber(statistics.total)),
        ("estimatedRowHeight", optional(statistics.estimatedRowHeight)),
    ]
}

private func jsonSettingsObject(_ settings: ReportSettings) -> String {
    let widths: (key: String, value: String) = settings.widths.count == 1
        ? ("width", jsonNumber(settings.widths[0]))
        : ("widths", jsonArray(settings.widths.map(jsonNumber)))
    var members: [(key: String, value: String)]
    switch settings.subject {
    case .text(let font, _):
        // The width sits between the face and the line height, as it always has.
        members = jsonFaceMembers(font) + [widths] + jsonLineHeightMembers(font)
    case .template(let template, let file, let sha256, let fonts):
        let labels = zip(template.labels, fonts).map { label, font in
            jsonObject([("field", jsonString(label.field))] + jsonFaceMembers(font) + jsonLineHeightMembers(font))
        }
        members = [("template", jsonString(file)), ("templateSHA256", jsonString(sha256)), widths,
                   ("labels", jsonArray(labels))]
    }
    members += [
        ("whiteSpace", jsonString(settings.whiteSpace)),
        ("fallbackFonts", jsonArray(settings.fallbackFonts.map(jsonString))),
        ("input", jsonString(settings.inputName)),
    ]
    if let maxLines = settings.budget.maxLines { members.append(("maxLines", String(maxLines))) }
    if let maxHeight = settings.budget.maxHeight { members.append(("maxHeight", jsonNumber(maxHeight))) }
    if let rules = settings.rulesFile {
        members += [("rules", jsonString(rules.path)), ("rulesSHA256", jsonString(rules.sha256))]
    }
    if case .text(_, let cell?) = settings.subject {
        members.append(("cell", jsonObject([
            ("padding", jsonArray([cell.padding.top, cell.padding.right, cell.padding.bottom, cell.padding.left]
                .map(jsonNumber))),
            ("minHeight", jsonNumber(cell.minHeight)),
            ("separator", jsonNumber(cell.separator)),
            ("numberOfLines", String(cell.labels[0].lineLimit.maxLines)),
            ("round", jsonString(cell.rounding.rawValue)),
        ])))
    }
    return jsonObject(members)
}

/// A font's face and size: "font", "fontFaceIndex", "fontFamily", "fontSHA256", "size".
private func jsonFaceMembers(_ font: FontSettings) -> [(key: String, value: String)] {
    [
        ("font", jsonString(font.fontPath)),
        ("fontFaceIndex", String(font.fontFaceIndex)),
        ("fontFamily", jsonString(font.fontFamily)),
        ("fontSHA256", jsonString(font.fontSHA256)),
        ("size", jsonNumber(font.fontSize)),
    ]
}

/// A font's line height: "lineHeight" (as given), "lineHeightPx".
private func jsonLineHeightMembers(_ font: FontSettings) -> [(key: String, value: String)] {
    [("lineHeight", jsonString(font.lineHeight)), ("lineHeightPx", jsonNumber(font.lineHeightPixels))]
}
