import CellHeightEngine
import Foundation

/// What one run of cellheight is asked to do: the command line's choices, resolved (the cell to
/// measure, the widths, the checks, the report), for `HeightRun`.
public struct HeightRunRequest: Sendable {
    /// Input files, in order; nil reads standard input.
    public var inputs: [String?]
    public var format: RowFormat = .auto
    /// Replace invalid UTF-8 (or UTF-16) with U+FFFD instead of failing.
    public var lossy = false
    /// The cell each row is measured as: a template's labels, or one label showing `text`.
    public var cell: CellTemplate
    /// The template file `cell` comes from; nil when the text options describe it.
    public var templateFile: String?
    /// Whether a single-text cell option was given (padding, minimum height, separator, line
    /// limit, rounding): reports then show the text's height beside the cell's.
    public var hasCellOptions = false
    /// Cell widths in px (the text's for bare text), e.g. [320, 375].
    public var widths: [Double]
    /// Font sizes in px to measure every row at, each with every width, when there are several
    /// (`--size 14,17,20`, e.g. Dynamic Type sizes; the cell's label is at the first); empty (or
    /// one size) for the cell's own size. Not with a template, whose labels have their own sizes,
    /// nor with rules or rows that set a size of their own (which would replace them all).
    public var sizes: [Double] = []
    /// The sizes of a run at users' text sizes, each with what it stands for (a Dynamic Type
    /// category, a font scale; see `SizeStep`), in place of `sizes`; the cell's label is at the first.
    public var sizeSteps: [SizeStep] = []
    /// Whether the widths were given (`--width`): a width too narrow for a template is then a usage error.
    public var widthsGiven = false
    /// Fallback fonts (paths or families) instead of Chromium's chain; nil for Chromium's.
    public var fallbackSpecs: [String]?
    public var whiteSpace: WhiteSpace = .preWrap
    /// The budget every row starts from (`--max-lines`, `--max-height`).
    public var budget: Budget = .none
    /// What every row's text is measured as (`--mnemonic`, `--replace`, `--placeholder-number`,
    /// `--placeholder-string`); rules may add to it.
    public var text = TextRewriting()
    /// Whether untranslated rows (the source text shown in place of a translation) are left out of
    /// the budget check (`--skip-untranslated`); rules may say otherwise per key and locale.
    public var skipsUntranslated = false
    /// A rules file (JSON or YAML) of settings and budgets by key and locale.
    public var rulesFile: String?
    /// The locale of source-language rows that say none (`--source-locale`; else the rules'
    /// `sourceLocale`), e.g. "en": Android's `values/`, iOS's `Base.lproj`.
    public var sourceLocale: String?
    /// The layout options given on the command line (`--width`, `--font`, `--size`, `--line-height`):
    /// a rules file that sets one of them to another value is a usage error.
    public var layoutOptionsGiven: Set<RuleLayoutSetting> = []
    /// What to forecast besides checking (`--forecast`): each source-language row's translations
    /// into these locales, as warnings (see `GateForecaster`); nil for no forecast.
    public var forecast: GateForecast?
    /// An earlier result to compare with, and whether a row that grew is a violation.
    public var baselineFile: String?
    public var failsOnGrowth = false
    public var diagnostics: DiagnosticsFormat = .text
    public var junitFile: String?
    /// Where `--diagnostics sarif` or `gitlab` writes its document (atomically).
    public var diagnosticsFile: String?
    public var output: OutputFormat = .table
    /// Where the report goes (atomically); nil for `reportOutput`.
    public var outputFile: String?
    /// Where the report goes without an `outputFile`, in pieces as it is made (a batch at a time
    /// when it streams), rethrowing what it throws (e.g. a `CellHeightError.output`). By default
    /// it is dropped: the library writes nothing to standard output itself; the command line
    /// writes it there.
    public var reportOutput: @Sendable (Data) throws -> Void = { _ in }
    public var explain = false
    public var statistics = false
    public var offsets = false
    public var embedsFonts = false
    /// The reports' sentences that tell how to get more out of a run (see `ReportWording`): the
    /// library's own name no option; the command line's name its options.
    public var reportWording = ReportWording()
    /// When the report was made, shown in the `html` report's settings; nil leaves the date out.
    public var reportDate: Date? = Date()
    /// Where the run's messages go, in the order they come: budget violations, baseline changes,
    /// warnings, notes (e.g. that invalid bytes were replaced), input errors and the summary, each
    /// call whole lines ending with a newline. The library writes nothing to standard error itself:
    /// by default they are dropped (the outcome still counts failures and input errors); the
    /// command line writes them to standard error.
    public var messageOutput: @Sendable (String) -> Void = { _ in }
    /// Where a progress line of a long run is drawn (text that starts with "\r" redraws the line;
    /// "\r" and a clearing escape ends it); nil for none. The command line draws it on standard
    /// error when that is a terminal.
    public var progressOutput: (@Sendable (String) -> Void)?
    /// Threads measuring rows; the output does not depend on it.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// How an input's error is worded where the run reports it (on standard error, in the JUnit,
    /// SARIF and GitLab documents, and in the outcome): the library's own words unless the caller
    /// says otherwise. The command line words them with its options (e.g. `--format lines`).
    public var inputErrorWording: @Sendable (CellHeightError) -> CellHeightError = { $0 }
    /// Whether the process ends when `run()` returns, as the command line's does: the run then
    /// leaves its fonts, caches and rows to the operating system (see `ProcessEnd`).
    public var endsWithProcess = false

    public init(inputs: [String?], cell: CellTemplate, widths: [Double]) {
        self.inputs = inputs
        self.cell = cell
        self.widths = widths
    }
}
