/// The sentences of the reports that tell the reader how to get more out of a run: the library's
/// own name no command-line option; a program words them with its options (the command line's
/// name `--embed-font`, `--max-lines`, `--forecast`, `--top 0`).
public struct ReportWording: Equatable, Sendable {
    /// The end of the `html` report's note that the browser blocked fonts at file URLs (pages
    /// opened from files): what to do about it.
    public var fontsBlockedRemedy = "make the report with its fonts embedded, or let the browser read local files."
    /// SARIF's and GitLab's description of the rule of a text over its budget.
    public var overBudgetRule = "A text needs more lines or height than its budget."
    /// SARIF's description of the rule of a source text forecast to overflow once translated.
    public var forecastRule = "A source text is likely to break its budget once translated (the overflow forecast)."
    /// After "(N more below rank M" under a forecast's ranked table: how to see them all; nil for nothing.
    public var moreForecasts: String?
    /// The same under the forecast of a measuring run's `table` report.
    public var moreRunForecasts: String?

    public init() {}

    /// "(N more below rank M: HINT)" or "(N more below rank M)", with its newline.
    static func more(_ hidden: Int, belowRank rank: Int, hint: String?) -> String {
        "(\(hidden) more below rank \(rank)\(hint.map { ": " + $0 } ?? ""))\n"
    }
}
