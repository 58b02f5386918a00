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
        #expect(githubAnnotation(growth) == "::warning file=a%3Ab.json,title=cellheight%3A 100%25::100%25: line%0Abreak")
        var change = growth
        change.kind = .change
        #expect(githubAnnotation(change).hasPrefix("::notice "))
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

    @Test("row subjects: id with locale, id, or index")
    func subjects() {
        #expect(Row(index: 3, id: "k", text: "", sourceLine: 1, fields: ["locale": "ja"]).diagnosticSubject == "k [ja]")
        #expect(Row(index: 3, id: "k", text: "", sourceLine: 1).diagnosticSubject == "k")
        #expect(Row(index: 3, text: "", sourceLine: 1).diagnosticSubject == "#3")
    }
}
