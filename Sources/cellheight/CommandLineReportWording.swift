import CellHeightKit

extension ReportWording {
    /// The reports' hints as the command line words them, with its options.
    static let commandLine: ReportWording = {
        var wording = ReportWording()
        wording.fontsBlockedRemedy =
            "make the report with --embed-font, or run Chromium with --allow-file-access-from-files."
        wording.overBudgetRule = "A text needs more lines or height than its budget (rules, --max-lines, --max-height)."
        wording.forecastRule = "A source text is likely to break its budget once translated (the overflow forecast: "
            + "--forecast)."
        wording.moreForecasts = "--top 0 shows all"
        wording.moreRunForecasts = "-o json lists all"
        return wording
    }()
}
