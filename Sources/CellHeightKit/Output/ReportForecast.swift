// The forecast of a gate run (`--forecast de,fr`) in its report on standard output: the forecasts
// the diagnostics report (overflow probability at `--forecast-warn-at` or more, or at
// `--fail-on-forecast` when lower), most likely to overflow first, in every output format after
// the rows: `json` a "forecast" object, `ndjson` a summary line then a line per forecast, `csv` a
// second table after an empty line, `table` a ranked block (the first `tableLimit`), `html` a
// ranked table at the top of the page, `svg` a bar per forecast below the rows. Without
// `--forecast` every report is as it was, byte for byte (see docs/forecast.md).

/// What a report shows of the run's forecast (see the file's comment).
package struct ReportForecast: Equatable, Sendable {
    /// The forecasts reported, most likely to overflow first.
    package var forecasts: [OverflowForecast]
    /// How many forecasts were made, reported or not.
    package var forecastCount: Int
    /// Per target locale, in the order given, where its distribution came from ("model:de", "project:44").
    package var distributions: [(locale: String, source: String?)]
    /// The probability from which a forecast is reported (the lower of `warnAt` and `failAt`).
    package var reportedFrom: Double
    package var warnAt: Double
    package var failAt: Double?
    /// The summary the gate prints, e.g. "forecast (de model:de): 3 of 48 at overflow probability 0.5 or more".
    package var summary: String

    /// Forecast lines the table shows; the others are in the other formats and the diagnostics.
    static let tableLimit = 10

    /// Whether the forecast fails the run (`--fail-on-forecast`).
    func fails(_ forecast: OverflowForecast) -> Bool {
        failAt.map { forecast.overflowProbability >= $0 } ?? false
    }

    package static func == (lhs: ReportForecast, rhs: ReportForecast) -> Bool {
        lhs.forecasts == rhs.forecasts && lhs.forecastCount == rhs.forecastCount && lhs.summary == rhs.summary
            && lhs.distributions.map(\.locale) == rhs.distributions.map(\.locale)
            && lhs.distributions.map(\.source) == rhs.distributions.map(\.source) && lhs.warnAt == rhs.warnAt
            && lhs.failAt == rhs.failAt && lhs.reportedFrom == rhs.reportedFrom
    }

    // MARK: json, ndjson

    /// The members of the summary: locales and their distributions, thresholds, counts.
    private func writeSummaryMembers(to json: inout JSONWriter) {
        json.beginArray("distributions")
        for distribution in distributions {
            json.beginObject()
            json.string("locale", distribution.locale)
            json.string("source", distribution.source)
            json.endObject()
        }
        json.endArray()
        json.number("warnAt", warnAt)
        json.number("failAt", failAt)
        json.integer("forecastCount", forecastCount)
        json.integer("reportedCount", forecasts.count)
        json.integer("failureCount", forecasts.filter(fails).count)
    }

    /// The `json` document's "forecast" object: the summary, then "forecasts", ranked.
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject("forecast")
        writeSummaryMembers(to: &json)
        json.beginArray("forecasts")
        for (index, forecast) in forecasts.enumerated() {
            forecast.write(to: &json, rank: index + 1, fails: fails(forecast))
        }
        json.endArray()
        json.endObject()
    }

    /// The `ndjson` lines after the rows: `{"kind":"forecastSummary",…}`, then one
    /// `{"kind":"forecast",…}` per forecast, ranked.
    func renderNDJSON() -> String {
        var json = JSONWriter(reservingCapacity: 512 * (forecasts.count + 1))
        json.beginObject()
        json.string("kind", "forecastSummary")
        writeSummaryMembers(to: &json)
        json.endObject()
        json.newline()
        for (index, forecast) in forecasts.enumerated() {
            forecast.write(to: &json, rank: index + 1, fails: fails(forecast))
            json.newline()
        }
        return json.text
    }

    /// What follows the rows of a report streamed a batch at a time (`ndjson`, `csv`; nothing for `none`).
    func renderAfterStreamedRows(_ format: OutputFormat) -> String {
        switch format {
        case .ndjson: return renderNDJSON()
        case .csv: return renderCSV()
        default: return ""
        }
    }

    // MARK: csv, table

    /// The `csv` forecasts: an empty line, then a table of their own under the header of
    /// `cellheight forecast -o csv` with `fails` after `overflowProbability`.
    func renderCSV() -> String {
        var output = "\n" + ForecastReport.csvHeader.replacingOccurrences(
            of: ",overflowProbability,", with: ",overflowProbability,fails,") + "\n"
        for (index, forecast) in forecasts.enumerated() {
            var fields = forecast.csvFields(rank: index + 1)
            fields.insert(fails(forecast) ? "true" : "false", at: ForecastReport.csvProbabilityColumn + 1)
            output += fields.map(csvField).joined(separator: ",") + "\n"
        }
        return output
    }

    /// The `table` block after the rows: the summary, then the first `tableLimit` forecasts ranked.
    func renderTable(wording: ReportWording) -> String {
        var output = "\n" + summary + "\n"
        guard !forecasts.isEmpty else { return output }
        let shown = forecasts.prefix(Self.tableLimit)
        output += alignedColumns(ForecastReport.tableRows(shown) { fails($0) ? "fails" : "" },
                                 rightAligned: [0, 3, 5, 6, 7, 8])
        if forecasts.count > shown.count {
            output += ReportWording.more(forecasts.count - shown.count, belowRank: shown.count,
                                         hint: wording.moreRunForecasts)
        }
        return output
    }

    // MARK: html, svg

    /// The `html` section at the top of the page: the summary, then every forecast, ranked.
    func renderHTML() -> String {
        var html = "<section class=\"failing forecast\" id=\"forecast\">\n<h2>\(escapeMarkup(summary))</h2>\n"
        guard !forecasts.isEmpty else { return html + "</section>\n" }
        html += "<table class=\"failing-rows forecast-rows\">\n<thead><tr>"
        for heading in ["rank", "id", "locale", "width", "budget", "source lines", "median", "p90", "P(overflow)", ""] {
            html += "<th>\(escapeMarkup(heading))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for (index, forecast) in forecasts.enumerated() {
            let cells = [
                "\(index + 1)", forecast.row.id ?? "#\(forecast.row.index)", forecast.locale,
                "\(formatPixels(forecast.width)) px", forecast.budgetText, "\(forecast.sourceLines)",
                "\(forecast.medianLines)", "\(forecast.p90Lines)", formatHundredths(forecast.overflowProbability),
                fails(forecast) ? "fails" : "",
            ]
            let place = "\(forecast.row.source ?? standardInputName):\(forecast.row.sourceLine)"
            html += "<tr title=\"\(escapeMarkup(place))\">" + cells.map { "<td>\(escapeMarkup($0))</td>" }.joined()
                + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    /// The `svg` chart below the rows, at `top`: the summary, then per forecast its rank and
    /// subject and a bar as long as its overflow probability; with its height.
    func renderSVG(top: Double) -> (svg: String, height: Double) {
        let rowHeight = 22.0, labelWidth = 320.0, barWidth = ForecastReport.barWidth
        var svg = "<text x=\"10\" y=\"\(formatPixels(top + 24))\" font-family=\"sans-serif\" font-size=\"16\">"
            + "\(escapeMarkup(summary))</text>\n"
        for (index, forecast) in forecasts.enumerated() {
            let y = top + 40 + rowHeight * Double(index)
            let length = (forecast.overflowProbability * barWidth * 100).rounded() / 100
            svg += "<text x=\"10\" y=\"\(formatPixels(y + 15))\" font-family=\"sans-serif\" font-size=\"13\">"
                + "\(index + 1). \(escapeMarkup(messageText(forecast.subject, limit: 44)))</text>"
                + "<rect x=\"\(formatPixels(labelWidth))\" y=\"\(formatPixels(y + 4))\" "
                + "width=\"\(formatPixels(length))\" height=\"14\" fill=\"#c33\"/>"
                + "<text x=\"\(formatPixels(labelWidth + length + 6))\" y=\"\(formatPixels(y + 15))\" "
                + "font-family=\"sans-serif\" font-size=\"13\">"
                + "\(formatHundredths(forecast.overflowProbability))</text>\n"
        }
        return (svg, 40 + rowHeight * Double(forecasts.count) + 10)
    }
}

/// Whether an NDJSON line of a report is its forecast's (`"kind"`: "forecastSummary" or "forecast",
/// after the rows of a run with `--forecast`) rather than a row: summaries and baselines skip it.
func isForecastLine(_ object: JSONObject) -> Bool {
    guard case .string(let kind)? = object["kind"] else { return false }
    return kind == "forecastSummary" || kind == "forecast"
}
