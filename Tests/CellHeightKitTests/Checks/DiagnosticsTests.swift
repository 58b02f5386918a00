import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import CellHeightKit

@Suite("diagnostics")
struct DiagnosticsTests {
    static let violation = Diagnostic(kind: .violation, fails: true, file: "po/de.po", line: 12,
                                      subject: "Open, file [de]", message: "3 lines > max 2 at 320 px (font DejaVu Sans 14 px); fits at 412 px")

    @Test("text: FILE:LINE: SUBJECT: MESSAGE")
    func text() {
        #expect(Self.violation.text == "po/de.po:12: Open, file [de]: 3 lines > max 2 at 320 px (font DejaVu Sans 14 px); fits at 412 px")
    }

    @Test("github: workflow commands with escaped properties and message")
    func github() {
        #expect(githubAnnotation(Self.violation) == "::error file=po/de.po,line=12,title=cellheight%3A Open%2C file [de]::"
                + "Open, file [de]: 3 lines > max 2 at 320 px (font DejaVu Sans 14 px); fits at 412 px")
        let growth = Diagnostic(kind: .growth, fails: false, file: "a:b.json", line: nil, subject: "100%",
                                message: "line\nbreak")
        #expect(githubAnnotation(growth) == "::warning file=a%3Ab.json,title=cellheight%3A 100%25::100%25: line\\nbreak")
        var change = growth
        change.kind = .change
        #expect(githubAnnotation(change).hasPrefix("::notice "))
    }

    /// Issue 31, item 21: annotations echoed ESC, U+009B, U+202E and U+2028 raw, and a 1 MB id
    /// made a 2 MB line; they are escaped and cut as the text diagnostics are.
    @Test("github: controls escaped, values bounded as in the text diagnostics")
    func githubEscapedAndBounded() {
        let hostile = Diagnostic(kind: .violation, fails: true, file: "a\u{1B}[31m.po", line: 3,
                                 subject: "id\u{9B}2J\u{202E}\u{2028}" + String(repeating: "x", count: 1_000_000), message: "3 lines > max 2")
        let line = githubAnnotation(hostile)
        #expect(!line.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\u{2028}" || $0 == "\n" })
        #expect(line.hasPrefix("::error file=a\\u{1B}[31m.po,line=3,title=cellheight%3A id\\u{9B}2J\\u{202E}\\u{2028}xxx"))
        #expect(line.hasSuffix("x…: 3 lines > max 2"))
        #expect(line.utf8.count < 1_000)
    }

    @Test("junit: a suite per file, a case per row, failures with their messages, markup escaped")
    func junit() {
        var report = JUnitReport()
        report.add(.init(file: "a.po", line: 3, name: "Save"))
        report.add(.init(file: "a.po", line: 7, name: "<Open> & \"go\"", failures: ["3 lines > max 2", "grew"]))
        report.add(.init(file: "b.xlf", line: nil, name: "x"))
        #expect(report.render() == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="cellheight" tests="3" failures="1" errors="0">
          <testsuite name="a.po" tests="2" failures="1" errors="0">
            <testcase classname="a.po" name="Save" file="a.po" line="3"/>
            <testcase classname="a.po" name="&lt;Open&gt; &amp; &quot;go&quot;" file="a.po" line="7">
              <failure type="cellheight" message="3 lines &gt; max 2; grew">a.po:7: &lt;Open&gt; &amp; &quot;go&quot;: 3 lines &gt; max 2
        a.po:7: &lt;Open&gt; &amp; &quot;go&quot;: grew</failure>
            </testcase>
          </testsuite>
          <testsuite name="b.xlf" tests="1" failures="0" errors="0">
            <testcase classname="b.xlf" name="x" file="b.xlf"/>
          </testsuite>
        </testsuites>

        """)
    }

    /// Issue 31, item 15: U+FFFE and U+FFFF, which XML forbids, made the JUnit and SVG reports
    /// unparsable; they are U+FFFD there now, and controls are symbols as before.
    @Test("junit: characters XML forbids become U+FFFD or symbols, and the report parses")
    func junitForbiddenCharacters() {
        var report = JUnitReport()
        report.add(.init(file: "a\u{FFFF}.po", line: 3, name: "Save\u{FFFE}\u{1B}", failures: ["3 lines\u{FFFF} > max 2"]))
        let xml = report.render()
        #expect(!xml.unicodeScalars.contains { $0 == "\u{FFFE}" || $0 == "\u{FFFF}" || $0 == "\u{1B}" })
        #expect(xml.contains("name=\"Save\u{FFFD}\u{241B}\""))
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(escapeMarkup("a\u{FFFE}b\u{FFFF}c\u{FFFD}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    }

    @Test("issue 15: an input error as a diagnostic: the file, the line, the message without the place")
    func inputErrors() {
        let malformed = CellHeightError.invalidInput(source: "de.po", line: 5, reason: "unknown escape \\q")
        let diagnostic = malformed.inputDiagnostic
        #expect(diagnostic == Diagnostic(kind: .inputError, fails: true, file: "de.po", line: 5, subject: "", message: "unknown escape \\q"))
        #expect(diagnostic?.text == "de.po:5: unknown escape \\q")
        #expect(diagnostic.map(githubAnnotation) == "::error file=de.po,line=5,title=cellheight::unknown escape \\q")
        #expect(CellHeightError.invalidJSON(source: "a.json", line: 3, column: 14, reason: "expected ','").inputDiagnostic?.message
                == "invalid JSON: expected ',' (column 14)")
        let missing = CellHeightError.unreadableInput(path: "x.txt", reason: "no such file").inputDiagnostic
        #expect(missing?.line == nil)
        #expect(missing?.message == "cannot read: no such file")
        #expect(CellHeightError.font("no font").inputDiagnostic == nil)
        #expect(CellHeightError.font("no font").isInputError == false)
    }

    @Test("issue 15: junit: an input error is a test case with an <error>, counted as an error")
    func junitInputError() {
        var report = JUnitReport()
        report.add(.init(file: "a.po", line: 3, name: "Save", failures: ["2 lines > max 1"]))
        report.add(.init(file: "b.po", line: 5, name: "b.po", errors: ["unknown escape \\q & more"]))
        #expect(report.render() == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="cellheight" tests="2" failures="1" errors="1">
          <testsuite name="a.po" tests="1" failures="1" errors="0">
            <testcase classname="a.po" name="Save" file="a.po" line="3">
              <failure type="cellheight" message="2 lines &gt; max 1">a.po:3: Save: 2 lines &gt; max 1</failure>
            </testcase>
          </testsuite>
          <testsuite name="b.po" tests="1" failures="0" errors="1">
            <testcase classname="b.po" name="b.po" file="b.po" line="5">
              <error type="cellheight" message="unknown escape \\q &amp; more">b.po:5: unknown escape \\q &amp; more</error>
            </testcase>
          </testsuite>
        </testsuites>

        """)
    }

    @Test("issue 15: exit codes: a malformed input (65) before an unreadable one (66) before violations (1)", arguments: [
        ([CellHeightError](), 0, CellHeightError.ExitCode.ok),
        ([], 3, .violations),
        ([.unreadableInput(path: "a", reason: "r")], 3, .unreadableInput),
        ([.unreadableInput(path: "a", reason: "r"), .invalidUTF8(source: "b", byteOffset: 0)], 0, .invalidInput),
        ([.invalidInput(source: "b", line: 1, reason: "r")], 3, .invalidInput),
    ])
    func exitCodes(_ errors: [CellHeightError], _ failures: Int, _ expected: CellHeightError.ExitCode) {
        #expect(HeightRunOutcome(rowCount: 10, failureCount: failures, inputErrors: errors).exitCode == expected)
    }

    @Test("a reporter counts every row and writes a line per violation, in row order: rows that fit, rows over budget, rows that fit at no width (forced breaks), untranslated rows left out",
          arguments: [false, true])
    func reporterCounts(recordsJUnit: Bool) {
        func cell(_ index: Int, _ text: String, budget: Budget?, violations: [(lines: Int, fitting: Double?)] = [],
                  skipped: Bool = false) -> MeasuredCell {
            var cell = MeasuredCell(row: Row(index: index, id: "k\(index)", text: text, sourceLine: index + 1), results: [])
            cell.budgetCheck = budget.map { budget in
                BudgetCheck(budget: budget, violations: violations.map {
                    BudgetViolation(width: 100, lineCount: $0.lines, height: Double(16 * $0.lines), budget: budget, fittingWidth: $0.fitting)
                })
            }
            cell.skipsUntranslatedCheck = skipped
            return cell
        }
        let two = Budget(maxLines: 2)
        let cells = [cell(0, "fits", budget: two), cell(1, "a b c", budget: two, violations: [(3, 150.5)]),
                     cell(2, "a\nb\nc", budget: two, violations: [(3, nil)]), cell(3, "untranslated", budget: nil, skipped: true),
                     cell(4, "no budget", budget: nil), cell(5, "a\nb c d", budget: two, violations: [(3, nil)])]
        var written = ""
        let reporter = CheckReporter(format: .text, baseline: nil, failsOnGrowth: false, recordsJUnit: recordsJUnit) { written += $0 }
        reporter.record(cells, source: "rows.json") { _, _ in "font F 14 px" }
        #expect(written == """
            rows.json:2: k1: 3 lines > max 2 at 100 px (font F 14 px); fits at 150.5 px
            rows.json:3: k2: 3 lines > max 2 at 100 px (font F 14 px); fits at no width: the text has 2 forced line breaks
            rows.json:6: k5: 3 lines > max 2 at 100 px (font F 14 px); fits at no width up to 1000000 px

            """)
        #expect((reporter.rowCount, reporter.rowsWithBudget, reporter.rowsOverBudget, reporter.untranslatedRowsSkipped,
                 reporter.failureCount) == (6, 4, 3, 1, 3))
        #expect(reporter.summary == "3 of 6 rows over budget; 1 untranslated row not checked")
        #expect(reporter.junit.render().contains("untranslated: not checked") == recordsJUnit)
        // Without a JUnit report, slices checked apart (on any thread) and recorded in order come to the same.
        #expect(reporter.checksRowsApart == !recordsJUnit)
        guard !recordsJUnit else { return }
        var apart = ""
        let slices = CheckReporter(format: .text, baseline: nil, failsOnGrowth: false) { apart += $0 }
        let checked = [0..<2, 2..<6].map { range in
            slices.check(Array(cells[range]), source: "rows.json") { _, _ in "font F 14 px" }
        }
        checked.forEach(slices.record)
        #expect(apart == written)
        #expect(slices.summary == reporter.summary && slices.failureCount == reporter.failureCount)
    }

    @Test("row subjects: id with locale, id, or index")
    func subjects() {
        #expect(Row(index: 3, id: "k", text: "", sourceLine: 1, fields: ["locale": "ja"]).diagnosticSubject == "k [ja]")
        #expect(Row(index: 3, id: "k", text: "", sourceLine: 1).diagnosticSubject == "k")
        #expect(Row(index: 3, text: "", sourceLine: 1).diagnosticSubject == "#3")
    }
}
