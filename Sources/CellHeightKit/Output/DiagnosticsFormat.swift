import CellHeightEngine

/// How budget violations and baseline changes are reported on standard error (`--diagnostics`).
public enum DiagnosticsFormat: String, CaseIterable, Sendable {
    /// `FILE:LINE: SUBJECT: MESSAGE`, one per line, as compilers write them.
    case text
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), shown on the pull request.
    case github
    /// A JUnit XML report written to a file (`--junit FILE`), plus the text lines on stderr.
    case junit
    /// A SARIF 2.1.0 log written to `--diagnostics-file` (GitHub code scanning), plus the text lines.
    case sarif
    /// A GitLab code quality report written to `--diagnostics-file`, plus the text lines.
    case gitlab

    /// Whether the diagnostics are also a document written to `--diagnostics-file`.
    public var writesDocument: Bool { self == .sarif || self == .gitlab }

    /// The document of `diagnostics` in this format (sarif, gitlab), its rules described in `wording`.
    package func document(_ diagnostics: [Diagnostic], wording: ReportWording = ReportWording()) -> String {
        self == .gitlab ? renderGitLabCodeQuality(diagnostics) : renderSARIF(diagnostics, wording: wording)
    }
}

/// A diagnostic as a GitHub Actions workflow command (`::error file=rows.json,line=3::…`):
/// `::error` for what fails the run (a violation, an input error),
/// `::warning` for growth that does not and forecasts, `::notice` for other changes.
package func githubAnnotation(_ diagnostic: Diagnostic) -> String {
    let command: String
    switch (diagnostic.fails, diagnostic.kind) {
    case (true, _): command = "error"
    case (false, .growth), (false, .violation), (false, .inputError), (false, .forecast): command = "warning"
    case (false, .change): command = "notice"
    }
    return githubAnnotation(diagnostic, command: command)
}

/// A diagnostic as the GitHub Actions workflow command `command` ("error", "warning", "notice").
package func githubAnnotation(_ diagnostic: Diagnostic, command: String) -> String {
    // Every value escaped and bounded as in the text diagnostics (controls, bidirectional
    // overrides and line separators as \u{…}, cut with …): one line of bounded length.
    var properties = ["file=" + escapeAnnotationProperty(messageText(diagnostic.file, limit: 1_000))]
    if let line = diagnostic.line { properties.append("line=\(line)") }
    // An input error is about the whole file: no row to name.
    let subject = messageText(diagnostic.subject, limit: 200), message = messageText(diagnostic.message, limit: 1_000)
    properties.append("title=" + escapeAnnotationProperty(subject.isEmpty ? "cellheight" : "cellheight: " + subject))
    return "::\(command) \(properties.joined(separator: ","))::"
        + escapeAnnotationData(subject.isEmpty ? message : "\(subject): \(message)")
}

/// A workflow command's message: `%`, CR and LF are percent-encoded (GitHub's runner decodes them).
private func escapeAnnotationData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25")
        .replacingOccurrences(of: "\r", with: "%0D")
        .replacingOccurrences(of: "\n", with: "%0A")
}

/// A workflow command's property value: as the message, and `:` and `,` too (they delimit properties).
private func escapeAnnotationProperty(_ text: String) -> String {
    escapeAnnotationData(text)
        .replacingOccurrences(of: ":", with: "%3A")
        .replacingOccurrences(of: ",", with: "%2C")
}
