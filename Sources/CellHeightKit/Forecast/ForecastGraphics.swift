import CellHeightEngine

/// The forecast as the drawn reports show a run: an HTML page (the ranked forecasts as a table with
/// each overflow probability as a bar, the distributions used, the scores against real
/// translations) and an SVG chart (a bar per ranked forecast). Both are made from the report alone,
/// with nothing of the moment in them (no date), so the same forecast gives the same bytes.
extension ForecastReport {
    /// Width in px of a probability of 1: the SVG chart's bars, and the HTML table's (a third of it).
    static let barWidth = 300.0

    /// A self-contained HTML page: no script, no external resource.
    func renderHTML() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>cellheight forecast</title>
            <style>
            body { font: 14px/1.4 sans-serif; margin: 24px; color: #222; }
            table { border-collapse: collapse; margin: 12px 0; }
            th, td { border-bottom: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            .bar { display: inline-block; height: 10px; background: #c33; vertical-align: middle; }
            .text { max-width: 480px; white-space: pre-wrap; overflow-wrap: break-word; color: #555; }
            </style></head><body>
            <h1>Overflow forecast</h1>

            """
        if let model {
            html += "<p>Expansion model: \(escapeMarkup(model.referenceFont)) \(formatPixels(model.fontSize)) px; "
                + "\(escapeMarkup(model.provenance))</p>\n"
        }
        html += "<p>\(outcome.forecasts.count) forecasts, most likely to overflow first"
        if shown.count < outcome.forecasts.count { html += " (the first \(shown.count) shown)" }
        html += ".</p>\n<table>\n<thead><tr><th>rank</th><th>id</th><th>locale</th><th>width</th><th>budget</th>"
            + "<th>source lines</th><th>median</th><th>p90</th><th>P(overflow)</th><th>text</th></tr></thead>\n"
            + "<tbody>\n"
        for (index, forecast) in shown.enumerated() {
            let probability = forecast.overflowProbability
            html += "<tr><td class=\"n\">\(index + 1)</td>"
                + "<td>\(escapeMarkup(forecast.row.id ?? "#\(forecast.row.index)"))</td>"
                + "<td>\(escapeMarkup(forecast.locale))</td><td class=\"n\">\(formatPixels(forecast.width)) px</td>"
                + "<td>\(escapeMarkup(forecast.budgetText))</td><td class=\"n\">\(forecast.sourceLines)</td>"
                + "<td class=\"n\">\(forecast.medianLines)</td><td class=\"n\">\(forecast.p90Lines)</td>"
                + "<td><span class=\"bar\" style=\"width: \(formatPixels(probability * Self.barWidth / 3))px\"></span> "
                + "\(formatHundredths(probability))</td>"
                + "<td class=\"text\">\(escapeMarkup(forecast.row.text))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        let sources = outcome.distributionSources.sorted { $0.key < $1.key }
        if !sources.isEmpty {
            html += "<p>Distributions: " + sources.map { escapeMarkup("\($0.key) \($0.value)") }.joined(separator: ", ")
                + "</p>\n"
        }
        if outcome.rowsWithoutBudget > 0 {
            html += "<p>\(outcome.rowsWithoutBudget) strings without a budget left out.</p>\n"
        }
        if !outcome.scores.isEmpty {
            html += "<h2>Against the real translations</h2>\n<table>\n<thead><tr><th>locale</th><th>predictor</th>"
                + "<th>strings</th><th>overflows</th><th>TP</th><th>FP</th><th>FN</th><th>precision</th>"
                + "<th>recall</th></tr></thead>\n<tbody>\n"
            for score in outcome.scores {
                let cells = [
                    "\(score.count)", "\(score.actualOverflows)", "\(score.truePositives)", "\(score.falsePositives)",
                    "\(score.falseNegatives)", score.precision.map(formatHundredths) ?? "-",
                    score.recall.map(formatHundredths) ?? "-",
                ]
                html += "<tr><td>\(escapeMarkup(score.locale))</td><td>\(escapeMarkup(score.predictor))</td>"
                    + cells.map { "<td class=\"n\">\($0)</td>" }.joined() + "</tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        return html + "</body></html>\n"
    }

    /// An SVG chart: per ranked forecast, its subject and a bar as long as its overflow probability
    /// (`barWidth` px for 1), the probability written after it.
    func renderSVG() -> String {
        let rowHeight = 22.0, labelWidth = 320.0, top = 40.0
        let width = labelWidth + Self.barWidth + 60
        let height = top + rowHeight * Double(shown.count) + 10
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(formatPixels(width))\" "
            + "height=\"\(formatPixels(height))\" font-family=\"sans-serif\" font-size=\"13\">\n"
        svg += "<text x=\"10\" y=\"24\" font-size=\"16\">Overflow forecast: \(outcome.forecasts.count) forecasts, "
            + "most likely first</text>\n"
        for (index, forecast) in shown.enumerated() {
            let y = top + rowHeight * Double(index)
            let length = forecast.overflowProbability * Self.barWidth
            svg += "<text x=\"10\" y=\"\(formatPixels(y + 15))\">\(index + 1). "
                + "\(escapeMarkup(messageText(forecast.subject, limit: 44)))</text>"
                + "<rect x=\"\(formatPixels(labelWidth))\" y=\"\(formatPixels(y + 4))\" "
                + "width=\"\(formatPixels(length))\" "
                + "height=\"14\" fill=\"#c33\"/>"
                + "<text x=\"\(formatPixels(labelWidth + length + 6))\" y=\"\(formatPixels(y + 15))\">"
                + "\(formatHundredths(forecast.overflowProbability))</text>\n"
        }
        return svg + "</svg>\n"
    }
}
