import Foundation
import Testing
import CellHeightTestSupport

/// Issue 28, frictions 9-11: a rules file that fits a real project's CI: rules by file (globs
/// relative to the rules file), exact keys, rules that match nothing reported, paths relative to
/// the rules file, and the source language's locale.
@Suite("command line: rules for a real project")
struct ProjectRulesCommandLineTests {
    static let font = TestFonts.dejaVuSans

    /// A project as a mobile team keeps it: an Android app and a GTK port, the rules in `ci/`, a
    /// font beside them; the working directory is the project's root.
    static func makeProject() throws -> String {
        let root = try CellHeightProcess.makeDirectory()
        let files = [
            "android/app/src/main/res/values/strings.xml": """
                <resources>
                    <string name="action_sync">Sync now</string>
                    <string name="status_offline">You are offline. Changes will be uploaded when you reconnect.</string>
                </resources>
                """,
            "android/app/src/main/res/values-de/strings.xml": """
                <resources>
                    <string name="action_sync">Jetzt synchronisieren</string>
                    <string name="status_offline">Sie sind offline. Änderungen werden hochgeladen, sobald Sie wieder verbunden sind.</string>
                </resources>
                """,
            "gtk/po/de.po": """
                msgid ""
                msgstr "Language: de\\n"

                msgid "[Read-Only]"
                msgstr "[Schreibgeschützt]"

                msgid "Sync now"
                msgstr "Jetzt synchronisieren"

                """,
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: root + "/ci", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestFonts.dejaVuSans, toPath: root + "/ci/DejaVuSans.ttf")
        return root
    }

    static let catalogs = ["android/app/src/main/res/values/strings.xml", "android/app/src/main/res/values-de/strings.xml", "gtk/po/de.po"]

    @Test("files: globs relative to the rules file pick the Android buttons; key: matches [Read-Only] whole; a font beside the rules")
    func rulesByFile() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try """
            rules:
              - font: DejaVuSans.ttf
                size: 16
                width: 120
              - files: "../android/*/res/values*/strings.xml"
                keys: "action_*"
                maxLines: 1
              - files: ../gtk/po/*.po
                key: "[Read-Only]"
                maxLines: 1
                width: 100
            """.write(toFile: root + "/ci/cellheight.yaml", atomically: true, encoding: .utf8)
        let result = try CellHeightProcess.run(["--rules", "ci/cellheight.yaml", "--output", "none"] + Self.catalogs, in: root)
        #expect(result.status == 1, "\(result.stderrText)")
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        // The German button is 3 lines at 120 px; the GTK "Sync now" has no budget (its file is not Android's).
        #expect(lines[0].hasPrefix("android/app/src/main/res/values-de/strings.xml:2: action_sync [de]: 3 lines > max 1 at 120 px (font DejaVu Sans 16 px)"))
        #expect(lines[1].hasPrefix("gtk/po/de.po:5: [Read-Only] [de]: 2 lines > max 1 at 100 px (font DejaVu Sans 16 px)"))
        #expect(lines.last == "cellheight: 2 of 6 rows over budget")
        #expect(lines.count == 3)
    }

    @Test("a rule that matches no row is reported, one line each, and fails nothing")
    func unmatchedRules() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try """
            rules:
              - keys: "*"
                maxLines: 3
              - keys: "acton_*"
                maxLines: 1
              - files: ../ios/**/*.strings
                locales: [de, fr]
                maxLines: 1
            """.write(toFile: root + "/ci/cellheight.yaml", atomically: true, encoding: .utf8)
        let result = try CellHeightProcess.run(["--rules", "ci/cellheight.yaml", "--font", Self.font, "--width", "320", "--output", "none"]
                                               + Self.catalogs, in: root)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText == """
            ci/cellheight.yaml: warning: $.rules[1] (keys "acton_*") matched no row
            ci/cellheight.yaml: warning: $.rules[2] (files "\(URL(fileURLWithPath: root).standardizedFileURL.path)/ios/**/*.strings", locales ["de", "fr"]) matched no row
            cellheight: 0 of 6 rows over budget

            """)
        let github = try CellHeightProcess.run(["--rules", "ci/cellheight.yaml", "--font", Self.font, "--width", "320", "--output", "none",
                                                "--diagnostics", "github"] + Self.catalogs, in: root)
        #expect(github.stderrText.hasPrefix("::warning file=ci/cellheight.yaml,title=cellheight::$.rules[1] (keys \"acton_*\") matched no row\n"))
    }

    @Test("the source language's rows take sourceLocale (or --source-locale), so that locales: [en] reaches them")
    func sourceLocale() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try """
            sourceLocale: en
            rules:
              - locales: [en]
                maxLines: 1
            """.write(toFile: root + "/ci/cellheight.yaml", atomically: true, encoding: .utf8)
        let english = "android/app/src/main/res/values/strings.xml"
        let result = try CellHeightProcess.run(["--rules", "ci/cellheight.yaml", "--font", Self.font, "--width", "200", "--output", "ndjson",
                                                english], in: root)
        #expect(result.status == 1)
        #expect(result.stderrText.hasPrefix("\(english):3: status_offline [en]: 3 lines > max 1 at 200 px"))
        #expect(result.stdoutText.contains(#""id":"action_sync","key":"action_sync","locale":"en""#))
        // The command line's wins over the rules file's; without either, the rows have no locale and no rule.
        let british = try CellHeightProcess.run(["--rules", "ci/cellheight.yaml", "--font", Self.font, "--width", "200", "--output", "ndjson",
                                                 "--source-locale", "en-GB", english], in: root)
        #expect(british.status == 1)
        #expect(british.stderrText.hasPrefix("\(english):3: status_offline [en-GB]: 3 lines > max 1"))
        try "rules:\n  - locales: [en]\n    maxLines: 1\n".write(toFile: root + "/ci/cellheight.yaml", atomically: true, encoding: .utf8)
        let none = try CellHeightProcess.run(["--rules", "ci/cellheight.yaml", "--font", Self.font, "--width", "200", "--output", "none",
                                              english], in: root)
        #expect(none.status == 0)
        #expect(none.stderrText.hasPrefix("ci/cellheight.yaml: warning: $.rules[0] (locales \"en\") matched no row"))
    }
}

/// Issue 28, frictions 12-13: a JUnit report and GitHub annotations sized for CI.
@Suite("command line: CI reports sized for a real project")
struct CIReportSizeCommandLineTests {
    static let font = TestFonts.dejaVuSans

    /// 30 German labels, 12 of which have a one-line budget (a `maxLines` field), 11 too long.
    static let rows: String = (0..<30).map { index in
        let text = index % 3 == 0 ? "Alle Änderungen an Ordner \(index) verwerfen und die Synchronisierung neu starten" : "Ordner \(index)"
        let budget = index < 12 ? #", "maxLines": 1"# : ""
        return #"{"id": "folder.\#(index)", "locale": "de", "text": "\#(text)"\#(budget)}"#
    }.joined(separator: "\n") + "\n"

    @Test("JUnit: a test case per row with a budget, none for the others; a file without one is one case")
    func junitSize() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.rows.write(toFile: directory + "/labels.ndjson", atomically: true, encoding: .utf8)
        try "Abbrechen\nÖffnen\n".write(toFile: directory + "/plain.txt", atomically: true, encoding: .utf8)
        let result = try CellHeightProcess.run(["--font", Self.font, "--width", "200", "--output", "none", "--junit-file", "junit.xml",
                                                "labels.ndjson", "plain.txt"], in: directory)
        #expect(result.status == 1)
        let xml = try String(contentsOfFile: directory + "/junit.xml", encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="cellheight" tests="13" failures="4" errors="0">"#))
        #expect(xml.contains(#"<testsuite name="labels.ndjson" tests="12" failures="4" errors="0">"#))
        #expect(!xml.contains(#"name="folder.12 [de]""#))
        #expect(xml.contains(#"<testcase classname="plain.txt" name="plain.txt: 2 rows without a budget" file="plain.txt"/>"#))
    }

    @Test("github: 9 worst annotated and one saying how many more; every violation a log line; a step summary table")
    func annotationCap() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 14 rows over a one-line budget: 7 need 3 lines, 7 need 7; the worst are the 7-line ones.
        let rows = (0..<14).map { index in
            let text = index % 2 == 0 ? "Ordner \(index) umbenennen" : "Alle Änderungen an Ordner \(index) verwerfen und neu starten"
            return #"{"id": "f\#(index)", "text": "\#(text)", "maxLines": 1}"#
        }.joined(separator: "\n") + "\n"
        try rows.write(toFile: directory + "/labels.ndjson", atomically: true, encoding: .utf8)
        try "# Earlier step\n".write(toFile: directory + "/summary.md", atomically: true, encoding: .utf8)
        let result = try CellHeightProcess.run(["--font", Self.font, "--width", "90", "--output", "none", "--diagnostics", "github",
                                                "labels.ndjson"], in: directory,
                                               environment: ["GITHUB_STEP_SUMMARY": directory + "/summary.md"])
        #expect(result.status == 1)
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("labels.ndjson:") }.count == 14)
        let annotations = lines.filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 10)
        #expect(annotations.prefix(7).allSatisfy { $0.contains(": 7 lines > max 1") })
        #expect(annotations[7].hasPrefix("::error file=labels.ndjson,line=1,") && annotations[7].contains(": 3 lines > max 1"))
        #expect(annotations.last == "::error file=labels.ndjson,title=cellheight::5 more budget violations, not annotated"
                    + " (GitHub shows 10 per step): see the log or the step summary")
        let summary = try String(contentsOfFile: directory + "/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("# Earlier step\n### cellheight\n\n14 of 14 rows over budget\n\n| Place | Row | Problem |\n|---|---|---|\n"
                                  + "| labels.ndjson:2 | f1 | 7 lines \\> max 1 at 90 px (font DejaVu Sans 16 px); fits at 453 px |\n"))
        #expect(summary.components(separatedBy: "\n| labels.ndjson:").count == 15)
    }
}

/// Issue 28, friction 14: when rules set the font, size or width, every report names what each row was measured with.
@Suite("command line: reports name what rules measured rows with")
struct RuleMeasurementReportTests {
    static let root = CellHeightProcess.packageRoot.path
    static let rules = ["--rules", "fixtures/checks/rules.yaml", "fixtures/checks/ui.ndjson"]

    @Test("json, csv, table, html and svg: each row's font, size and width; settings say what rules set")
    func rowsNameTheirFont() throws {
        let json = try CellHeightProcess.run(Self.rules + ["--output", "json"], in: Self.root)
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let settings = try #require(document["settings"] as? [String: Any])
        #expect(settings["setByRules"] as? [String] == ["font", "size", "width"])
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.map { "\($0["font"]!) \($0["size"]!) \($0["width"]!)" }.last == "Noto Sans CJK JP 14 180")
        let csv = try CellHeightProcess.run(Self.rules + ["--output", "csv"], in: Self.root).stdoutText.split(separator: "\n")
        #expect(csv[0] == "index,id,locale,font,size,width,lineCount,height")
        #expect(csv.last == "7,language.aramaic,ja,Noto Sans CJK JP,14,180,3,60")
        // The table's footer: the fonts the rows used, not the command line's default 16 px.
        let table = try CellHeightProcess.run(Self.rules, in: Self.root).stdoutText
        #expect(table.hasSuffix("""
            font  DejaVu Sans 14px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf  (6 rows)
            font  Noto Sans CJK JP 14px  /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc  (2 rows)

            """))
        let html = try CellHeightProcess.run(Self.rules + ["--output", "html"], in: Self.root).stdoutText
        #expect(html.contains(#"<span class="measured-with">Noto Sans CJK JP 14 px</span>"#))
        let svg = try CellHeightProcess.run(Self.rules + ["--output", "svg"], in: Self.root).stdoutText
        #expect(svg.contains("<title>DejaVu Sans 14 px</title>"))
    }

    @Test("without rules the outputs have none of it")
    func withoutRules() throws {
        let plain = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--output", "ndjson", "fixtures/checks/ui.ndjson"], in: Self.root)
        #expect(!plain.stdoutText.contains(#""font""#))
        let csv = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--output", "csv", "fixtures/checks/ui.ndjson"], in: Self.root)
        #expect(csv.stdoutText.hasPrefix("index,id,locale,width,"))
    }
}
