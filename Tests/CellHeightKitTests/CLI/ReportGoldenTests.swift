import Foundation
import Testing

/// The html, svg, json and csv reports of the fixtures, compared byte for byte with the files in
/// `fixtures/golden/`, so that any change in a report shows as a diff in review.
///
/// After a deliberate change, re-record with `CELLHEIGHT_RECORD_GOLDEN=1 swift test --filter
/// ReportGoldenTests`: the recording run writes the files and fails (so that a new golden file never
/// passes unseen); read the diff (`git diff fixtures/golden`), then run again without the variable.
/// The reports are made with `SOURCE_DATE_EPOCH=0`, so the HTML report's date does not change.
@Suite("report golden files")
struct ReportGoldenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The golden file's name without its extension, `fixtures/golden/<name>.<format>`.
        var name: String
        var arguments: [String]
        /// The exit status the run gives (1 when rows are over budget).
        var status: Int32
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // The picture of the README: two widths, a line limit and a height budget (6 rows over it).
        Case(name: "sample", arguments: ["--font", "DejaVu Sans", "--size", "14", "--width", "160,240",
                                         "--number-of-lines", "3", "--max-height", "40", "fixtures/sample.txt"],
             status: 1),
        // A cell of three labels, a label hidden with its spacing.
        Case(name: "template", arguments: ["--template", "fixtures/templates/title-subtitle-body.json",
                                           "--format", "csv", "fixtures/templates/title-subtitle-body.rows.csv"],
             status: 0),
        // The CI gate: rules by key and locale, a CJK font for Japanese, rows over budget.
        Case(name: "rules", arguments: ["--rules", "fixtures/checks/rules.yaml", "fixtures/checks/ui.ndjson"],
             status: 1),
    ]

    static let formats = ["html", "svg", "json", "csv"]

    static var recording: Bool { ProcessInfo.processInfo.environment["CELLHEIGHT_RECORD_GOLDEN"] == "1" }

    @Test(arguments: cases, formats)
    func reportMatchesItsGoldenFile(_ golden: Case, format: String) throws {
        let root = CellHeightProcess.packageRoot.path
        let result = try CellHeightProcess.run(golden.arguments + ["--output", format, "--quiet"], in: root,
                                               environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(result.status == golden.status, "\(result.stderrText)")
        let relativePath = "fixtures/golden/\(golden.name).\(format)"
        let path = root + "/" + relativePath
        if Self.recording {
            try FileManager.default.createDirectory(atPath: root + "/fixtures/golden",
                                                    withIntermediateDirectories: true)
            try result.stdout.write(to: URL(fileURLWithPath: path))
            let message = "recorded \(relativePath): review it with `git diff`, then run without "
                + "CELLHEIGHT_RECORD_GOLDEN"
            Issue.record(Comment(rawValue: message))
            return
        }
        guard let expected = FileManager.default.contents(atPath: path) else {
            Issue.record("no \(relativePath): record it with CELLHEIGHT_RECORD_GOLDEN=1")
            return
        }
        if result.stdout != expected {
            let message = "\(relativePath) differs: \(Self.firstDifference(expected, result.stdout)); "
                + "re-record with CELLHEIGHT_RECORD_GOLDEN=1 if the change is meant"
            Issue.record(Comment(rawValue: message))
        }
    }

    /// Two runs a second apart give the same bytes: nothing in a report depends on the time or the run.
    @Test(arguments: formats)
    func reportIsTheSameTwice(format: String) throws {
        let root = CellHeightProcess.packageRoot.path
        let arguments = Self.cases[0].arguments + ["--output", format, "--quiet", "--jobs", "2"]
        let first = try CellHeightProcess.run(arguments, in: root, environment: ["SOURCE_DATE_EPOCH": "0"])
        Thread.sleep(forTimeInterval: 1.1)
        let second = try CellHeightProcess.run(arguments, in: root, environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    @Test func htmlReportShowsSourceDateEpoch() throws {
        let root = CellHeightProcess.packageRoot.path
        let arguments = ["--font", "DejaVu Sans", "--width", "200", "--output", "html", "fixtures/sample.txt"]
        let result = try CellHeightProcess.run(arguments, in: root, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("2023-11-14T22:13:20Z"))
        let bad = try CellHeightProcess.run(arguments, in: root, environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(bad.status == 64)
        #expect(bad.stderrText == "cellheight: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, "
                + "got 'yesterday'\n")
    }

    /// Where two byte strings first differ, as a line number and both lines (cut to 200 characters).
    static func firstDifference(_ expected: Data, _ actual: Data) -> String {
        func lines(_ data: Data) -> [Substring] {
            String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        let expectedLines = lines(expected), actualLines = lines(actual)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let want = index < expectedLines.count ? String(expectedLines[index]) : "(end of file)"
            let got = index < actualLines.count ? String(actualLines[index]) : "(end of file)"
            if want != got {
                return "line \(index + 1): expected \(want.prefix(200)), got \(got.prefix(200))"
            }
        }
        return "same lines, different bytes"
    }
}
