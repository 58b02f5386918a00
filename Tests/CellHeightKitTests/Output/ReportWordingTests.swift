import Foundation
import Testing
@testable import CellHeightKit

/// The reports' hints name no command-line option unless the caller words them so (the command
/// line's, with `--embed-font`, `--max-lines`, `--top 0`: its golden files and CLI tests).
@Suite("reports: their wording of hints")
struct ReportWordingTests {
    static let violation = Diagnostic(kind: .violation, fails: true, file: "de.json", line: 3, subject: "save [de]",
                                      message: "3 lines > max 2")
    static let forecast = Diagnostic(kind: .forecast, fails: false, file: "en.json", line: 4, subject: "save [en]",
                                     message: "likely to overflow")

    @Test("the library's own wording names no option")
    func libraryWording() {
        let wording = ReportWording()
        let texts = [wording.fontsBlockedRemedy, wording.overBudgetRule, wording.forecastRule]
            + [wording.moreForecasts, wording.moreRunForecasts].compactMap { $0 }
        #expect(texts.allSatisfy { !$0.contains("--") })
        #expect(!htmlReportScript(fontsBlockedRemedy: wording.fontsBlockedRemedy).contains("--embed-font"))
        let sarif = renderSARIF([Self.violation, Self.forecast])
        #expect(sarif.contains("\"A text needs more lines or height than its budget.\""))
        #expect(sarif.contains("(the overflow forecast).\""))
        #expect(!sarif.contains("--"))
        #expect(ReportWording.more(45, belowRank: 3, hint: wording.moreForecasts) == "(45 more below rank 3)\n")
    }

    @Test("a caller's wording goes into the documents and tables as given")
    func callersWording() {
        var wording = ReportWording()
        wording.overBudgetRule = "Over budget (see --max-lines)."
        wording.moreForecasts = "--top 0 shows all"
        let document = DiagnosticsFormat.sarif.document([Self.violation], wording: wording)
        #expect(document.contains("\"Over budget (see --max-lines).\""))
        #expect(ReportWording.more(45, belowRank: 3, hint: wording.moreForecasts)
                == "(45 more below rank 3: --top 0 shows all)\n")
    }

    @Test("the html report's remedy is a JavaScript string's text: quotes, backslashes, line ends and < escaped")
    func remedyInScript() {
        #expect(javaScriptStringText("say \"x\\y\"\n</script>") == "say \\\"x\\\\y\\\"\\u000a\\u003C/script>")
        let script = htmlReportScript(fontsBlockedRemedy: "use </script> \"now\"")
        #expect(script.contains("for pages opened from files: use \\u003C/script> \\\"now\\\"\";"))
        #expect(!script.contains("</script>"))
    }
}
