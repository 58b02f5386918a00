import CellHeightEngine

/// The worst budget violations of a check, for what GitHub shows: it displays 10 error
/// annotations per step and hides the rest, so `--diagnostics github` annotates the 10 worst (9
/// and a tenth that says how many more when there are more), worst first, and its step summary
/// (`$GITHUB_STEP_SUMMARY`) lists up to 50 in a table. Every violation is a text line in the log
/// all the same.
///
/// Worst is the largest overshoot: lines needed over lines allowed, or height over the height
/// allowed (3 lines for 1 is worse than 3 for 2); ties in the order read.
struct WorstViolations: Sendable {
    /// GitHub's limit of error annotations shown per step.
    static let annotationLimit = 10
    /// Rows the step summary's table lists.
    static let summaryLimit = 50

    /// The worst, worst first, at most `summaryLimit`; `order` keeps ties in the order read.
    private(set) var kept: [(diagnostic: Diagnostic, overshoot: Double, order: Int)] = []
    /// Every violation added.
    private(set) var count = 0

    mutating func add(_ diagnostic: Diagnostic, overshoot: Double) {
        count += 1
        insert((diagnostic, overshoot, count))
    }

    /// Adds another's (checked on another thread; read after these).
    mutating func merge(_ other: WorstViolations) {
        for entry in other.kept { insert((entry.diagnostic, entry.overshoot, count + entry.order)) }
        count += other.count
    }

    private mutating func insert(_ entry: (diagnostic: Diagnostic, overshoot: Double, order: Int)) {
        guard kept.count < Self.summaryLimit || entry.overshoot > kept[kept.count - 1].overshoot else { return }
        let position = kept.firstIndex { $0.overshoot < entry.overshoot } ?? kept.count
        kept.insert(entry, at: position)
        if kept.count > Self.summaryLimit { kept.removeLast() }
    }

    /// The annotations to write: every violation when there are 10 at most; else the 9 worst and
    /// one that says how many more.
    func annotations() -> [String] {
        guard count > Self.annotationLimit else { return kept.map { githubAnnotation($0.diagnostic) } }
        let shown = kept.prefix(Self.annotationLimit - 1).map { githubAnnotation($0.diagnostic) }
        let more = count - (Self.annotationLimit - 1)
        let note = Diagnostic(kind: .violation, fails: true, file: kept[0].diagnostic.file, line: nil, subject: "",
                              message: "\(more) more budget violations, not annotated (GitHub shows \(Self.annotationLimit) per step): "
                                  + "see the log or the step summary")
        return shown + [githubAnnotation(note)]
    }

    /// The step summary: the check's summary line, then a table of the worst violations.
    func stepSummary(summary: String) -> String {
        var text = "### cellheight\n\n\(markdownCell(summary))\n\n"
        guard count > 0 else { return text }
        text += "| Place | Row | Problem |\n|---|---|---|\n"
        for entry in kept {
            let diagnostic = entry.diagnostic
            let place = diagnostic.line.map { "\(diagnostic.file):\($0)" } ?? diagnostic.file
            text += "| \(markdownCell(place)) | \(markdownCell(diagnostic.subject)) | \(markdownCell(diagnostic.message)) |\n"
        }
        if count > kept.count { text += "\n\(count - kept.count) more in the log.\n" }
        return text + "\n"
    }
}

/// Text for a Markdown table cell: one line, `|` and Markdown's special characters escaped, at most 300 characters.
private func markdownCell(_ text: String) -> String {
    var cell = ""
    for character in messageText(text, limit: 300) {
        switch character {
        case "|", "\\", "`", "*", "_", "[", "]", "<", ">", "#": cell += "\\" + String(character)
        case "\n", "\r": cell += " "
        default: cell.append(character)
        }
    }
    return cell
}

extension BudgetViolation {
    /// How far over its budget the row is: lines needed over lines allowed, or height over the
    /// height allowed, whichever is more, e.g. 3.0 for 3 lines where 1 is allowed.
    var overshoot: Double {
        var ratio = 1.0
        if exceedsLines, let maxLines = budget.maxLines, maxLines > 0 { ratio = max(ratio, Double(lineCount) / Double(maxLines)) }
        if exceedsHeight, let maxHeight = budget.maxHeight, maxHeight > 0 { ratio = max(ratio, height / maxHeight) }
        return ratio
    }
}
