import CellHeightEngine
import Foundation

/// One row of an earlier `--output json` (or `ndjson`) result: how it is identified and what it
/// measured at each width.
package struct BaselineRow: Equatable, Sendable {
    package var key: BaselineKey
    /// (width, line count, height) per width, e.g. [(320, 2, 32)].
    package var results: [BaselineResult]
    /// Where it starts in the baseline file (1-based), for rows that are gone.
    package var line: Int
    /// The font size of a `json` result at one size (its settings give it once, its results do
    /// not), for a run at several sizes to compare with; nil otherwise.
    package var fontSize: Double?
}

package struct BaselineResult: Equatable, Sendable {
    /// The width in px; nil when the result does not say (a one-width NDJSON result, whose rows
    /// do not repeat it: then it is taken to be this run's only width).
    package var width: Double?
    /// The font size in px of a result at several sizes (`--size 14,17,20`); nil for a result at
    /// one size, whose results do not give it.
    package var fontSize: Double?
    /// The category or font scale of a result at users' text sizes (`--dynamic-type`,
    /// `--font-scale`), which it is matched by with its width; nil otherwise.
    package var sizeLabel: SizeLabel?
    package var lineCount: Int
    package var height: Double

    package init(width: Double?, fontSize: Double? = nil, sizeLabel: SizeLabel? = nil, lineCount: Int, height: Double) {
        self.width = width
        self.fontSize = fontSize
        self.sizeLabel = sizeLabel
        self.lineCount = lineCount
        self.height = height
    }
}

/// How a row is matched with its baseline row: by id and locale, or by index for rows without an
/// id. Rows with the same key are matched in order of appearance.
package struct BaselineKey: Hashable, Sendable {
    package var id: String?
    package var locale: String?
    /// The row's index, only for rows without an id.
    package var index: Int?

    package init(_ row: Row) {
        self.init(id: row.id, locale: row.locale, index: row.index)
    }

    init(id: String?, locale: String?, index: Int) {
        self.id = id
        self.locale = locale
        self.index = id == nil ? index : nil
    }

    // Ids and locales compare by their code units: an NFC id and its NFD form are two keys, as
    // they are two keys in the catalogs the rows come from (`String` equality would merge them).
    package static func == (a: BaselineKey, b: BaselineKey) -> Bool {
        a.index == b.index && a.id.map(CodeUnitKey.init) == b.id.map(CodeUnitKey.init)
            && a.locale.map(CodeUnitKey.init) == b.locale.map(CodeUnitKey.init)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id.map(CodeUnitKey.init))
        hasher.combine(locale.map(CodeUnitKey.init))
        hasher.combine(index)
    }
}

/// Reads an earlier result written by `--output json` or `--output ndjson`.
///
/// - Throws: `CellHeightError.invalidJSON` (with line and column) when it does not parse,
///   `.invalidInput` when it is not a cellheight result, `.emptyBaseline` when it is empty.
package func readBaseline(_ data: Data, file: String) throws -> [BaselineRow] {
    let text = try decodeText(data, source: file).text
    let bytes = Array(text.utf8)
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    // An empty file is most likely a result that was never written: taken as no rows, every row
    // would be new and --fail-on-growth would pass whatever grew. (No rows at all is `{"rows": []}`.)
    guard first != nil else {
        throw CellHeightError.emptyBaseline(file: file)
    }
    var values: [(value: JSONValue, line: Int)] = []
    var oneWidth: Double?, oneSize: Double?
    if first == UInt8(ascii: "{"), let whole = try? parseJSONDocument(bytes, source: file),
       case .object(let top) = whole.value, top["rows"] != nil {
        // A `json` document: {"rows": [...]}.
        guard case .object(let object) = whole.value, case .array(let rows)? = object["rows"] else {
            throw CellHeightError.invalidInput(source: file, line: whole.line,
                                               reason: "not a cellheight JSON result (no \"rows\" array)")
        }
        values = rows.enumerated().map { ($1, $0 < whole.elementLines.count ? whole.elementLines[$0] : whole.line) }
        // A one-width result gives its width once, in its settings.
        if case .object(let settings)? = top["settings"], case .number(let text)? = settings["width"] {
            oneWidth = Double(text)
        }
        // So does a one-size result its size.
        if case .object(let settings)? = top["settings"], case .number(let text)? = settings["size"] {
            oneSize = Double(text)
        }
    } else {
        // `ndjson`: one row object per line (then, with `--forecast`, the forecast's lines).
        for line in splitLines(bytes) where !isBlankLine(line, in: bytes) {
            let document = try parseJSONDocument(bytes, range: line.range, firstLine: line.number, source: file)
            if case .object(let object) = document.value, isForecastLine(object) { continue }
            values.append((document.value, line.number))
        }
    }
    return try values.map { value, line in
        var row = try baselineRow(value, line: line, file: file)
        for i in row.results.indices where row.results[i].width == nil { row.results[i].width = oneWidth }
        row.fontSize = oneSize
        return row
    }
}

private func baselineRow(_ value: JSONValue, line: Int, file: String) throws -> BaselineRow {
    func bad(_ reason: String) -> CellHeightError {
        .invalidInput(source: file, line: line, reason: "not a cellheight result row: \(reason)")
    }
    guard case .object(let object) = value else { throw bad("expected an object, found \(value.kindDescription)") }
    /// A member that must be a whole number, 0 or more: nil when it is absent, an error when it is
    /// something else (a fraction, 1e20, a string), saying so.
    func count(_ name: String, in object: JSONObject) throws -> Int? {
        guard let value = object[name] else { return nil }
        guard case .number(let text) = value, let count = Int(text), count >= 0 else {
            let shown: String
            if case .number(let text) = value { shown = messageText(text) } else { shown = value.kindDescription }
            throw bad("\"\(name)\" must be a whole number, 0 or more, got \(shown)")
        }
        return count
    }
    guard let index = try count("index", in: object) else { throw bad("no \"index\"") }
    var id: String?
    if case .string(let text)? = object["id"] { id = text }
    var locale: String?
    // A base locale is written "" (a catalog's rows always have "locale"): it matches no locale.
    if case .string(let text)? = object["locale"], !text.isEmpty { locale = text }
    func result(_ object: JSONObject) throws -> BaselineResult {
        guard let heightValue = object["height"] else { throw bad("no \"height\"") }
        guard case .number(let heightText) = heightValue, let height = Double(heightText), height.isFinite, height >= 0 else {
            throw bad("\"height\" must be a number of px, 0 or more")
        }
        var lineCount = 0
        if let count = try count("lineCount", in: object) {
            lineCount = count
        } else if case .array(let labels)? = object["labels"] {
            // A template's row: its lines are its labels' lines.
            for case .object(let label) in labels {
                lineCount += try count("lineCount", in: label) ?? 0
            }
        } else {
            throw bad("no \"lineCount\"")
        }
        var width: Double?, fontSize: Double?
        if case .number(let text)? = object["width"] { width = Double(text) }
        if case .number(let text)? = object["size"] { fontSize = Double(text) }
        return BaselineResult(width: width, fontSize: fontSize, sizeLabel: sizeLabel(of: object), lineCount: lineCount,
                              height: height)
    }
    var results: [BaselineResult]
    if case .array(let list)? = object["results"] {
        results = try list.map { element in
            guard case .object(let resultObject) = element else { throw bad("a result is not an object") }
            return try result(resultObject)
        }
        // Format 2 gives every text result its size, also in a run at one size, whose rows have
        // their first result's members but no "size" of their own: sizes that do not tell results apart.
        if object["height"] != nil, object["size"] == nil {
            for i in results.indices { results[i].fontSize = nil }
        }
    } else {
        results = [try result(object)]
    }
    return BaselineRow(key: BaselineKey(id: id, locale: locale, index: index), results: results, line: line)
}

/// A row's change against its baseline row, at one width.
package enum BaselineChange: Equatable, Sendable {
    /// More lines or more px than before (either one).
    case grew(width: Double, before: BaselineResult, after: BaselineResult)
    /// Fewer lines or px, and not more of the other.
    case shrank(width: Double, before: BaselineResult, after: BaselineResult)
    /// No baseline row has its key.
    case new
    /// A baseline row no row of this run matched.
    case gone(BaselineRow)
}

/// Matches this run's rows with a baseline's, one row at a time (so it works with streamed input).
package struct BaselineComparison {
    /// Unmatched baseline rows by key, in file order.
    private var pending: [BaselineKey: [BaselineRow]]
    private let order: [BaselineKey]
    /// The single width of a one-width baseline (its rows do not repeat it), if known.
    private let baselineWidth: Double?
    /// This run's font size when it has one (not with several sizes, nor a template's labels).
    private let runSize: Double?
    /// Results compared so far (a row and width found in both), e.g. 0 when the baseline was
    /// measured at other widths.
    package private(set) var comparedResults = 0
    /// Whether this run's results give their sizes (a run at several sizes), so that a baseline's
    /// results are matched by size and width.
    package private(set) var comparesSizes = false

    /// - Parameters:
    ///   - baselineWidth: the width results that do not give one were measured at (this run's
    ///     only width, for a one-width NDJSON baseline); nil when unknown.
    ///   - runSize: this run's font size when it has one; nil for a run at several sizes (whose
    ///     results give theirs) or a template.
    package init(_ rows: [BaselineRow], baselineWidth: Double? = nil, runSize: Double? = nil) {
        var pending: [BaselineKey: [BaselineRow]] = [:]
        var order: [BaselineKey] = []
        for row in rows {
            if pending[row.key] == nil { order.append(row.key) }
            pending[row.key, default: []].append(row)
        }
        self.pending = pending
        self.order = order
        self.baselineWidth = baselineWidth
        self.runSize = runSize
    }

    /// The changes of one measured row (empty when it is unchanged), taking its baseline row.
    package mutating func compare(_ cell: MeasuredCell) -> [BaselineChange] {
        let key = BaselineKey(cell.row)
        guard var candidates = pending[key], !candidates.isEmpty else { return [.new] }
        let before = candidates.removeFirst()
        pending[key] = candidates
        var changes: [BaselineChange] = []
        for result in cell.results {
            if result.fontSize != nil { comparesSizes = true }
            let after = BaselineResult(width: result.width, fontSize: result.fontSize, sizeLabel: result.sizeLabel,
                                       lineCount: result.lineCount, height: result.height)
            // A result without a width (one-width NDJSON) stands for `baselineWidth`. Sizes are
            // matched when either side has several: a result at one size compares with the baseline's
            // result at that size (the size of a one-size `json` baseline is in its settings).
            guard let old = before.results.first(where: { old in
                guard (old.width ?? baselineWidth) == result.width else { return false }
                // At users' text sizes, by category or font scale (a rule's text style sets the size).
                if result.sizeLabel != nil || old.sizeLabel != nil { return old.sizeLabel == result.sizeLabel }
                if let size = result.fontSize { return (old.fontSize ?? before.fontSize) == size }
                return old.fontSize == nil || old.fontSize == runSize
            }) else { continue }
            comparedResults += 1
            if after.lineCount > old.lineCount || after.height > old.height {
                changes.append(.grew(width: result.width, before: old, after: after))
            } else if after.lineCount < old.lineCount || after.height < old.height {
                changes.append(.shrank(width: result.width, before: old, after: after))
            }
        }
        return changes
    }

    /// The baseline rows no row matched, in file order.
    package var goneRows: [BaselineRow] {
        order.flatMap { pending[$0] ?? [] }.sorted { $0.line < $1.line }
    }
}

/// A short description of a change, e.g. "grew from 2 lines (32 px) to 3 lines (48 px) at 320 px",
/// in a run at several sizes "… at 320 px and size 17 px" ("… and size 28 px at AX1" at a category).
package func baselineChangeMessage(_ change: BaselineChange) -> String {
    func measure(_ result: BaselineResult) -> String {
        "\(result.lineCount) line\(result.lineCount == 1 ? "" : "s") (\(formatPixels(result.height)) px)"
    }
    func size(_ result: BaselineResult) -> String {
        (result.fontSize.map { " and size \(formatPixels($0)) px" } ?? "")
            + (result.sizeLabel.map { " at \($0)" } ?? "")
    }
    switch change {
    case .grew(let width, let before, let after):
        return "grew from \(measure(before)) to \(measure(after)) at \(formatPixels(width)) px" + size(after)
    case .shrank(let width, let before, let after):
        return "shrank from \(measure(before)) to \(measure(after)) at \(formatPixels(width)) px" + size(after)
    case .new:
        return "new row: not in the baseline"
    case .gone(let row):
        let was = row.results.map { result in
            measure(result) + (result.width.map { " at \(formatPixels($0)) px" } ?? "") + size(result)
        }.joined(separator: ", ")
        return "gone: in the baseline (\(was)) but not in this run"
    }
}
