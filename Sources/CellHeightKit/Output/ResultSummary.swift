import CellHeightEngine
import Foundation

/// Totals and statistics merged from NDJSON results (`cellheight --output ndjson`), for example
/// the outputs of many runs over parts of one input (GNU parallel --pipe, a job runner): the
/// `reduce` step of using cellheight as a mapper.
package struct ResultSummary: Equatable, Sendable {
    /// One width's (or, for results at several sizes, one size and width's) merged results.
    package struct Entry: Equatable, Sendable {
        /// The font size in px of results at several sizes (each says its own); nil otherwise, and
        /// for results at a category or font scale (whose rows' sizes may differ: rules' text styles).
        package var fontSize: Double?
        /// The category or font scale of results at users' text sizes (`--dynamic-type`,
        /// `--font-scale`), which they are merged by in place of their size; nil otherwise.
        package var sizeLabel: SizeLabel?
        /// The width in px, or nil for one-width results (they do not repeat their width).
        package var width: Double?
        package var statistics: HeightStatistics
    }

    /// What results are merged by: their size (when they give one) and width.
    private struct Key: Hashable {
        var fontSize: Double?
        var sizeLabel: SizeLabel?
        var width: Double?
    }

    /// In the order the widths (sizes and widths) first appear.
    package var entries: [Entry]

    /// Reads every row object of the given NDJSON results (a row with `height`, or with `results`
    /// holding `{"width", "height"}` per width, with `"size"` at several sizes); blank lines and a
    /// forecast's lines (`"kind": "forecastSummary"` or `"forecast"`, from `--forecast`) are skipped.
    package init(reading sources: [String?]) throws {
        var order: [Key] = []
        var heights: [Key: [Double]] = [:]
        func add(_ height: Double, width: Double?, fontSize: Double? = nil, sizeLabel: SizeLabel? = nil) {
            let key = Key(fontSize: sizeLabel == nil ? fontSize : nil, sizeLabel: sizeLabel, width: width)
            if heights[key] == nil { order.append(key) }
            heights[key, default: []].append(height)
        }
        for source in sources {
            let name = inputDisplayName(for: source)
            // A byte order mark, UTF-16 and invalid UTF-8 as every other reader takes them.
            let bytes = Array(try decodeText(try readInputData(from: source), source: name).text.utf8)
            for line in splitLines(bytes) where !isBlankLine(line, in: bytes) {
                var parser = JSONParser(bytes: bytes, range: line.range, firstLine: line.number)
                let document: JSONDocument
                do {
                    document = try parser.parseDocument()
                } catch let error as JSONSyntaxError {
                    throw CellHeightError.invalidJSON(source: name, line: error.line, column: error.column, reason: error.reason)
                }
                func shapeError() -> CellHeightError {
                    .invalidInput(source: name, line: line.number,
                                  reason: "not a cellheight result row (expected \"height\" or \"results\")")
                }
                guard case .object(let row) = document.value else { throw shapeError() }
                // A gate's forecast after the rows (`--forecast`): no row of results.
                if isForecastLine(row) { continue }
                /// A height or width as written, which must be a finite number of px, 0 or more
                /// (1e400 would be infinite, and the summary `null`s).
                func pixels(_ text: String) throws -> Double {
                    guard let value = Double(text), value.isFinite, value >= 0 else {
                        throw CellHeightError.invalidInput(source: name, line: line.number,
                                                           reason: "\(messageText(text)) is not a finite number of px, 0 or more")
                    }
                    return value
                }
                // Every result (format 2 has "results" in every row); else the row's own height
                // (format 1 at one width), with its width when it gives one.
                if case .array(let results)? = row["results"] {
                    for result in results {
                        guard case .object(let entry) = result, case .number(let heightText)? = entry["height"],
                              case .number(let widthText)? = entry["width"] else { throw shapeError() }
                        var fontSize: Double?
                        if case .number(let sizeText)? = entry["size"] { fontSize = try pixels(sizeText) }
                        add(try pixels(heightText), width: try pixels(widthText), fontSize: fontSize,
                            sizeLabel: sizeLabel(of: entry))
                    }
                } else if case .number(let text)? = row["height"] {
                    var width: Double?
                    if case .number(let widthText)? = row["width"] { width = try pixels(widthText) }
                    add(try pixels(text), width: width)
                } else {
                    throw shapeError()
                }
            }
        }
        entries = order.map {
            Entry(fontSize: $0.fontSize, sizeLabel: $0.sizeLabel, width: $0.width,
                  statistics: HeightStatistics(heights: heights[$0]!))
        }
    }

    /// The summary as a table (one line per width, and a `size` column for results at several
    /// sizes) or as one JSON document (with each entry's size when the results give it).
    package func render(asJSON: Bool) -> String {
        func number(_ value: Double?) -> String { value.map(formatPixels) ?? "-" }
        let showsSizes = Set(entries.compactMap(\.fontSize)).count > 1
        if asJSON {
            var json = JSONWriter(reservingCapacity: 256 * entries.count + 32)
            json.beginObject()
            json.beginArray("summaries")
            for entry in entries {
                json.beginObject()
                if let size = entry.fontSize { json.number("size", size) }
                writeSizeLabel(entry.sizeLabel, to: &json)
                if let width = entry.width { json.number("width", width) }
                writeStatisticsMembers(entry.statistics, to: &json)
                json.endObject()
            }
            json.endArray()
            json.endObject()
            json.newline()
            return json.text
        }
        let labelColumn = sizeLabelColumn(entries.map(\.sizeLabel))
        let header = (labelColumn.map { [$0] } ?? []) + (showsSizes ? ["size"] : []) + ["width", "count", "min", "max", "mean", "median", "p95", "total", "estimatedRowHeight"]
        let rows = entries.map { entry -> [String] in
            let s = entry.statistics
            return (labelColumn != nil ? [entry.sizeLabel?.value ?? "-"] : []) + (showsSizes ? [number(entry.fontSize)] : [])
                + [number(entry.width), String(s.count), number(s.min), number(s.max), number(s.mean),
                    number(s.median), number(s.p95), number(s.total), number(s.estimatedRowHeight)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        return ([header] + rows).map { cells in
            cells.enumerated().map { String(repeating: " ", count: widths[$0.offset] - $0.element.count) + $0.element }
                .joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
