import CellHeightEngine
import CellHeightKit

extension MeasureCommand {
    /// The one-line message for `error`: the library's own wording, except for what the command
    /// line says with its own options: settings that cannot go together, and input errors (see
    /// `commandLineWording(of:)`).
    func commandLineMessage(for error: CellHeightError) -> String {
        guard case .conflict(let conflict) = error else {
            return Self.commandLineWording(of: error).commandLineDescription
        }
        let message: String
        switch conflict {
        case .severalSizesWithTemplate(let template):
            message = "--size with several sizes cannot be used with --template \(messageText(template)): "
                + "its labels have their own sizes"
        case .severalSizesWithRuleSize(let file, let path):
            message = "--size with several sizes cannot be used with rules that set a size "
                + "(\(messageText(file)): \(path)): it would replace every size"
        case .severalSizesWithRowSize(let source, let line):
            // An error in the input, said as one: its place, then what is wrong.
            return CellHeightError.invalidInput(source: source, line: line, reason: "\"size\" cannot be used with "
                + "several --size values: it would replace every size").description
        case .paddingLeavesNoRoom(let cellWidth, let textWidth):
            message = "--padding '\(cellOptions.padding ?? "")' leaves no room for the text in a "
                + "\(formatPixels(cellWidth)) px wide cell (text width \(formatPixels(textWidth)) px)"
        case .widthTooNarrowForTemplate(let template, let label, let cellWidth, let textWidth):
            message = "--width \(formatPixels(cellWidth)) is too narrow for \(template): "
                + RunConflict.noRoomForLabel(label, cellWidth: cellWidth, textWidth: textWidth)
        case .ruleDisagrees(let setting, let value, let file, let path):
            message = "\(setting.optionName) \(messageText(value)) disagrees with \(file) (\(path)): "
                + RunConflict.oneplace(setting, given: "the command line")
        case .ruleWidthsDoNotFitColumns(let file, let path, let ruleWidths, let columns):
            // The run's widths are --width's when it was given (else the template's, or the default).
            let widths = layoutOptions.width != nil ? "--width gives" : "the run has"
            message = "the rule \(messageText(file)): \(path) gives \(ruleWidths) widths where \(widths) "
                + "\(columns): a report has one column per width"
        }
        // As every message: what came from outside escaped, and the line bounded.
        return messageText(message, limit: 1_000)
    }

    /// An input error as the command line reports it: a JSON array guessed from its "[" says which
    /// option reads the input a row a line.
    @Sendable static func commandLineWording(of error: CellHeightError) -> CellHeightError {
        switch error {
        case .invalidGuessedJSONArray(let source, let line, let column, let reason):
            return .invalidJSON(source: source, line: line, column: column, reason: reason
                + " (read as a JSON array because it starts with '['; for one row per line use --format lines)")
        case .emptyBaseline(let file):
            return .invalidInput(source: file, line: 1, reason: "an empty file is not a baseline "
                + "(expected an earlier --output json or ndjson result)")
        default:
            return error
        }
    }
}

extension RuleLayoutSetting {
    /// The option that gives the setting for every row, e.g. "--line-height".
    var optionName: String {
        switch self {
        case .width: return "--width"
        case .font: return "--font"
        case .size: return "--size"
        case .lineHeight: return "--line-height"
        }
    }
}

extension CellHeightError.ExitCode {
    /// The meaning `--help` lists, in the command line's words.
    var commandLineMeaning: String {
        self == .violations
            ? "some rows do not fit their budget (or grew, with --fail-on-growth; or a forecast reached "
                + "--fail-on-forecast)" : meaning
    }
}

extension CellHeightError {
    /// The message in the command line's words: the library's, with the options that answer it
    /// where it names none.
    var commandLineDescription: String {
        switch self {
        case .familyNotInstalled(let family, let substitute, let standardFont, let closest):
            return messageText(EngineError.familyNotFoundOpening(family: family, substitute: substitute)
                               + "; Chromium would draw its standard font, \(messageText(standardFont)): "
                               + "--missing-font chromium measures so)" + EngineError.closestHint(closest),
                               limit: 1_000)
        case .noExpansionModel(let locale, let modelGiven):
            return messageText("no expansion model for locale '\(messageText(locale))'"
                               + (modelGiven ? " (give its translations with --learn-from, "
                                      + "or learn it with 'cellheight forecast learn')" : ""), limit: 1_000)
        default:
            return description
        }
    }
}
