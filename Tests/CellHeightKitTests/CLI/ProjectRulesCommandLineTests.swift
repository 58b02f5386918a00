import Foundation
import Testing

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
