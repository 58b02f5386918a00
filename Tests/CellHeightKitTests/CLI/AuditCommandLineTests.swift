import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Output a team can audit (issue 15, section 6), from the command line over the real catalogs of
/// `fixtures/catalogs/app`: rows say where they come from and what was measured; untranslated rows
/// can be left out of the gate; the command line and a rules file never silently disagree.
///
/// Both XLIFF files have one untranslated unit, `create_folder`: `app.de.xlf` an empty `<target
/// state="new"/>` (its `<source>` on line 31), `app.ja.xlf` a segment with no target (its
/// `<source>` on line 44). "Create Folder" in DejaVu Sans 14 px is about 97 px wide, each word
/// under 50 px: two lines at 50 px.
@Suite("command line: audit fields, untranslated rows, rules against options")
struct AuditCommandLineTests {
    static let root = CellHeightProcess.packageRoot.path
    static let xliff = ["fixtures/catalogs/app/app.de.xlf", "fixtures/catalogs/app/app.ja.xlf"]
    static let gate = ["--font", TestFonts.dejaVuSans, "--size", "14", "--width", "50", "--max-lines", "1"]

    static func rows(_ result: CellHeightProcess.Result, id: String) -> [String] {
        result.stdoutText.split(separator: "\n").map(String.init).filter { $0.contains(#""id":"\#(id)""#) }
    }

    @Test("untranslated rows fail the gate unless --skip-untranslated; skipped, they are measured, written and counted")
    func skipUntranslated() throws {
        let checked = try CellHeightProcess.run(Self.gate + ["--output", "ndjson"] + Self.xliff, in: Self.root)
        #expect(checked.status == 1)
        #expect(checked.stderrText.contains("fixtures/catalogs/app/app.de.xlf:31: create_folder [de]: 2 lines > max 1 at 50 px"))
        #expect(checked.stderrText.contains("fixtures/catalogs/app/app.ja.xlf:44: create_folder [ja]: 2 lines > max 1 at 50 px"))
        #expect(!checked.stderrText.contains("not checked"))

        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let junit = "\(directory)/junit.xml"
        let skipped = try CellHeightProcess.run(Self.gate + ["--skip-untranslated", "--output", "ndjson", "--junit-file", junit]
                                                + Self.xliff, in: Self.root)
        #expect(!skipped.stderrText.contains("create_folder"))
        #expect(skipped.stderrText.hasSuffix(" rows over budget; 2 untranslated rows not checked\n"))
        // Still measured and written, without "fits" (not checked).
        #expect(Self.rows(skipped, id: "create_folder") == [
            #"{"index":5,"id":"create_folder","key":"create_folder","locale":"de","file":"fixtures/catalogs/app/app.de.xlf","line":31,"untranslated":true,"text":"Create Folder","width":50,"lineCount":2,"height":32,"results":[{"size":14,"width":50,"lineCount":2,"height":32}]}"#,
            #"{"index":10,"id":"create_folder","key":"create_folder","locale":"ja","file":"fixtures/catalogs/app/app.ja.xlf","line":44,"untranslated":true,"text":"Create Folder","width":50,"lineCount":2,"height":32,"results":[{"size":14,"width":50,"lineCount":2,"height":32}]}"#,
        ])
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.components(separatedBy: "<skipped message=\"untranslated: not checked\"/>").count == 3)
        #expect(report.contains("<testsuite name=\"fixtures/catalogs/app/app.ja.xlf\" tests=\"5\" failures=\""))
        #expect(report.contains(#"errors="0" skipped="1">"#))
        #expect(report.contains("name=\"create_folder [ja]\" file=\"fixtures/catalogs/app/app.ja.xlf\" line=\"44\">\n      <skipped"))
    }

    @Test("a rule's skipUntranslated leaves out the untranslated rows it matches, here Japanese only")
    func skipUntranslatedByRule() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("""
            rules:
              - {keys: "*", width: 50, maxLines: 1}
              - {keys: "create_*", locales: [ja], skipUntranslated: true}
            """.utf8).write(to: URL(fileURLWithPath: "\(directory)/rules.yaml"))
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--output", "none",
                                                "--rules", "\(directory)/rules.yaml"] + Self.xliff, in: Self.root)
        #expect(result.status == 1)
        #expect(result.stderrText.contains("fixtures/catalogs/app/app.de.xlf:31: create_folder [de]: 2 lines > max 1 at 50 px"))
        #expect(!result.stderrText.contains("create_folder [ja]"))
        #expect(result.stderrText.hasSuffix(" rows over budget; 1 untranslated row not checked\n"))
    }

    @Test("an NDJSON row's own \"untranslated\": true is left out too")
    func skipUntranslatedNDJSON() throws {
        let input = Array(#"""
            {"id": "a", "text": "Create Folder", "untranslated": true}
            {"id": "b", "text": "Ordner anlegen", "untranslated": false}
            """#.utf8)
        let result = try CellHeightProcess.run(Self.gate + ["--skip-untranslated", "--output", "ndjson"], stdin: input)
        // "Ordner anlegen" at 50 px: "Ordner" (49 px: DejaVu Sans advances of .787, .411, .635, .634,
        // .615, .411 em at 14 px) fits a line, "anlegen" (56.4 px) does not and is cut: 3 lines, checked.
        #expect(result.stdoutText == """
            {"index":0,"id":"a","untranslated":true,"width":50,"lineCount":2,"height":32,"results":[{"size":14,"width":50,"lineCount":2,"height":32}]}
            {"index":1,"id":"b","untranslated":false,"width":50,"lineCount":3,"height":48,"results":[{"size":14,"width":50,"lineCount":3,"height":48}],"fits":false}

            """)
        #expect(result.stderrText.hasSuffix("cellheight: 1 of 2 rows over budget; 1 untranslated row not checked\n"))
    }

    @Test("--width, --font, --size given with a rules file that sets another value: a usage error naming both", arguments: [
        (["--width", "200"], "--width 200 disagrees with fixtures/checks/rules.yaml ($.rules[0].width): give the width"),
        (["--font", "DejaVu Sans"], "--font DejaVu Sans disagrees with fixtures/checks/rules.yaml ($.rules[0].fonts.ja): give the font"),
        (["--size", "15"], "--size 15 disagrees with fixtures/checks/rules.yaml ($.rules[0].size): give the size"),
    ])
    func optionAgainstRules(option: [String], message: String) throws {
        let result = try CellHeightProcess.run(option + ["--rules", "fixtures/checks/rules.yaml", "fixtures/checks/ui.ndjson"],
                                               in: Self.root)
        #expect(result.status == 64)
        #expect(result.stdoutText.isEmpty)
        #expect(result.stderrText == "cellheight: \(message) in one place "
                + "(the rules, per key and locale, or the command line, for every row)\n")
    }

    @Test("the rules' own values on the command line: the same run as without them")
    func optionAgreeingWithRules() throws {
        // (NDJSON rows: the table's footer names the command line's font, which no row uses here.)
        let plain = try CellHeightProcess.run(["--output", "ndjson", "--rules", "fixtures/checks/rules.yaml", "fixtures/checks/ui.ndjson"],
                                              in: Self.root)
        // (Its widths, 180 and 120 for country.*, are not one value: --width would disagree with one of them.)
        let same = try CellHeightProcess.run(["--output", "ndjson", "--size", "14", "--rules", "fixtures/checks/rules.yaml",
                                              "fixtures/checks/ui.ndjson"], in: Self.root)
        #expect(same.status == 1)
        #expect(same.stderrText.hasSuffix("cellheight: 5 of 8 rows over budget\n"))
        #expect(same.stdoutText == plain.stdoutText && same.stderrText == plain.stderrText)
    }

    @Test("an option the rules leave alone applies to every row; a locale font conflicts with --font")
    func optionBesideRules() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("rules:\n  - {keys: \"*\", maxLines: 1, fonts: {ja: Noto Sans CJK JP}}\n".utf8)
            .write(to: URL(fileURLWithPath: "\(directory)/rules.yaml"))
        // No rule sets a width: --width 50 is every row's, and "Create Folder" needs two lines there.
        let result = try CellHeightProcess.run(["--size", "14", "--width", "50", "--rules", "\(directory)/rules.yaml",
                                                "--output", "none", Self.xliff[0]], in: Self.root)
        #expect(result.stderrText.contains("fixtures/catalogs/app/app.de.xlf:31: create_folder [de]: 2 lines > max 1 at 50 px"))
        let font = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--rules", "\(directory)/rules.yaml", Self.xliff[0]],
                                             in: Self.root)
        #expect(font.status == 64)
        #expect(font.stderrText.hasPrefix("cellheight: --font \(TestFonts.dejaVuSans) disagrees with \(directory)/rules.yaml ($.rules[0].fonts.ja): give the font"))
    }

    @Test("several inputs: table and CSV have locale and file columns; plain rows gain file and line")
    func severalInputs() throws {
        let table = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--width", "400"] + Self.xliff,
                                              in: Self.root)
        let lines = table.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("    #  id             locale  file                                 lines  height  text"))
        #expect(lines[1].hasPrefix("    0  select_file    de      fixtures/catalogs/app/app.de.xlf:8"))
        #expect(lines[11].hasPrefix("   10  create_folder  ja      fixtures/catalogs/app/app.ja.xlf:44"))
        // Streamed CSV: its header is written with the first batch, already with the catalog's locale column.
        let input = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: input) }
        try Data("Datei\n".utf8).write(to: URL(fileURLWithPath: "\(input)/a.txt"))
        let csv = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--width", "400", "--output", "csv",
                                             "\(input)/a.txt", Self.xliff[0]], in: Self.root)
        let records = csv.stdoutText.split(separator: "\n").map(String.init)
        #expect(records[0] == "index,id,locale,file,line,width,lineCount,height")
        #expect(records[1] == "0,,,\(input)/a.txt,1,400,1,16")
        #expect(records[2] == "1,select_file,de,fixtures/catalogs/app/app.de.xlf,8,160,1,16")
        let ndjson = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--output", "ndjson",
                                                "\(input)/a.txt", "\(input)/a.txt"], in: Self.root)
        #expect(ndjson.stdoutText == """
            {"index":0,"id":null,"file":"\(input)/a.txt","line":1,"width":320,"lineCount":1,"height":16,"results":[{"size":14,"width":320,"lineCount":1,"height":16}]}
            {"index":1,"id":null,"file":"\(input)/a.txt","line":1,"width":320,"lineCount":1,"height":16,"results":[{"size":14,"width":320,"lineCount":1,"height":16}]}

            """)
    }

    @Test("text rewriting: plain rows show the text as measured")
    func rewrittenText() throws {
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--output", "ndjson",
                                                "--placeholder-string", "Alexandra"], stdin: Array("Öffne %s\n".utf8))
        #expect(result.stdoutText == #"{"index":0,"id":null,"text":"Öffne Alexandra","width":320,"lineCount":1,"height":16,"results":[{"size":14,"width":320,"lineCount":1,"height":16}]}"# + "\n")
    }

    @Test("html at several sizes: each size's violation is listed with its size and marked in its column")
    func htmlSeveralSizes() throws {
        // "Create Folder" (about 97 px at 14 px, 139 px at 20 px) needs more than one line at 50 px in
        // either size: over the 1-line budget at both.
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14,20", "--width", "50",
                                                "--max-lines", "1", "--output", "html", Self.xliff[0]], in: Self.root)
        #expect(result.status == 1)
        let page = result.stdoutText
        #expect(page.contains("<th data-type=\"number\" title=\"sort\">size</th><th data-type=\"number\" title=\"sort\">width</th>"))
        #expect(page.contains("<td>create_folder</td><td>de</td><td data-value=\"14\">14</td><td data-value=\"50\">50</td>"))
        #expect(page.contains("<td>create_folder</td><td>de</td><td data-value=\"20\">20</td><td data-value=\"50\">50</td>"))
    }

    @Test("html: rows over a line budget (not only --max-height) are listed and marked")
    func htmlLineBudget() throws {
        let result = try CellHeightProcess.run(Self.gate + ["--output", "html", Self.xliff[0]], in: Self.root)
        #expect(result.status == 1)
        let page = result.stdoutText
        #expect(page.contains("<table class=\"failing-rows\" id=\"failing-rows\">"))
        #expect(page.contains("<th data-type=\"text\" title=\"sort\">locale</th>"))
        #expect(page.contains("<tr><td data-value=\"5\"><a href=\"#row-5\">#5</a></td><td>create_folder</td><td>de</td>"
                              + "<td data-value=\"50\">50</td><td>1 line</td><td data-value=\"2\">2</td><td data-value=\"1\">+1</td>"))
        #expect(page.contains("<section class=\"row over-budget\" id=\"row-5\">"))
        #expect(page.contains("50 px · 2 lines · 32 px · over the 1-line budget · fits at "))
    }
}
