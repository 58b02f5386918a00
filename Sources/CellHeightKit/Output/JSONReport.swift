// The `json` and `ndjson` outputs.
//
// With one width a row is {"index","id","lineCount","height"}; with several it is
// {"index","id","results":[{"width","lineCount","height"},…]}. With explain, each result also
// carries "lines". Keys always come in this order so output is byte-for-byte reproducible.

/// The whole `json` document, ending with a newline.
func renderJSONReport(_ rows: [MeasuredRow], settings: ReportSettings, explain: Bool) -> String {
    let singleWidth = settings.widths.count == 1
    let totals = totalHeightsPerWidth(rows, widthCount: settings.widths.count)
    var members: [(key: String, value: String)] = [
        ("rows", jsonArray(rows.map { jsonRowObject($0, singleWidth: singleWidth, explain: explain) })),
    ]
    if singleWidth {
        members.append(("totalHeight", jsonNumber(totals[0])))
    } else {
        let totalObjects = zip(settings.widths, totals).map { width, total in
            jsonObject([("width", jsonNumber(width)), ("totalHeight", jsonNumber(total))])
        }
        members.append(("totals", jsonArray(totalObjects)))
    }
    members.append(("rowCount", String(rows.count)))
    members.append(("settings", jsonSettingsObject(settings)))
    return jsonObject(members) + "\n"
}

/// The `ndjson` output: one row object per line, nothing else.
func renderNDJSONReport(_ rows: [MeasuredRow], settings: ReportSettings, explain: Bool) -> String {
    let singleWidth = settings.widths.count == 1
    return rows.map { jsonRowObject($0, singleWidth: singleWidth, explain: explain) + "\n" }.joined()
}

/// The sum of the rows' heights at each width, in width order.
func totalHeightsPerWidth(_ rows: [MeasuredRow], widthCount: Int) -> [Double] {
    (0..<widthCount).map { widthIndex in
        rows.reduce(0) { sum, row in
            widthIndex < row.layouts.count ? sum + row.layouts[widthIndex].height : sum
        }
    }
}

private func jsonRowObject(_ row: MeasuredRow, singleWidth: Bool, explain: Bool) -> String {
    var members: [(key: String, value: String)] = [
        ("index", String(row.row.index)),
        ("id", jsonOptionalString(row.row.id)),
    ]
    if singleWidth {
        let layout = row.layouts.first ?? TextLayout(width: 0, lines: [], height: 0)
        members += jsonResultMembers(layout, includeWidth: false, explain: explain)
    } else {
        let results = row.layouts.map { jsonObject(jsonResultMembers($0, includeWidth: true, explain: explain)) }
        members.append(("results", jsonArray(results)))
    }
    return jsonObject(members)
}

private func jsonResultMembers(_ layout: TextLayout, includeWidth: Bool, explain: Bool) -> [(key: String, value: String)] {
    var members: [(key: String, value: String)] = []
    if includeWidth { members.append(("width", jsonNumber(layout.width))) }
    members.append(("lineCount", String(layout.lineCount)))
    members.append(("height", jsonNumber(layout.height)))
    if explain { members.append(("lines", jsonArray(layout.lines.map(jsonLineObject)))) }
    return members
}

private func jsonLineObject(_ line: LineBox) -> String {
    jsonObject([
        ("text", jsonString(line.text)),
        ("width", jsonNumber(line.width)),
        ("height", jsonNumber(line.height)),
        ("fonts", jsonArray(line.fonts.map(jsonString))),
        ("hyphen", jsonBool(line.endsWithInsertedHyphen)),
    ])
}

private func jsonSettingsObject(_ settings: ReportSettings) -> String {
    var members: [(key: String, value: String)] = [
        ("font", jsonString(settings.fontPath)),
        ("fontFaceIndex", String(settings.fontFaceIndex)),
        ("fontFamily", jsonString(settings.fontFamily)),
        ("fontSHA256", jsonString(settings.fontSHA256)),
        ("size", jsonNumber(settings.fontSize)),
    ]
    if settings.widths.count == 1 {
        members.append(("width", jsonNumber(settings.widths[0])))
    } else {
        members.append(("widths", jsonArray(settings.widths.map(jsonNumber))))
    }
    members += [
        ("lineHeight", jsonString(settings.lineHeight)),
        ("lineHeightPx", jsonNumber(settings.lineHeightPixels)),
        ("whiteSpace", jsonString(settings.whiteSpace)),
        ("fallbackFonts", jsonArray(settings.fallbackFonts.map(jsonString))),
        ("input", jsonString(settings.inputName)),
    ]
    return jsonObject(members)
}
