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

    @Test("row subjects: id with locale, id, or index")
    func subjects() {
        #expect(Row(index: 3, id: "k", text: "", sourceLine: 1, fields: ["locale": "ja"]).diagnosticSubject == "k [ja]")
        #expect(Row(index: 3, id: "k", text: "", sourceLine: 1).diagnosticSubject == "k")
        #expect(Row(index: 3, text: "", sourceLine: 1).diagnosticSubject == "#3")
    }
}
