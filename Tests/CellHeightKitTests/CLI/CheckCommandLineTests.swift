import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// The CI gate from the command line (issue 5): budgets, rules, diagnostics, baselines, exit codes.
///
/// The line counts, heights and the narrowest fitting widths behind the expected diagnostics are
/// Chromium's: `fixtures/checks/ui-chromium.jsonl` has each row of `fixtures/checks/ui.ndjson` at
/// its rule's width, at the width the diagnostic says it fits at (fewer lines) and 0.02 px
/// narrower (as many lines as before), measured by `scripts/chromium_cases.py --remeasure`.
@Suite("command line: budgets, rules and baselines")
struct CheckCommandLineTests {
    static let root = CellHeightProcess.packageRoot.path
    static let rules = ["--rules", "fixtures/checks/rules.yaml", "fixtures/checks/ui.ndjson"]

    static let violations = """
    fixtures/checks/ui.ndjson:1: workspace.move.title [de]: 3 lines > max 1 at 180 px (font DejaVu Sans 14 px); fits at 309.04 px
    fixtures/checks/ui.ndjson:2: workspace.switch.title [de]: 2 lines > max 1 at 180 px (font DejaVu Sans 14 px); fits at 212.77 px
    fixtures/checks/ui.ndjson:5: search.domain [ru]: 3 lines > max 2 at 180 px (font DejaVu Sans 14 px); fits at 189.44 px
    fixtures/checks/ui.ndjson:6: country.ae [ar]: 2 lines > max 1 at 120 px (font DejaVu Sans 14 px); fits at 138.82 px
    fixtures/checks/ui.ndjson:8: language.aramaic [ja]: 3 lines > max 2 at 180 px (font Noto Sans CJK JP 14 px); fits at 181.05 px
    cellheight: 5 of 8 rows over budget

    """

    @Test("the golden data: Chromium's line counts at the rule widths and around each fitting width")
    func goldenData() throws {
        let cases = try OracleCase.load("fixtures/checks/ui-chromium.jsonl")
        let lines = Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0.expected.lineCount) })
        // Row 0 (maxLines 1): 3 lines at 180 px, 1 at 309.04, 2 at 309.02.
        #expect([lines["ui-0-0"], lines["ui-0-1"], lines["ui-0-2"]] == [3, 1, 2])
        #expect([lines["ui-4-0"], lines["ui-4-1"], lines["ui-4-2"]] == [3, 2, 3])
        #expect([lines["ui-7-0"], lines["ui-7-1"], lines["ui-7-2"]] == [3, 2, 3])
        // And cellheight agrees with every one of them, and with those of the catalog example.
        for outcome in try OracleOutcome.layOut(cases + OracleCase.load("fixtures/checks/app-chromium.jsonl")) {
            #expect(outcome.agrees, "\(outcome.testCase.id): \(outcome.layout.lineCount) lines")
        }
    }

    @Test("a rules file over a multi-locale input: violations with file:line on stderr, exit 1")
    func rulesViolations() throws {
        let result = try CellHeightProcess.run(Self.rules + ["--output", "ndjson"], in: Self.root)
        #expect(result.status == 1)
        #expect(result.stderrText == Self.violations)
        // stdout is the normal result, with each row's own font, size and width (the rules set them: issue 28), locale and verdict.
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines[0] == #"{"index":0,"id":"workspace.move.title","locale":"de","font":"DejaVu Sans","size":14,"width":180,"lineCount":3,"height":48,"results":[{"size":14,"width":180,"lineCount":3,"height":48}],"fits":false}"#)
        #expect(lines[3] == #"{"index":3,"id":"country.ua","locale":"ru","font":"DejaVu Sans","size":14,"width":120,"lineCount":1,"height":16,"results":[{"size":14,"width":120,"lineCount":1,"height":16}],"fits":true}"#)
        #expect(lines[6] == #"{"index":6,"id":"province.jowzjan.title","locale":"ja","font":"Noto Sans CJK JP","size":14,"width":180,"lineCount":1,"height":20,"results":[{"size":14,"width":180,"lineCount":1,"height":20}],"fits":true}"#)
    }

    @Test("a rules file over the app's Android catalogs in four locales (Chromium's answers: app-chromium.jsonl)")
    func catalogRules() throws {
        let catalogs = ["values", "values-de", "values-ja", "values-ru"].map { "fixtures/catalogs/app/res/\($0)/strings.xml" }
        let result = try CellHeightProcess.run(["--rules", "fixtures/catalogs/app/rules.yaml"] + catalogs, in: Self.root)
        #expect(result.status == 1)
        #expect(result.stderrText == """
        fixtures/catalogs/app/res/values-de/strings.xml:5: folder_exists [de]: 3 lines > max 2 at 200 px (font DejaVu Sans 14 px); fits at 200.43 px
        fixtures/catalogs/app/res/values-de/strings.xml:11: opening_items[other] [de]: 2 lines > max 1 at 200 px (font DejaVu Sans 14 px); fits at 200.79 px
        fixtures/catalogs/app/res/values-ja/strings.xml:10: opening_items[other] [ja]: 2 lines > max 1 at 200 px (font Noto Sans CJK JP 14 px); fits at 204.88 px
        fixtures/catalogs/app/res/values-ru/strings.xml:9: opening_items[many] [ru]: 2 lines > max 1 at 200 px (font DejaVu Sans 14 px); fits at 206.93 px
        cellheight: 4 of 39 rows over budget

        """)
    }

    @Test("XLIFF size restrictions are budgets: 1.2 maxwidth/maxheight in pixels and rows, 2.0 cellheight:px")
    func xliffBudgets() throws {
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--output", "ndjson",
                                                "fixtures/catalogs/app/app.de.xlf", "fixtures/catalogs/app/app.ja.xlf"],
                                               in: Self.root)
        let rows = result.stdoutText.split(separator: "\n").map(String.init)
        // Catalog rows say where they come from (the <target>'s line) and what was measured.
        let file = #""file":"fixtures/catalogs/app/app.de.xlf","#
        // select_file: maxwidth 160 px, so one line at 160 px; folder_exists: 240 px wide, at most 40.5 px tall.
        #expect(rows[0] == #"{"index":0,"id":"select_file","key":"select_file","locale":"de","# + file
                + #""line":8,"untranslated":false,"text":"Datei auswählen","width":160,"lineCount":1,"height":16,"results":[{"size":14,"width":160,"lineCount":1,"height":16}],"fits":true}"#)
        #expect(rows[1] == #"{"index":1,"id":"folder_exists","key":"folder_exists","locale":"de","# + file
                + #""line":12,"untranslated":false,"text":"Ein Ordner gleichen Namens ist bereits vorhanden","width":240,"lineCount":2,"height":32,"results":[{"size":14,"width":240,"lineCount":2,"height":32}],"fits":true}"#)
        // read_error: maxheight 2 rows at the command line's width (its <x/> measured as its equiv-text); no budget for page_ranges.
        #expect(rows[2] == #"{"index":2,"id":"read_error","key":"read_error","locale":"de","# + file
                + #""line":17,"untranslated":false,"text":"Inhalt von %s konnte nicht gelesen werden","width":320,"lineCount":1,"height":16,"results":[{"size":14,"width":320,"lineCount":1,"height":16}],"fits":true}"#)
        #expect(rows[4] == #"{"index":4,"id":"page_ranges","key":"page_ranges","locale":"de","# + file
                + #""line":27,"untranslated":false,"text":"Geben Sie einen oder mehrere Druckbereiche ein,\nz.B. 5-11,19,85","width":320,"lineCount":3,"height":48,"results":[{"size":14,"width":320,"lineCount":3,"height":48}]}"#)
        // create_folder has an empty target in state "new": the source is shown, from the <source>'s line.
        #expect(rows[5] == #"{"index":5,"id":"create_folder","key":"create_folder","locale":"de","# + file
                + #""line":31,"untranslated":true,"text":"Create Folder","width":320,"lineCount":1,"height":16,"results":[{"size":14,"width":320,"lineCount":1,"height":16}]}"#)
        #expect(result.status == 0)
    }

    @Test("every row fits: exit 0 and a summary")
    func allFit() throws {
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--width", "400",
                                                "--max-lines", "2", "fixtures/checks/ui.ndjson"], in: Self.root)
        #expect(result.status == 0)
        #expect(result.stderrText == "cellheight: 0 of 8 rows over budget\n")
    }

    @Test("--diagnostics github: text lines in the log, then annotations worst first")
    func github() throws {
        let result = try CellHeightProcess.run(Self.rules + ["--diagnostics", "github"], in: Self.root)
        #expect(result.status == 1)
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(5)) == Self.violations.split(separator: "\n").prefix(5).map(String.init))
        let expected = "::error file=fixtures/checks/ui.ndjson,line=1,title=cellheight%3A workspace.move.title [de]::"
                + "workspace.move.title [de]: 3 lines > max 1 at 180 px (font DejaVu Sans 14 px); fits at 309.04 px"
        #expect(lines[5] == expected)
        // 3 lines for 1, then 2 for 1 (in the order read), then 3 for 2.
        #expect(lines.filter { $0.hasPrefix("::error ") }.map { $0.split(separator: ",")[1] } == ["line=1", "line=2", "line=6", "line=5", "line=8"])
    }

    @Test("--diagnostics junit --junit-file FILE: a JUnit report, written atomically, and the text lines")
    func junit() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = directory + "/junit.xml"
        let result = try CellHeightProcess.run(["--diagnostics", "junit", "--junit-file", report] + Self.rules, in: Self.root)
        #expect(result.status == 1)
        #expect(result.stderrText == Self.violations)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="cellheight" tests="8" failures="5" errors="0">"#))
        #expect(xml.contains(#"<testcase classname="fixtures/checks/ui.ndjson" name="country.ua [ru]" file="fixtures/checks/ui.ndjson" line="4"/>"#))
        #expect(xml.contains(#"<failure type="cellheight" message="2 lines &gt; max 1 at 120 px (font DejaVu Sans 14 px); fits at 138.82 px">"#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["junit.xml"])
    }

    @Test("per-row budgets and widths from JSON objects")
    func rowBudgets() throws {
        let rows = #"[{"id": "a", "text": "Zur Arbeitsfläche 12 wechseln", "maxLines": 1, "width": 212.77},"#
            + "\n" + #" {"id": "b", "text": "Zur Arbeitsfläche 12 wechseln", "maxLines": 1, "width": 212.75}]"#
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "-"],
                                               stdin: Array(rows.utf8))
        #expect(result.status == 1)
        #expect(result.stderrText == """
        <stdin>:2: b: 2 lines > max 1 at 212.75 px (font DejaVu Sans 14 px); fits at 212.77 px
        cellheight: 1 of 2 rows over budget

        """)
    }

    @Test("--baseline: changes reported, growth fails only with --fail-on-growth")
    func baseline() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = directory + "/old.json"
        let settings = ["--font", TestFonts.dejaVuSans, "--size", "14", "--width", "180"]
        let first = try CellHeightProcess.run(settings + ["--output", "json", "--output-file", old, "fixtures/checks/ui.ndjson"],
                                              in: Self.root)
        #expect(first.status == 0)
        // A longer translation (3 lines at 180 px in Chromium: case ui-2-1, was 2: ui-2-0), a
        // renamed key (one row new, one gone), the rest unchanged.
        let changed = try String(contentsOfFile: Self.root + "/fixtures/checks/ui.ndjson", encoding: .utf8)
            .replacingOccurrences(of: "Zeitzone automatisch anpassen", with: "Zeitzone automatisch anhand des Standorts anpassen")
            .replacingOccurrences(of: "country.ua", with: "country.ukraine")
        let arguments = settings + ["--baseline", old, "-"]
        let report = try CellHeightProcess.run(arguments, stdin: Array(changed.utf8))
        #expect(report.status == 0)
        #expect(report.stderrText == """
        <stdin>:3: timezone.auto [de]: grew from 2 lines (32 px) to 3 lines (48 px) at 180 px
        <stdin>:4: country.ukraine [ru]: new row: not in the baseline
        \(old):1: country.ua [ru]: gone: in the baseline (1 line (16 px) at 180 px) but not in this run
        cellheight: 8 rows; baseline: 1 grew, 0 shrank, 1 new, 1 gone

        """)
        let failing = try CellHeightProcess.run(arguments + ["--fail-on-growth"], stdin: Array(changed.utf8))
        #expect(failing.status == 1)
        #expect(failing.stderrText.hasSuffix("baseline: 1 grew, 0 shrank, 1 new, 1 gone (growth fails the check)\n"))
        // Measured at another width, nothing can be compared, and the summary says so.
        let otherWidth = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--width", "170",
                                                    "--baseline", old, "fixtures/checks/ui.ndjson"], in: Self.root)
        #expect(otherWidth.stderrText.hasSuffix("0 gone (no width in common with the baseline)\n"))
    }

    @Test("usage and configuration errors", arguments: [
        (["--max-lines", "0"], 64, "cellheight: --max-lines must be 1 or more, got 0"),
        (["--diagnostics", "junit"], 64, "cellheight: --diagnostics junit needs --junit-file FILE: where to write the JUnit report"),
        (["--fail-on-growth"], 64, "cellheight: --fail-on-growth needs --baseline"),
        (["--diagnostics", "junit", "--junit-file", "fixtures/checks/ui.ndjson"], 64,
         "cellheight: --junit-file fixtures/checks/ui.ndjson is also an input: it would be overwritten"),
        (["--output-file", "./fixtures/checks/ui.ndjson"], 64,
         "cellheight: --output-file ./fixtures/checks/ui.ndjson is also an input: it would be overwritten"),
        (["--rules", "fixtures/checks/missing.yaml"], 66, "cellheight: cannot read fixtures/checks/missing.yaml: no such file"),
        (["--rules", "fixtures/sample.json"], 78, "cellheight: fixtures/sample.json: $: expected an object, found an array"),
        (["--baseline", "fixtures/sample.txt"], 65, "cellheight: fixtures/sample.txt:1:1: invalid JSON: expected a value, found 'Q'"),
    ])
    func errors(arguments: [String], status: Int32, message: String) throws {
        let result = try CellHeightProcess.run(arguments + ["fixtures/checks/ui.ndjson"], in: Self.root)
        #expect(result.status == status)
        #expect(result.stderrText == message + "\n")
    }

    @Test("a rules file naming a font that does not exist: exit 78 with the rule's path")
    func badRuleFont() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "rules:\n  - fonts: {ja: /nonexistent/font.ttf}\n".write(toFile: directory + "/r.yaml", atomically: true, encoding: .utf8)
        let result = try CellHeightProcess.run(["--rules", directory + "/r.yaml"], stdin: Array("x\n".utf8))
        #expect(result.status == 78)
        #expect(result.stderrText.hasPrefix("cellheight: \(directory)/r.yaml: $.rules[0].fonts.ja: "))
    }

    @Test("--diagnostics junit followed by an input file is an error; the input is left alone")
    func junitNeverTakesAnInput() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/fixtures/checks/ui.ndjson"))
        let result = try CellHeightProcess.run(["--diagnostics", "junit", "fixtures/checks/ui.ndjson"], in: Self.root)
        #expect(result.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.root + "/fixtures/checks/ui.ndjson")) == before)
    }
}
