import CellHeightEngine

/// One finding of a CI check, pointing at the input row it is about: a budget violation, or a
/// change against a baseline.
package struct Diagnostic: Equatable, Sendable {
    package enum Kind: String, Equatable, Sendable {
        /// A row over its budget (fails the run).
        case violation
        /// A row that grew against the baseline (fails the run with `--fail-on-growth`).
        case growth
        /// A row that shrank, is new, or is gone (never fails the run).
        case change
        /// An input that cannot be read or is not valid in its format (fails the run, exit 65 or
        /// 66); its subject is empty.
        case inputError
        /// A source text likely to break its budget once translated (`--forecast`): a warning,
        /// failing the run only from `--fail-on-forecast`.
        case forecast
    }

    package var kind: Kind
    /// Whether it fails the run (exit 1).
    package var fails: Bool
    /// The input file, e.g. "po/de.po", or the baseline's for a row that is gone.
    package var file: String
    /// The 1-based line the row starts on; nil when there is none (a row that is gone).
    package var line: Int?
    /// Which row: its id or key with its locale, e.g. "settings.title [de]", or "#3" for a row
    /// without an id (its index, as the table shows it).
    package var subject: String
    /// What is wrong, e.g. "3 lines > max 2 at 320 px (font DejaVu Sans 14 px); fits at 412.5 px".
    package var message: String

    package init(kind: Kind, fails: Bool, file: String, line: Int?, subject: String, message: String) {
        self.kind = kind
        self.fails = fails
        self.file = file
        self.line = line
        self.subject = subject
        self.message = message
    }

    /// The compiler-style line: `FILE:LINE: SUBJECT: MESSAGE` (`FILE:LINE: MESSAGE` without a subject).
    package var text: String {
        var text = TextBytes(capacity: 160)
        write(to: &text)
        return text.string
    }

    /// The line of a warning: `FILE:LINE: warning: SUBJECT: MESSAGE`.
    package var warningText: String {
        var text = TextBytes(capacity: 170)
        write(to: &text, asWarning: true)
        return text.string
    }

    /// Appends `text` (without a newline); as a warning, `FILE:LINE: warning: SUBJECT: MESSAGE`.
    func write(to text: inout TextBytes, asWarning: Bool = false) {
        // A row's id or a file name may hold anything: escaped, so a diagnostic is one line.
        text.appendMessageText(file, limit: 200)
        if let line {
            text.append(":")
            text.append(line)
        }
        text.append(asWarning ? ": warning: " : ": ")
        if !subject.isEmpty {
            text.appendMessageText(subject, limit: 200)
            text.append(": ")
        }
        text.appendMessageText(message, limit: 1_000)
    }
}

extension CellHeightError {
    /// An input error (`isInputError`) as a diagnostic: the input, the line when the error has
    /// one, and the message without the place, e.g. "unknown escape \\q"; nil for other errors.
    package var inputDiagnostic: Diagnostic? {
        let file: String, line: Int?, message: String
        switch self {
        case .unreadableInput(let path, let reason):
            (file, line, message) = (path, nil, "cannot read: \(reason)")
        case .invalidJSON(let source, let errorLine, let column, let reason):
            (file, line, message) = (source, errorLine, "invalid JSON: \(reason) (column \(column))")
        case .invalidGuessedJSONArray(let source, let errorLine, let column, let reason):
            let hint = CellHeightError.guessedJSONArrayHint
            (file, line, message) = (source, errorLine, "invalid JSON: \(reason) (\(hint)) (column \(column))")
        case .invalidUTF8(let source, let byteOffset):
            (file, line, message) = (source, nil, "invalid UTF-8 at byte offset \(byteOffset)")
        case .invalidInput(let source, let errorLine, let reason):
            (file, line, message) = (source, errorLine, reason)
        default:
            return nil
        }
        // The file as the rows' diagnostics give it; the message escaped as the error's own
        // message is (one line of bounded length).
        return Diagnostic(kind: .inputError, fails: true, file: file, line: line, subject: "",
                          message: messageText(message, limit: 1_000))
    }
}

extension Row {
    /// How diagnostics name the row: "key [locale]", the id, or "#index".
    package var diagnosticSubject: String { diagnosticSubjectOf(id: id, locale: locale, index: index) }
}

/// "id [locale]", "id", or "#index" for a row without an id (its index, as the table shows it).
func diagnosticSubjectOf(id: String?, locale: String?, index: Int) -> String {
    let name = id ?? "#\(index)"
    return locale.map { "\(name) [\($0)]" } ?? name
}

/// The message for a row over its budget at one width, e.g.
/// "3 lines > max 2 at 320 px (font DejaVu Sans 14 px); fits at 412.5 px".
///
/// - Parameter font: what the row was laid out in, e.g. "font DejaVu Sans 14 px" or
///   "template cell.json".
/// - Parameter forcedLines: how many lines the text's forced line breaks alone make (breaks + 1),
///   when known: a row whose breaks exceed its line budget fits at no width, and says why.
package func violationMessage(_ violation: BudgetViolation, font: String, forcedLines: Int? = nil) -> String {
    var message = TextBytes(capacity: 120)
    if violation.exceedsLines, let maxLines = violation.budget.maxLines {
        message.append(violation.lineCount)
        message.append(" lines > max ")
        message.append(maxLines)
    }
    if violation.exceedsHeight, let maxHeight = violation.budget.maxHeight {
        if !message.bytes.isEmpty { message.append(", ") }
        message.appendPixels(violation.height)
        message.append(" px > max ")
        message.appendPixels(maxHeight)
        message.append(" px")
    }
    message.append(" at ")
    message.appendPixels(violation.width)
    message.append(" px (")
    message.append(font)
    message.append("); ")
    if let width = violation.fittingWidth {
        // Rounded up to 1/100 px: still a width at which it fits, and readable.
        message.append("fits at ")
        message.appendPixels((width * 100).rounded(.up) / 100)
        message.append(" px")
    } else if let forcedLines, let maxLines = violation.budget.maxLines, forcedLines > maxLines {
        let breaks = forcedLines - 1
        message.append("fits at no width: the text has ")
        message.append(breaks)
        message.append(breaks == 1 ? " forced line break" : " forced line breaks")
    } else {
        message.append("fits at no width up to ")
        message.appendPixels(CellTemplate.maximumWidth)
        message.append(" px")
    }
    return message.string
}
