import Foundation

// The `json` and `ndjson` outputs (format 2; docs/reference.md, docs/schemas/output.schema.json).
//
// Every row has "results": one entry per size and width (each size's widths in turn), each with
// "size" (for a text row), "width", then what the row reports ("lineCount", "truncated",
// "textHeight", "height", "offset"; a template row's "height", "offset" and "labels"), so that one
// shape reads any run. The first result's values are also the row's own members, where one width
// has always had them: a text row is {"index","id","lineCount","height",…,"results":[…]}. A text in a
// cell adds "truncated" (with a line limit) and "textHeight" before "height". Template rows are
// {"index","id","height","labels":[{"field","lineCount","truncated","textHeight","height"},…],
// "results":[…]} ("truncated" only for labels with a line limit). `--offsets` adds "offset" after
// "height"; explain adds "lines" to each text or label (in "results" only with several widths or
// sizes: with one, they are the row's). After "id" come what says where the row comes from and
// what was measured, in this order: "key", "locale", "file", "line", "untranslated", "text" (as
// measured): all of them for a catalog's entry, each with a value for other rows (see
// `RowIdentityColumns`). A row's "width" (before "lineCount") is there in NDJSON always, in JSON
// when the row was measured at a width of its own or at several. A row checked against a budget
// ends with "fits" (an untranslated row left out of the check has none). Keys always come in this
// order so output is byte-for-byte reproducible.
//
// The `json` document starts with "version": {"tool": cellheight's version, "format": 2}.
// Several sizes (`--size 14,17,20`): the row's own "size" too; "totals" and "stats" entries have
// "size" and "width"; the settings give "sizes" and "lineHeightsPx" (one per size) for "size" and
// "lineHeightPx".

/// The version of the `json`/`ndjson` shape: 2 added "results" to every row, "width" to every
/// NDJSON row and "version" to the document (1: 0.2.0 and before).
package let jsonFormatVersion = 2

/// The whole `json` document, ending with a newline; `renderedRows`: its row objects rendered
/// apart (`renderJSONRows` of slices of the rows, in order), nil to write them here.
func renderJSONReport(_ report: Report, renderedRows: [String]? = nil) -> String {
    let rowBytes = renderedRows.map { $0.reduce(0) { $0 + $1.utf8.count + 1 } } ?? rowObjectBytes * report.cells.count
    let document = renderJSONDocument(rowCount: report.cells.count, rowBytes: rowBytes, columns: report.columns,
                              totals: report.totals, statistics: report.statistics, settings: report.settings,
                              options: report.options) { json in
        if let renderedRows {
            for text in renderedRows where !text.isEmpty { json.elements(text) }
        } else {
            for rowIndex in report.cells.indices { writeRowObject(report, rowIndex: rowIndex, to: &json) }
        }
    }
    return String(decoding: document, as: UTF8.self)
}

/// The `json` document of rows rendered apart, as `renderJSONReport` writes it from their cells,
/// made from their row objects (`renderJSONRows` of slices of the rows, in order) and their
/// heights alone: what a run keeps of its rows instead of their cells (see `DocumentSink`).
func renderJSONReport(renderedRows: [String], heights: ColumnHeights, settings: ReportSettings,
                      options: ReportOptions) -> Data {
    let columns = Report.columns(of: settings)
    precondition(heights.columns.count == columns.count, "a column of heights per report column")
    return renderJSONDocument(rowCount: heights.rowCount,
                              rowBytes: renderedRows.reduce(0) { $0 + $1.utf8.count + 1 }, columns: columns,
                              totals: heights.columns.map { $0.reduce(0, +) },
                              statistics: options.statistics ? heights.columns.map(HeightStatistics.init) : [],
                              settings: settings, options: options) { json in
        for text in renderedRows where !text.isEmpty { json.elements(text) }
    }
}

/// The `json` document around its rows, which `writeRows` writes (`rowBytes`: about how many
/// bytes they take, for the text's capacity), as UTF-8.
private func renderJSONDocument(rowCount: Int, rowBytes: Int, columns: [ReportColumn], totals: [Double],
                                statistics: [HeightStatistics], settings: ReportSettings, options: ReportOptions,
                                writeRows: (inout JSONWriter) -> Void) -> Data {
    var json = JSONWriter(reservingCapacity: rowBytes + 1024)
    json.beginObject()
    json.beginObject("version")
    json.string("tool", CellHeightVersion.number)
    json.integer("format", jsonFormatVersion)
    json.endObject()
    json.beginArray("rows")
    writeRows(&json)
    json.endArray()
    if columns.count == 1 {
        json.number("totalHeight", totals[0])
    } else {
        json.beginArray("totals")
        for (column, total) in zip(columns, totals) {
            json.beginObject()
            writeColumnMembers(column, to: &json)
            json.number("totalHeight", total)
            json.endObject()
        }
        json.endArray()
    }
    if options.statistics {
        if columns.count == 1 {
            json.beginObject("stats")
            writeStatisticsMembers(statistics[0], to: &json)
            json.endObject()
        } else {
            json.beginArray("stats")
            for (column, statistics) in zip(columns, statistics) {
                json.beginObject()
                writeColumnMembers(column, to: &json)
                writeStatisticsMembers(statistics, to: &json)
                json.endObject()
            }
            json.endArray()
        }
    }
    json.integer("rowCount", rowCount)
    options.forecast?.writeJSON(to: &json)
    writeSettingsObject(settings, to: &json)
    json.endObject()
    json.newline()
    return json.takeData()
}

/// The row objects of a `json` document's "rows", separated by commas, as `renderJSONReport`
/// writes them: those of a slice of the rows, rendered apart.
func renderJSONRows(_ report: Report) -> String {
    var json = JSONWriter(reservingCapacity: rowObjectBytes * report.cells.count)
    for rowIndex in report.cells.indices { writeRowObject(report, rowIndex: rowIndex, to: &json) }
    return json.text
}

/// Room for a row object, so that a batch's text seldom grows (each growth copies it): a row of
/// one width with an id takes some 125 bytes in `json`, 137 in `ndjson` (prose, 2-digit ids).
private let rowObjectBytes = 160

/// The `ndjson` output: one row object per line, nothing else (statistics have no place in it).
func renderNDJSONReport(_ report: Report) -> String {
    var json = JSONWriter(reservingCapacity: rowObjectBytes * report.cells.count)
    for rowIndex in report.cells.indices {
        writeRowObject(report, rowIndex: rowIndex, alwaysWithWidth: true, to: &json)
        json.newline()
    }
    return json.text
}

private func writeRowObject(_ report: Report, rowIndex: Int, alwaysWithWidth: Bool = false, to json: inout JSONWriter) {
    // Read in place: a copy of the row costs reference counts.
    json.beginObject()
    json.integer("index", report.cells[rowIndex].row.index)
    json.string("id", report.cells[rowIndex].row.id)
    // Most rows (plain text, objects of a text and an id) show none of them: asked in place, as
    // passing the row copies it with its reference counts (1.6% of a prose run's samples).
    let identity = report.settings.identity
    if report.cells[rowIndex].row.isCatalogEntry || report.cells[rowIndex].row.fields != nil || identity.file
        || identity.text {
        writeIdentityMembers(report.cells[rowIndex].row, identity, to: &json)
    }
    if let measurement = RowMeasurement(report, rowIndex: rowIndex) {
        json.string("font", measurement.font)
        json.number("size", measurement.size)
    }
    let single = report.hasSingleColumn
    // The first result's values, where one width has always had them; a row measured at a width
    // of its own (a rule's, the row's) or at several says which; every row, when rules set widths.
    let ownWidth = !single || alwaysWithWidth || report.cells[rowIndex].results[0].width != report.settings.widths[0]
        || report.rowsSayWidth
    writeResultMembers(report, report.cells[rowIndex].results[0], rowIndex: rowIndex, widthIndex: 0, includeWidth: ownWidth,
                       includeLines: single, to: &json)
    // And every result, whatever their number, each with its size and width.
    // A text row's size: the result's (several sizes), the row's own (a rule's), else the run's.
    let oneSize: Double? = if case .text(let font, _) = report.settings.subject, report.settings.sizeFonts.isEmpty {
        report.cells[rowIndex].ownFont?.fontSize ?? font.fontSize
    } else { nil }
    json.beginArray("results")
    for (widthIndex, result) in report.cells[rowIndex].results.enumerated() {
        json.beginObject()
        if result.fontSize == nil, let oneSize { json.number("size", oneSize) }
        writeResultMembers(report, result, rowIndex: rowIndex, widthIndex: widthIndex, includeWidth: true, includeLines: !single, to: &json)
        json.endObject()
    }
    json.endArray()
    if let check = report.cells[rowIndex].budgetCheck { json.bool("fits", check.fits) }
    json.endObject()
}

/// "key", "locale", "file", "line", "untranslated", "text": see `RowIdentityColumns`.
private func writeIdentityMembers(_ row: Row, _ identity: RowIdentityColumns, to json: inout JSONWriter) {
    let all = row.isCatalogEntry
    if all || row.fields?["key"] != nil { json.string("key", row.key) }
    if let locale = row.shownLocale { json.string("locale", locale) }
    if all || identity.file {
        json.string("file", row.source)
        json.integer("line", row.sourceLine)
    }
    if all || row.fields?["untranslated"] != nil { json.bool("untranslated", row.isUntranslated) }
    if all || identity.text { json.string("text", row.text) }
}

private func writeResultMembers(_ report: Report, _ result: CellLayout, rowIndex: Int, widthIndex: Int,
                                includeWidth: Bool, includeLines: Bool, to json: inout JSONWriter) {
    if let size = result.fontSize { json.number("size", size) }
    writeSizeLabel(result.sizeLabel, to: &json)
    if includeWidth { json.number("width", result.width) }
    if report.showsLabels {
        json.number("height", result.height)
        if report.options.offsets { json.number("offset", report.offsets[widthIndex][rowIndex]) }
        json.beginArray("labels")
        for (index, label) in result.labels.enumerated() {
            json.beginObject()
            json.string("field", label.field)
            writeTextMembers(report, label, labelIndex: index, includeTextHeight: true, to: &json)
            json.number("height", label.height)
            if report.options.explain && includeLines { writeLinesArray(label, to: &json) }
            json.endObject()
        }
        json.endArray()
    } else {
        writeTextMembers(report, result.labels[0], labelIndex: 0, includeTextHeight: report.showsTextHeight, to: &json)
        json.number("height", result.height)
        if report.options.offsets { json.number("offset", report.offsets[widthIndex][rowIndex]) }
        if report.options.explain && includeLines { writeLinesArray(result.labels[0], to: &json) }
    }
}

/// "lineCount", then "truncated" when the label has a line limit, then "textHeight" if asked.
private func writeTextMembers(_ report: Report, _ label: LabelLayout, labelIndex: Int, includeTextHeight: Bool,
                              to json: inout JSONWriter) {
    json.integer("lineCount", label.text.lineCount)
    if report.reportsTruncation(ofLabel: labelIndex) { json.bool("truncated", label.isTruncated) }
    if includeTextHeight { json.number("textHeight", label.textHeight) }
}

/// "lines": each line box's text, width, height, fonts and whether it ends with an inserted hyphen.
private func writeLinesArray(_ label: LabelLayout, to json: inout JSONWriter) {
    json.beginArray("lines")
    for line in label.text.lines {
        json.beginObject()
        json.string("text", line.text)
        json.number("width", line.width)
        json.number("height", line.height)
        json.beginArray("fonts")
        for font in line.fonts { json.string(font) }
        json.endArray()
        json.bool("hyphen", line.endsWithInsertedHyphen)
        json.endObject()
    }
    json.endArray()
}

/// "size" (in a run at several sizes) and "width" of a total or statistics entry.
private func writeColumnMembers(_ column: ReportColumn, to json: inout JSONWriter) {
    if let size = column.fontSize { json.number("size", size) }
    writeSizeLabel(column.sizeLabel, to: &json)
    json.number("width", column.width)
}

/// "category" (e.g. "AX1") or "fontScale" (e.g. 1.3) of a result in a run at users' text sizes.
func writeSizeLabel(_ label: SizeLabel?, to json: inout JSONWriter) {
    switch label {
    case .category(let category)?: json.string("category", category.name)
    case .fontScale(let scale)?: json.number("fontScale", scale)
    case nil: break
    }
}

/// A width's statistics: "count", "min", "max", "mean", "median", "p95", "total", "estimatedRowHeight".
func writeStatisticsMembers(_ statistics: HeightStatistics, to json: inout JSONWriter) {
    json.integer("count", statistics.count)
    json.number("min", statistics.min)
    json.number("max", statistics.max)
    json.number("mean", statistics.mean)
    json.number("median", statistics.median)
    json.number("p95", statistics.p95)
    json.number("total", statistics.total)
    json.number("estimatedRowHeight", statistics.estimatedRowHeight)
}

/// "settings": what the rows were measured with.
private func writeSettingsObject(_ settings: ReportSettings, to json: inout JSONWriter) {
    json.beginObject("settings")
    switch settings.subject {
    case .text(let font, _) where !settings.sizeFonts.isEmpty:
        // At several sizes: each size, and the line height at each.
        writeFaceMembers(font, sizes: settings.sizeFonts.map(\.fontSize), to: &json)
        writeWidths(settings.widths, to: &json)
        json.string("lineHeight", font.lineHeight)
        json.beginArray("lineHeightsPx")
        for sized in settings.sizeFonts { json.number(sized.lineHeightPixels) }
        json.endArray()
        // At users' text sizes: what each size stands for.
        let labels = settings.sizeLabels.compactMap { $0 }
        if case .category? = labels.first {
            json.beginArray("categories")
            for case .category(let category) in labels { json.string(category.name) }
            json.endArray()
        } else if case .fontScale? = labels.first {
            json.beginArray("fontScales")
            for case .fontScale(let scale) in labels { json.number(scale) }
            json.endArray()
        }
    case .text(let font, _):
        // The width sits between the face and the line height, as it always has.
        writeFaceMembers(font, to: &json)
        writeWidths(settings.widths, to: &json)
        writeLineHeightMembers(font, to: &json)
    case .template(let template, let file, let sha256, let fonts):
        json.string("template", file)
        json.string("templateSHA256", sha256)
        writeWidths(settings.widths, to: &json)
        json.beginArray("labels")
        for (label, font) in zip(template.labels, fonts) {
            json.beginObject()
            json.string("field", label.field)
            writeFaceMembers(font, to: &json)
            writeLineHeightMembers(font, to: &json)
            json.endObject()
        }
        json.endArray()
    }
    json.string("whiteSpace", settings.whiteSpace)
    json.beginArray("fallbackFonts")
    for font in settings.fallbackFonts { json.string(font) }
    json.endArray()
    json.string("input", settings.inputName)
    if let maxLines = settings.budget.maxLines { json.integer("maxLines", maxLines) }
    if let maxHeight = settings.budget.maxHeight { json.number("maxHeight", maxHeight) }
    if let rules = settings.rulesFile {
        json.string("rules", rules.path)
        json.string("rulesSHA256", rules.sha256)
        // The font, size and width above are the command line's; the rows say their own.
        if !settings.setByRules.isEmpty {
            json.beginArray("setByRules")
            for name in settings.setByRules { json.string(name) }
            json.endArray()
        }
    }
    if case .text(_, let cell?) = settings.subject {
        json.beginObject("cell")
        json.beginArray("padding")
        for side in [cell.padding.top, cell.padding.right, cell.padding.bottom, cell.padding.left] { json.number(side) }
        json.endArray()
        json.number("minHeight", cell.minHeight)
        json.number("separator", cell.separator)
        json.integer("numberOfLines", cell.labels[0].lineLimit.maxLines)
        json.string("round", cell.rounding.rawValue)
        json.endObject()
    }
    json.endObject()
}

/// "width" for one width, else "widths".
private func writeWidths(_ widths: [Double], to json: inout JSONWriter) {
    if widths.count == 1 {
        json.number("width", widths[0])
    } else {
        json.beginArray("widths")
        for width in widths { json.number(width) }
        json.endArray()
    }
}

/// A font's face and size: "font", "fontFaceIndex", "fontFamily", "fontSHA256", "size" (or with
/// several `sizes`, "sizes").
private func writeFaceMembers(_ font: FontSettings, sizes: [Double] = [], to json: inout JSONWriter) {
    json.string("font", font.fontPath)
    json.integer("fontFaceIndex", font.fontFaceIndex)
    json.string("fontFamily", font.fontFamily)
    json.string("fontSHA256", font.fontSHA256)
    if sizes.isEmpty {
        json.number("size", font.fontSize)
    } else {
        json.beginArray("sizes")
        for size in sizes { json.number(size) }
        json.endArray()
    }
}

/// A font's line height: "lineHeight" (as given), "lineHeightPx".
private func writeLineHeightMembers(_ font: FontSettings, to json: inout JSONWriter) {
    json.string("lineHeight", font.lineHeight)
    json.number("lineHeightPx", font.lineHeightPixels)
}
