import Foundation
import Testing
import CellHeightTestSupport

/// Issue 30 (2): the overflow forecast in the CI gate of a main run (`--forecast de,fr,ja`): the
/// source rows' translations that are likely to break their budget, as warnings in every
/// diagnostics format, failing the run only from `--fail-on-forecast`; rows already translated
/// among the inputs are checked, not forecast, and their translations teach the distribution.
@Suite("command line: the forecast in the gate (--forecast)")
struct GateForecastCommandLineTests {
    static let root = CellHeightProcess.packageRoot.path
    static let source = "fixtures/forecast/antennapod/res/values/strings.xml"
    static let german = "fixtures/forecast/antennapod/res/values-de/strings.xml"
    /// 48 short strings of AntennaPod in DejaVu Sans 16 px, one line at 330 px: every English one
    /// fits (the widest is 328.22 px), so whatever the gate says comes from the forecast.
    static let layout = ["-f", TestFonts.dejaVuSans, "-w", "330", "--max-lines", "1"]

    /// The gate over the English catalog (and `inputs`) with `arguments`, no report.
    static func gate(_ arguments: [String], inputs: [String] = []) throws -> CellHeightProcess.Result {
        try CellHeightProcess.run(layout + ["-o", "none"] + arguments + [source] + inputs, in: root)
    }

    /// The forecast's lines on standard error: (id, locale, probability), in order.
    static func forecasts(_ stderr: String) -> [(id: String, locale: String, probability: Double)] {
        stderr.split(separator: "\n").compactMap { line in
            guard let marker = line.range(of: "]: forecast: "),
                let open = line[..<marker.lowerBound].range(of: " [", options: .backwards),
                let probability = line.split(separator: " ").last.flatMap({ Double($0) })
            else { return nil }
            let id = line[..<open.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            return (id, String(line[open.upperBound..<marker.lowerBound]), probability)
        }
    }

    /// The lines of the forecasts that fail the run (not warnings).
    static func failing(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains("]: forecast: ") && !$0.contains(": warning: ") }
    }

    @Test("warnings in the gate: the forecast subcommand's at --warn-at 0.5, in its order; exit 0")
    func warningsAsTheSubcommand() throws {
        let gate = try Self.gate(["--forecast", "de,fr,ja"])
        #expect(gate.status == 0, "a forecast never fails the run unless asked")
        let warned = gate.stderrText.split(separator: "\n").filter { $0.contains("]: forecast: ") }
        #expect(!warned.isEmpty)
        #expect(warned.allSatisfy { $0.hasPrefix(Self.source + ":") && $0.contains(": warning: ") })
        #expect(warned.contains { $0.hasPrefix(Self.source + ":17: warning: import_ok [de]: forecast: ") })
        let subcommand = try CellHeightProcess.run(
            ["forecast", "--locales", "de,fr,ja", "--warn-at", "0.5"] + Self.layout + ["-o", "csv", Self.source],
            in: Self.root)
        #expect(subcommand.status == 0)
        let expected = Self.forecasts(subcommand.stderrText).map { "\($0.id) \($0.locale) \($0.probability)" }
        let found = Self.forecasts(gate.stderrText).map { "\($0.id) \($0.locale) \($0.probability)" }
        #expect(found.count == 7 && found == expected)
        #expect(gate.stderrText.hasSuffix("cellheight: 0 of 48 rows over budget; forecast (de model:de, fr model:fr, "
                                          + "ja model:ja): 7 of 144 at overflow probability 0.5 or more\n"))
        // --forecast-warn-at 0.85: only the likeliest.
        let likeliest = try Self.gate(["--forecast", "de,fr,ja", "--forecast-warn-at", "0.85"])
        let above = Self.forecasts(likeliest.stderrText)
        #expect(!above.isEmpty && above.count < found.count && above.allSatisfy { $0.probability >= 0.85 })
    }

    /// The main run's report in `format` with `arguments` (`-o FORMAT` after the layout).
    static func report(_ format: String, _ arguments: [String] = []) throws -> CellHeightProcess.Result {
        try CellHeightProcess.run(layout + ["-o", format] + arguments + [source], in: root)
    }

    @Test("the report on standard output: the ranked forecasts in json, ndjson, csv, table, html and svg")
    func inEveryOutputFormat() throws {
        let arguments = ["--forecast", "de,fr,ja", "--fail-on-forecast", "0.85"]
        let json = try Self.report("json", arguments)
        #expect(json.status == 1, "pref_tinted_theme_message [fr] and [de] at 0.89 fail the run")
        let expected = Self.forecasts(json.stderrText).map { "\($0.id) \($0.locale) \($0.probability)" }
        #expect(expected.count == 7)
        #expect(expected.prefix(2) == ["pref_tinted_theme_message fr 0.89", "pref_tinted_theme_message de 0.89"])
        // json: a "forecast" object after "rowCount", its forecasts in the diagnostics' order.
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect((document["rows"] as? [Any])?.count == 48)
        let forecast = try #require(document["forecast"] as? [String: Any])
        #expect(forecast["forecastCount"] as? Int == 144 && forecast["reportedCount"] as? Int == 7)
        #expect(forecast["warnAt"] as? Double == 0.5 && forecast["failAt"] as? Double == 0.85)
        #expect(forecast["failureCount"] as? Int == 2)
        let distributions = try #require(forecast["distributions"] as? [[String: Any]])
        #expect(distributions.map { "\($0["locale"]!) \($0["source"]!)" }
                    == ["de model:de", "fr model:fr", "ja model:ja"])
        let items = try #require(forecast["forecasts"] as? [[String: Any]])
        #expect(items.map { "\($0["id"]!) \($0["locale"]!) \($0["overflowProbability"]!)" } == expected)
        #expect(items.map { $0["rank"] as? Int } == Array(1...7))
        #expect(items.map { $0["fails"] as? Bool } == [true, true] + Array(repeating: false, count: 5))
        #expect(items[0]["file"] as? String == Self.source && items[0]["line"] as? Int == 26)
        let text = json.stdoutText
        #expect(text.range(of: "\"rowCount\":48,\"forecast\":{")?.lowerBound ?? text.endIndex
                < text.range(of: "\"settings\":")?.lowerBound ?? text.startIndex)

        // ndjson: the 48 rows, then a summary line and a line per forecast.
        let ndjson = try Self.report("ndjson", arguments)
        let lines = ndjson.stdoutText.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 48 + 1 + 7)
        #expect(lines.prefix(48).allSatisfy { $0?["kind"] == nil && $0?["lineCount"] as? Int == 1 })
        #expect(lines[48]?["kind"] as? String == "forecastSummary" && lines[48]?["reportedCount"] as? Int == 7)
        #expect(lines.suffix(7).map { "\($0!["id"]!) \($0!["locale"]!) \($0!["overflowProbability"]!)" } == expected)

        // csv: the rows' table unchanged, then after an empty line the forecasts' own.
        let csv = try Self.report("csv", arguments)
        let plain = try Self.report("csv")
        let parts = csv.stdoutText.components(separatedBy: "\n\n")
        #expect(parts.count == 2 && parts[0] + "\n" == plain.stdoutText, "the rows as without --forecast")
        let records = parts.count == 2 ? parts[1].split(separator: "\n") : []
        #expect(records.first?.hasPrefix("rank,id,key,locale,pseudo,basis,width,") == true)
        #expect(records.first?.contains(",overflowProbability,fails,file,line,text") == true)
        let first = "1,pref_tinted_theme_message,pref_tinted_theme_message,fr,false,model,330,1,,1,2,2,1.26,1.61,"
            + "0.89,true,"
        #expect(records.count == 8 && records.dropFirst().first == first + Self.source
                    + ",26,Adapt app colors based on the wallpaper")
        #expect(records.last?.contains(",0.51,false,\(Self.source),8,") == true)

        // table: the rows, then the summary and the ranked forecasts.
        let table = try Self.report("table", arguments).stdoutText
        let plainTable = try Self.report("table").stdoutText
        #expect(table.hasPrefix(plainTable), "the rows as without --forecast")
        let block = table.dropFirst(plainTable.count).split(separator: "\n")
        let summary = "forecast (de model:de, fr model:fr, ja model:ja): 7 of 144 at overflow probability 0.5 or more "
            + "(2 at 0.85 or more fail the check)"
        #expect(block.first.map(String.init) == summary)
        #expect(block.count == 1 + 1 + 7)
        #expect(block.dropFirst(2).first?.hasPrefix("   1  pref_tinted_theme_message ") == true)
        #expect(block.dropFirst(3).first?.hasSuffix("0.89  fails") == true && block.last?.hasSuffix("0.51") == true)

        // html: a ranked table at the top of the page; svg: a bar per forecast below the rows.
        let html = try Self.report("html", arguments).stdoutText
        let section = html.components(separatedBy: "<section class=\"failing forecast\" id=\"forecast\">")
        #expect(section.count == 2 && section[0].contains("<header>") && !section[0].contains("<main>"))
        let body = section.count == 2 ? section[1].components(separatedBy: "</section>")[0] : ""
        #expect(body.components(separatedBy: "<tr title=").count - 1 == 7)
        #expect(body.contains("<tr title=\"\(Self.source):26\"><td>1</td><td>pref_tinted_theme_message</td>"
                              + "<td>fr</td>"))
        let svg = try Self.report("svg", arguments).stdoutText
        let chart = svg.components(separatedBy: "<g class=\"forecast\">")
        #expect(chart.count == 2 && chart.last?.components(separatedBy: "fill=\"#c33\"").count == 8)
        #expect(chart.last?.contains(">1. pref_tinted_theme_message [fr]</text>") == true)
    }

    @Test("a report streamed and the same written whole (to a file) carry the same forecast; the table shows 10")
    func streamedAndWhole() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for format in ["ndjson", "csv"] {
            let file = directory + "/report." + format
            let streamed = try Self.report(format, ["--forecast", "de,fr,ja"])
            let whole = try Self.report(format, ["--forecast", "de,fr,ja", "--output-file", file])
            #expect(streamed.status == 0 && whole.status == 0)
            #expect(streamed.stdout == (try Data(contentsOf: URL(fileURLWithPath: file))), "\(format)")
        }
        // Every forecast (--forecast-warn-at 0): the table shows the first 10 and says where the others are.
        let all = try Self.report("table", ["--forecast", "de,fr,ja", "--forecast-warn-at", "0"]).stdoutText
        #expect(all.contains("): 144 of 144 at overflow probability 0 or more\n"))
        #expect(all.hasSuffix("  10  status_downloading_label        fr        330  1 line       1       1    2"
                              + "         0.26\n(134 more below rank 10: -o json lists all)\n"))
        // Nothing to forecast: the summary alone.
        let none = try CellHeightProcess.run(Self.layout + ["--forecast", "de", Self.german], in: Self.root)
        #expect(none.stdoutText.hasSuffix("\n\nforecast (de model:de): nothing to forecast (no row in the source "
                                          + "language, or untranslated, with a budget and without its translation)\n"))
    }

    @Test("an NDJSON report with its forecast: summarize and --baseline read its rows as without it")
    func ndjsonReadBack() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let withForecast = directory + "/forecast.ndjson", plain = directory + "/plain.ndjson"
        _ = try Self.report("ndjson", ["--forecast", "de,fr", "--output-file", withForecast])
        _ = try Self.report("ndjson", ["--output-file", plain])
        let lines = try String(contentsOfFile: withForecast, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 48 + 1 + 5, "the rows, the summary line, 5 forecasts")
        let summary = try CellHeightProcess.run(["summarize", withForecast], in: Self.root)
        #expect(summary.status == 0, "\(summary.stderrText)")
        #expect(summary.stdout == (try CellHeightProcess.run(["summarize", plain], in: Self.root)).stdout)
        #expect(summary.stdoutText.contains("  330     48 "))
        let baseline = try Self.gate(["--baseline", withForecast])
        #expect(baseline.status == 0, "\(baseline.stderrText)")
        #expect(baseline.stderrText.hasSuffix("baseline: 0 grew, 0 shrank, 0 new, 0 gone\n"))
    }

    @Test("--fail-on-forecast: the forecasts from it fail the run (exit 1), the others stay warnings")
    func failOnForecast() throws {
        let result = try Self.gate(["--forecast", "de,fr", "--fail-on-forecast", "0.8"])
        #expect(result.status == 1)
        let failing = Self.failing(result.stderrText)
        #expect(failing.count == 4, "French and German import_ok and pref_tinted_theme_message: 0.8 to 0.89")
        for line in failing { #expect(Double(line.split(separator: " ").last ?? "") ?? 0 >= 0.8, "\(line)") }
        #expect(Self.forecasts(result.stderrText).count == 5)
        #expect(result.stderrText.hasSuffix("forecast (de model:de, fr model:fr): 5 of 96 at overflow probability 0.5 "
                                            + "or more (4 at 0.8 or more fail the check)\n"))
    }

    @Test("translations among the inputs: checked, not forecast; in part, they teach their locale's distribution")
    func translationsAmongInputs() throws {
        // The whole German catalog: German is checked (its own violations), French forecast.
        let both = try Self.gate(["--forecast", "de,fr"], inputs: [Self.german])
        #expect(both.status == 1, "German rows over budget fail as violations")
        #expect(both.stderrText.contains(Self.german + ":17: import_ok [de]: 2 lines > max 1 at 330 px"))
        #expect(!Self.forecasts(both.stderrText).isEmpty)
        #expect(Self.forecasts(both.stderrText).allSatisfy { $0.locale == "fr" })
        // (German's distribution is its own 44 pairs: those whose translation is the source are left out.)
        #expect(both.stderrText.hasSuffix("forecast (de project:44, fr model:fr): 3 of 48 at overflow probability "
                                          + "0.5 or more\n"), "48 French forecasts, no German one")
        // Thirty of its strings: the other 18 are forecast from the project's own pairs (27 of the 30).
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = try String(contentsOfFile: Self.root + "/" + Self.german, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let entries = lines.indices.filter { lines[$0].contains("<string name=") }
        #expect(entries.count == 48)
        let dropped = Set(entries.dropFirst(30))
        let droppedIDs = Set(dropped.map { String(lines[$0].split(separator: "\"")[1]) })
        lines = lines.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        let partial = directory + "/values-de/strings.xml"
        try FileManager.default.createDirectory(atPath: directory + "/values-de", withIntermediateDirectories: true)
        try lines.joined(separator: "\n").write(toFile: partial, atomically: true, encoding: .utf8)
        let part = try Self.gate(["--forecast", "de", "--forecast-warn-at", "0"], inputs: [partial])
        #expect(Set(Self.forecasts(part.stderrText).map(\.id)) == droppedIDs, "only the strings German lacks")
        #expect(part.stderrText.hasSuffix("; forecast (de project:27): 18 of 18 at overflow probability 0 or more\n"))
    }

    @Test("a gettext catalog alone: its untranslated entries forecast in its locale, at their lines")
    func untranslatedEntries() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let po = """
            msgid ""
            msgstr ""
            "Language: de\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "Refresh all podcasts"
            msgstr "Alle Podcasts aktualisieren"

            msgid "Mark all episodes as played"
            msgstr ""

            msgid "Settings"
            msgstr "Einstellungen"

            msgid "Download new episodes automatically"
            msgstr ""

            """
        try po.write(toFile: directory + "/de.po", atomically: true, encoding: .utf8)
        let result = try CellHeightProcess.run(
            ["-f", TestFonts.dejaVuSans, "-w", "300", "--max-lines", "1", "-o", "none", "--forecast", "de,fr",
             "--forecast-warn-at", "0", directory + "/de.po"], in: Self.root)
        // (The ids hold spaces: the lines are matched whole.)
        let forecasts = Self.forecasts(result.stderrText)
        #expect(forecasts.count == 2 && forecasts.allSatisfy { $0.locale == "de" })
        let file = directory + "/de.po"
        #expect(result.stderrText.contains(file + ":9: warning: Mark all episodes as played [de]: forecast: "))
        #expect(result.stderrText.contains(file + ":15: warning: Download new episodes automatically [de]: forecast: "))
        #expect(result.stderrText.hasSuffix("; forecast (de model:de, fr model:fr): 2 of 2 at overflow probability 0 "
                                            + "or more\n"), "French has no row to forecast: no source catalog")
    }

    @Test("rules resolved for the target locale: each translation's width, font and budget")
    func rules() throws {
        let catalogs = ["values", "values-de", "values-ja"].map { "fixtures/catalogs/app/res/\($0)/strings.xml" }
        let result = try CellHeightProcess.run(
            ["--rules", "fixtures/catalogs/app/rules.yaml", "-o", "none", "--forecast", "fr,ja", "--forecast-warn-at",
             "0"] + catalogs, in: Self.root)
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.contains {
            $0.contains("select_file [fr]: forecast: ") && $0.contains("budget 1 line at 200 px")
        })
        #expect(lines.contains {
            $0.contains("folder_exists [fr]: forecast: ") && $0.contains("budget 2 lines at 200 px")
        })
        // Japanese is translated but for one string, which alone is forecast.
        #expect(Self.forecasts(result.stderrText).filter { $0.locale == "ja" }.count == 1)
    }

    @Test("at several categories: the forecast at large, the users' default (Mastodon for iOS, rules by text style)")
    func atDefaultCategory() throws {
        let mastodon = "fixtures/catalogs/mastodon-ios"
        let catalogs = ["en", "de"].map { "\(mastodon)/\($0).lproj/Localizable.strings" }
        func forecast(_ categories: String) throws -> [String] {
            let result = try CellHeightProcess.run(
                ["--dynamic-type", categories, "--rules", "\(mastodon)/rules.yaml", "-o", "none", "--forecast", "fr",
                 "--forecast-warn-at", "0.3"] + catalogs, in: Self.root)
            #expect(result.stderrText.contains("; forecast (fr model:fr): "))
            return Self.forecasts(result.stderrText).map { "\($0.id) \($0.locale) \($0.probability)" }
        }
        let all = try forecast("all"), large = try forecast("large"), xSmall = try forecast("xSmall")
        #expect(!all.isEmpty && all == large)
        #expect(xSmall != large, "smaller text, other probabilities")
        #expect(try forecast("xSmall,AX5") == xSmall, "without large, the first category")
    }

    @Test("github: ::warning annotations (::error from --fail-on-forecast)")
    func github() throws {
        let warned = try Self.gate(["--forecast", "de", "--diagnostics", "github"])
        let annotations = warned.stderrText.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(!annotations.isEmpty)
        #expect(annotations.allSatisfy { $0.hasPrefix("::warning file=" + Self.source + ",line=") })
        let importOK = "file=\(Self.source),line=17,title=cellheight%3A import_ok [de]::"
        #expect(annotations.contains { $0.hasPrefix("::warning " + importOK) })
        let failed = try Self.gate(["--forecast", "de", "--fail-on-forecast", "0.8", "--diagnostics", "github"])
        #expect(failed.status == 1)
        #expect(failed.stderrText.contains("::error " + importOK))
    }

    @Test("sarif and gitlab: a warning per forecast in the document; junit: a failed case per failing forecast")
    func documents() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func document(_ name: String) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
        }
        let sarif = try Self.gate(["--forecast", "de", "--diagnostics", "sarif", "--diagnostics-file",
                                   directory + "/gate.sarif"])
        #expect(sarif.status == 0)
        let log = try #require(try document("gate.sarif") as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                == ["violation", "growth", "change", "inputError", "forecast"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == Self.forecasts(sarif.stderrText).count && !results.isEmpty)
        #expect(results.allSatisfy { $0["ruleId"] as? String == "forecast" && $0["level"] as? String == "warning" })

        let gitlab = try Self.gate(["--forecast", "de", "--diagnostics", "gitlab", "--diagnostics-file",
                                    directory + "/gate.json"])
        #expect(gitlab.status == 0)
        let issues = try #require(try document("gate.json") as? [[String: Any]])
        #expect(issues.count == Self.forecasts(gitlab.stderrText).count && !issues.isEmpty)
        #expect(issues.allSatisfy {
            $0["check_name"] as? String == "cellheight/forecast" && $0["severity"] as? String == "minor"
        })

        let junit = try Self.gate(["--forecast", "de", "--fail-on-forecast", "0.8", "--junit-file",
                                   directory + "/gate.xml"])
        #expect(junit.status == 1)
        let xml = try String(contentsOfFile: directory + "/gate.xml", encoding: .utf8)
        #expect(Self.failing(junit.stderrText).count == 2)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 2, "a failed case per failing forecast")
        #expect(xml.contains("name=\"import_ok [de]\""))
    }

    @Test("a project file's options: forecast: [de, fr] is --forecast de,fr")
    func projectFile() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "options:\n  forecast: [de, fr]\n".write(toFile: directory + "/project.yaml", atomically: true,
                                                     encoding: .utf8)
        let result = try Self.gate(["--config", directory + "/project.yaml"])
        #expect(result.stderrText.hasSuffix("; forecast (de model:de, fr model:fr): 5 of 96 at overflow probability "
                                            + "0.5 or more\n"))
    }

    @Test("bad options: one line on stderr and a documented exit code",
          arguments: [
            (["--forecast-warn-at", "0.3"], 64, "--forecast-warn-at needs --forecast LOCALES"),
            (["--fail-on-forecast", "0.9"], 64, "--fail-on-forecast needs --forecast LOCALES"),
            (["--forecast", "de,,fr"], 64, "--forecast must be target locales, comma-separated"),
            (["--forecast", "de", "--fail-on-forecast", "2"], 64, "--fail-on-forecast must be a probability"),
            (["--forecast", "xx"], 64, "no expansion model for locale 'xx' to forecast in "),
            (["--forecast", "de", "--forecast-model", "missing.json"], 66, "missing.json"),
            (["--forecast", "de", "--forecast-model", "fixtures/sample.json"], 78, "not an expansion model"),
            (["--forecast", "de", "--template", "basic-label"], 64, "--forecast cannot be used with --template"),
          ])
    func errors(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Self.gate(arguments)
        #expect(result.status == status)
        #expect(result.stderrText.split(separator: "\n").count == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
    }
}
