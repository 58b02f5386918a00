import CellHeightEngine
import Foundation

/// A value rounded to 2 decimals, as the forecast prints probabilities and ratios ("0.72", "1.3").
func formatHundredths(_ value: Double) -> String {
    formatPixels((value * 100).rounded() / 100)
}

extension OverflowForecast {
    /// Which row: its id (or `#index`) and locale, e.g. "settings.title [de]", as the gate names rows.
    package var subject: String {
        (row.id ?? "#\(row.index)") + " [\(locale)]"
    }

    /// The budget as words, e.g. "1 line", "2 lines, 44 px".
    var budgetText: String {
        var parts: [String] = []
        if let lines = budget.maxLines { parts.append(lines == 1 ? "1 line" : "\(lines) lines") }
        if let height = budget.maxHeight { parts.append(formatPixels(height) + " px") }
        return parts.joined(separator: ", ")
    }

    /// The warning the gate prints, e.g. "forecast: 2 lines at the median, 3 at the 90th
    /// percentile, budget 1 line at 200 px: overflow probability 0.72".
    package var warningMessage: String {
        if isPseudo {
            return
                "pseudo-locale \(locale): \(medianLines) \(medianLines == 1 ? "line" : "lines"), budget \(budgetText)"
                + " at \(formatPixels(width)) px"
        }
        let lines = "\(medianLines) \(medianLines == 1 ? "line" : "lines")"
        return "forecast: \(lines) at the median, \(p90Lines) at the 90th percentile, "
            + "budget \(budgetText) at \(formatPixels(width)) px: "
            + "overflow probability \(formatHundredths(overflowProbability))"
    }

    /// The forecast as a JSON object; `fails` (a gate run's `--fail-on-forecast`) adds "fails".
    func write(to json: inout JSONWriter, rank: Int, fails: Bool? = nil) {
        json.beginObject()
        json.string("kind", "forecast")
        json.integer("rank", rank)
        json.string("id", row.id)
        json.string("key", row.key)
        json.string("file", row.source)
        json.integer("line", row.sourceLine)
        json.string("text", row.text)
        json.string("locale", locale)
        json.bool("pseudo", isPseudo)
        json.string("basis", basis)
        json.number("width", width)
        json.beginObject("budget")
        if let lines = budget.maxLines { json.integer("maxLines", lines) }
        if let height = budget.maxHeight { json.number("maxHeight", height) }
        json.endObject()
        json.beginObject("source")
        json.integer("lines", sourceLines)
        json.number("width", (sourceWidth * 100).rounded() / 100)
        json.bool("fits", sourceFits)
        json.endObject()
        json.beginObject("lines")
        json.integer("median", medianLines)
        json.integer("p90", p90Lines)
        json.endObject()
        json.beginObject("ratio")
        json.number("median", (medianRatio * 100).rounded() / 100)
        json.number("p90", (p90Ratio * 100).rounded() / 100)
        json.endObject()
        json.number("overflowProbability", (overflowProbability * 100).rounded() / 100)
        if let fails { json.bool("fails", fails) }
        if let pseudoText { json.string("pseudoText", pseudoText) }
        json.endObject()
    }
}

extension OverflowForecast {
    /// The record of `cellheight forecast -o csv` (see `ForecastReport.csvHeader`), unquoted.
    func csvFields(rank: Int) -> [String] {
        [
            String(rank), row.id ?? "", row.key ?? "", locale, isPseudo ? "true" : "false", basis,
            formatPixels(width), budget.maxLines.map(String.init) ?? "", budget.maxHeight.map(formatPixels) ?? "",
            String(sourceLines), String(medianLines), String(p90Lines), formatHundredths(medianRatio),
            formatHundredths(p90Ratio), formatHundredths(overflowProbability), row.source ?? "", String(row.sourceLine),
            row.text,
        ]
    }
}

extension ForecastScore {
    fileprivate func write(to json: inout JSONWriter) {
        json.beginObject()
        json.string("kind", "score")
        json.string("predictor", predictor)
        json.string("locale", locale)
        json.integer("strings", count)
        json.integer("overflows", actualOverflows)
        json.integer("truePositives", truePositives)
        json.integer("falsePositives", falsePositives)
        json.integer("falseNegatives", falseNegatives)
        json.integer("trueNegatives", trueNegatives)
        json.number("precision", precision.map { ($0 * 1000).rounded() / 1000 })
        json.number("recall", recall.map { ($0 * 1000).rounded() / 1000 })
        json.number("f1", (f1 * 1000).rounded() / 1000)
        json.endObject()
    }
}

/// The forecast's reports, in every output format the tool has (see docs/forecast.md and
/// docs/schemas/forecast.schema.json). Every format lists the forecasts most likely to overflow
/// first (`rank` 1); `top` keeps the first ones (0: all).
package struct ForecastReport {
    package var outcome: ForecastOutcome
    package var model: ExpansionModel?
    package var top: Int
    /// The table's hint at the forecasts below `top` (`ReportWording.moreForecasts`).
    package var wording: ReportWording

    package init(outcome: ForecastOutcome, model: ExpansionModel?, top: Int, wording: ReportWording = ReportWording()) {
        self.outcome = outcome
        self.model = model
        self.top = top
        self.wording = wording
    }

    var shown: ArraySlice<OverflowForecast> {
        top > 0 ? outcome.forecasts.prefix(top) : outcome.forecasts[...]
    }

    package func render(_ format: OutputFormat) -> String {
        switch format {
        case .json: return renderJSON()
        case .ndjson: return renderNDJSON()
        case .csv: return renderCSV()
        case .html: return renderHTML()
        case .svg: return renderSVG()
        default: return renderTable()
        }
    }

    /// One document: the model's font and provenance, where each locale's distribution came from,
    /// the ranked forecasts and, when scored, the scores.
    func renderJSON() -> String {
        var json = JSONWriter(reservingCapacity: 256 * (shown.count + 4))
        json.beginObject()
        json.string("version", CellHeightVersion.number)
        json.beginObject("model")
        json.string("referenceFont", model?.referenceFont)
        json.number("fontSize", model?.fontSize)
        json.string("provenance", model?.provenance)
        json.endObject()
        json.beginArray("distributions")
        for (locale, source) in outcome.distributionSources.sorted(by: { $0.key < $1.key }) {
            json.beginObject()
            json.string("locale", locale)
            json.string("source", source)
            json.endObject()
        }
        json.endArray()
        json.integer("forecastCount", outcome.forecasts.count)
        json.integer("rowsWithoutBudget", outcome.rowsWithoutBudget)
        json.beginArray("forecasts")
        for (index, forecast) in shown.enumerated() { forecast.write(to: &json, rank: index + 1) }
        json.endArray()
        json.beginArray("scores")
        for score in outcome.scores { score.write(to: &json) }
        json.endArray()
        json.endObject()
        return json.text + "\n"
    }

    /// One forecast per line, ranked, then one score per line.
    func renderNDJSON() -> String {
        var json = JSONWriter(reservingCapacity: 256 * (shown.count + 4))
        for (index, forecast) in shown.enumerated() {
            forecast.write(to: &json, rank: index + 1)
            json.newline()
        }
        for score in outcome.scores {
            score.write(to: &json)
            json.newline()
        }
        return json.text
    }

    static let csvHeader =
        "rank,id,key,locale,pseudo,basis,width,maxLines,maxHeight,sourceLines,medianLines,p90Lines,"
        + "medianRatio,p90Ratio,overflowProbability,file,line,text"

    /// The column of `overflowProbability` in `csvHeader`.
    static let csvProbabilityColumn = 14

    /// One forecast per record, ranked (scores are in the other formats).
    func renderCSV() -> String {
        var output = Self.csvHeader + "\n"
        for (index, forecast) in shown.enumerated() {
            output += forecast.csvFields(rank: index + 1).map(csvField).joined(separator: ",") + "\n"
        }
        return output
    }

    /// The table's header and a line per forecast, ranked; `mark` adds a last column (nil: none).
    static func tableRows(_ forecasts: ArraySlice<OverflowForecast>, mark: ((OverflowForecast) -> String)? = nil)
        -> [[String]]
    {
        var rows = [["rank", "id", "locale", "width", "budget", "source", "median", "p90", "P(overflow)"]]
        if mark != nil { rows[0].append("") }
        for (index, forecast) in forecasts.enumerated() {
            rows.append([
                String(index + 1), messageText(forecast.row.id ?? "#\(forecast.row.index)", limit: 40), forecast.locale,
                formatPixels(forecast.width), forecast.budgetText, "\(forecast.sourceLines)", "\(forecast.medianLines)",
                "\(forecast.p90Lines)", formatHundredths(forecast.overflowProbability),
            ] + (mark.map { [$0(forecast)] } ?? []))
        }
        return rows
    }

    /// The ranked forecasts as aligned columns, then the distributions used and the scores.
    func renderTable() -> String {
        var output = alignedColumns(Self.tableRows(shown), rightAligned: [0, 3, 5, 6, 7, 8])
        let hidden = outcome.forecasts.count - shown.count
        if hidden > 0 { output += ReportWording.more(hidden, belowRank: shown.count, hint: wording.moreForecasts) }
        let sources = outcome.distributionSources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        if !sources.isEmpty { output += "distributions: " + sources.joined(separator: ", ") + "\n" }
        if outcome.rowsWithoutBudget > 0 {
            output += "\(outcome.rowsWithoutBudget) strings without a budget left out\n"
        }
        if !outcome.scores.isEmpty {
            var scoreRows = [["locale", "predictor", "strings", "overflows", "TP", "FP", "FN", "precision", "recall"]]
            for score in outcome.scores {
                scoreRows.append([
                    score.locale, score.predictor, "\(score.count)", "\(score.actualOverflows)",
                    "\(score.truePositives)",
                    "\(score.falsePositives)", "\(score.falseNegatives)", score.precision.map(formatHundredths) ?? "-",
                    score.recall.map(formatHundredths) ?? "-",
                ])
            }
            output += "\nagainst the real translations (strings that fit in the source language):\n"
            output += alignedColumns(scoreRows, rightAligned: [2, 3, 4, 5, 6, 7, 8])
        }
        return output
    }
}

/// `rows` as columns two spaces apart (the first row a header), the columns in `rightAligned` to the right.
func alignedColumns(_ rows: [[String]], rightAligned: Set<Int>) -> String {
    guard let columnCount = rows.first?.count else { return "" }
    let widths = (0..<columnCount).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
        row.enumerated().map { column, value in
            let padding = String(repeating: " ", count: widths[column] - value.count)
            return rightAligned.contains(column) ? padding + value : value + padding
        }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }.joined(separator: "\n") + "\n"
}
