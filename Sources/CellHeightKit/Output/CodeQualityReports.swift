import CLibCrypto
import Foundation

// `--diagnostics sarif` and `--diagnostics gitlab`: the diagnostics of a run (violations, baseline
// changes, input errors, forecasts) as one document written to `--diagnostics-file`: SARIF 2.1.0 for
// GitHub code scanning (github/codeql-action/upload-sarif), and GitLab's code quality report
// (artifacts:reports:codequality). Standard error keeps the text lines, as with `junit`.

/// The SARIF 2.1.0 log of `diagnostics`: one run of the tool `cellheight`, one rule per kind of
/// diagnostic, one result per diagnostic (level error for what fails the run, warning for growth
/// and forecasts that do not, note for other changes), each at its file and line, with a fingerprint that
/// stays as long as the row, its file and the message do.
package func renderSARIF(_ diagnostics: [Diagnostic], wording: ReportWording = ReportWording()) -> String {
    var json = JSONWriter(reservingCapacity: 512 * diagnostics.count + 2048)
    json.beginObject()
    json.string("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
    json.string("version", "2.1.0")
    json.beginArray("runs")
    json.beginObject()
    json.beginObject("tool")
    json.beginObject("driver")
    json.string("name", "cellheight")
    json.string("version", CellHeightVersion.number)
    json.string("semanticVersion", CellHeightVersion.number)
    json.beginArray("rules")
    // (The forecast's rule only in a run that forecast: other runs' logs stay as they were.)
    let forecasts = diagnostics.contains { $0.kind == .forecast }
    for kind in DiagnosticRule.all(wording) where forecasts || kind.id != Diagnostic.Kind.forecast.rawValue {
        json.beginObject()
        json.string("id", kind.id)
        json.string("name", kind.name)
        json.beginObject("shortDescription")
        json.string("text", kind.description)
        json.endObject()
        json.endObject()
    }
    json.endArray()
    json.endObject()
    json.endObject()
    json.beginArray("results")
    for diagnostic in diagnostics {
        json.beginObject()
        json.string("ruleId", DiagnosticRule(diagnostic.kind).id)
        json.string("level", diagnostic.fails ? "error" : diagnostic.isWarning ? "warning" : "note")
        json.beginObject("message")
        json.string("text", diagnostic.headline)
        json.endObject()
        json.beginArray("locations")
        json.beginObject()
        json.beginObject("physicalLocation")
        json.beginObject("artifactLocation")
        json.string("uri", sarifURI(diagnostic.file))
        json.endObject()
        json.beginObject("region")
        json.integer("startLine", max(diagnostic.line ?? 1, 1))
        json.endObject()
        json.endObject()
        json.endObject()
        json.endArray()
        json.beginObject("partialFingerprints")
        json.string("cellheight/v1", diagnostic.fingerprint)
        json.endObject()
        json.endObject()
    }
    json.endArray()
    json.endObject()
    json.endArray()
    json.endObject()
    json.newline()
    return json.text
}

/// GitLab's code quality report: an array of issues (`description`, `check_name`, `fingerprint`,
/// `severity`, `location.path`, `location.lines.begin`); severity major for what fails the run,
/// minor for growth and forecasts that do not, info for other changes.
package func renderGitLabCodeQuality(_ diagnostics: [Diagnostic]) -> String {
    var json = JSONWriter(reservingCapacity: 256 * diagnostics.count + 16)
    json.beginArray()
    for diagnostic in diagnostics {
        json.beginObject()
        json.string("description", diagnostic.headline)
        json.string("check_name", "cellheight/" + DiagnosticRule(diagnostic.kind).id)
        json.string("fingerprint", diagnostic.fingerprint)
        json.string("severity", diagnostic.fails ? "major" : diagnostic.isWarning ? "minor" : "info")
        json.beginObject("location")
        json.string("path", diagnostic.file)
        json.beginObject("lines")
        json.integer("begin", max(diagnostic.line ?? 1, 1))
        json.endObject()
        json.endObject()
        json.endObject()
    }
    json.endArray()
    json.newline()
    return json.text
}

/// The rule of each kind of diagnostic, as SARIF and GitLab name it.
struct DiagnosticRule {
    var id: String
    var name: String
    var description: String

    init(id: String, name: String, description: String) {
        self.id = id
        self.name = name
        self.description = description
    }

    init(_ kind: Diagnostic.Kind) {
        self = Self.all(ReportWording()).first { $0.id == kind.rawValue }!
    }

    /// Every rule, described in `wording` where a description may name the caller's options.
    static func all(_ wording: ReportWording) -> [DiagnosticRule] { [
        DiagnosticRule(id: Diagnostic.Kind.violation.rawValue, name: "OverBudget", description: wording.overBudgetRule),
        DiagnosticRule(id: Diagnostic.Kind.growth.rawValue, name: "Grew",
                       description: "A text needs more lines or height than in the baseline."),
        DiagnosticRule(id: Diagnostic.Kind.change.rawValue, name: "Changed",
                       description: "A text shrank against the baseline, or is new, or is gone."),
        DiagnosticRule(id: Diagnostic.Kind.inputError.rawValue, name: "InputError",
                       description: "An input cannot be read or is not valid in its format."),
        DiagnosticRule(id: Diagnostic.Kind.forecast.rawValue, name: "LikelyOverflowOnceTranslated",
                       description: wording.forecastRule),
    ] }
}

extension Diagnostic {
    /// Whether it is a warning where it does not fail the run (growth, a violation, a forecast), not a note.
    var isWarning: Bool { kind == .growth || kind == .violation || kind == .forecast }

    /// "SUBJECT: MESSAGE", or the message alone for an input error.
    var headline: String { subject.isEmpty ? message : "\(subject): \(message)" }

    /// SHA-256 (hex) of the kind, file, subject and message: the same finding on the same row has
    /// the same fingerprint from run to run, wherever its line moves.
    var fingerprint: String {
        let bytes = Array([kind.rawValue, file, subject, message].joined(separator: "\u{0}").utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_Digest(bytes, bytes.count, &digest, &length, EVP_sha256(), nil)
        return digest[0..<Int(length)].map { String(format: "%02x", $0) }.joined()
    }
}

/// A path as a SARIF artifact URI: relative paths stay relative (to the checkout), with
/// characters a URI cannot hold percent-encoded.
private func sarifURI(_ path: String) -> String {
    path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
}
