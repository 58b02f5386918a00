import Foundation
import Testing
import CellHeightTestSupport

/// Issue 30 (1): users' text sizes as sizes of their own: `--text-style` at `--dynamic-type`
/// categories (iOS) and `--size` at `--font-scale`s (Android), in one run, each result naming its
/// category or scale; rules with text styles and budgets by category; a real iOS app's catalogs
/// (an excerpt of Mastodon for iOS) checked at all 12 categories at once.
@Suite("command line: Dynamic Type categories and Android font scales")
struct DynamicTypeCommandLineTests {
    static let font = TestFonts.dejaVuSans
    static let input = "fixtures/sample.json"
    static let mastodon = "fixtures/catalogs/mastodon-ios"
    /// Body's size and leading at xSmall … AX5 (Apple's table, by hand).
    static let body: [(category: String, size: Double, leading: Double)] = [
        ("xSmall", 14, 19), ("small", 15, 20), ("medium", 16, 21), ("large", 17, 22), ("xLarge", 19, 24),
        ("xxLarge", 21, 26), ("xxxLarge", 23, 29), ("AX1", 28, 34), ("AX2", 33, 40), ("AX3", 40, 48),
        ("AX4", 47, 56), ("AX5", 53, 62),
    ]

    @Test("--text-style body --dynamic-type all: 12 results a row, each the run at its size and leading, named")
    func everyCategory() throws {
        let common = ["--font", Self.font, "--width", "200", "--output", "json", "--stats", Self.input]
        let report = try Run.json(try Run.run(["--text-style", "body", "--dynamic-type", "all"] + common))
        let rows = try #require(report["rows"] as? [[String: Any]])
        let stats = try #require(report["stats"] as? [[String: Any]])
        #expect(stats.map { $0["category"] as? String } == Self.body.map(\.category))
        for (index, step) in Self.body.enumerated() {
            // The oracle: a run at the size with the leading as the line height.
            let single = try Run.json(try Run.run(["--size", formatNumber(step.size),
                                                     "--line-height", formatNumber(step.leading) + "px"] + common))
            let singleRows = try #require(single["rows"] as? [[String: Any]])
            for (row, singleRow) in zip(rows, singleRows) {
                let results = try #require(row["results"] as? [[String: Any]])
                #expect(results.count == 12)
                var result = results[index]
                #expect(result.removeValue(forKey: "category") as? String == step.category)
                var expected = try #require((singleRow["results"] as? [[String: Any]])?.first)
                #expect(result.removeValue(forKey: "size") as? Double == step.size)
                expected.removeValue(forKey: "size")
                #expect(NSDictionary(dictionary: result) == NSDictionary(dictionary: expected))
                // By hand: every line is the leading tall.
                #expect(result["height"] as? Double == Double(result["lineCount"] as! Int) * step.leading)
            }
            var entry = stats[index]
            entry.removeValue(forKey: "category")
            entry.removeValue(forKey: "size")
            var singleStats = try #require(single["stats"] as? [String: Any])
            singleStats.removeValue(forKey: "width")
            entry.removeValue(forKey: "width")
            #expect(NSDictionary(dictionary: entry) == NSDictionary(dictionary: singleStats))
        }
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["categories"] as? [String] == Self.body.map(\.category))
        #expect(settings["sizes"] as? [Double] == Self.body.map(\.size))
        #expect(settings["lineHeightsPx"] as? [Double] == Self.body.map(\.leading))
    }

    @Test("ranges and lists of categories; --text-style alone is Large; --line-height given keeps it")
    func rangesAndDefaults() throws {
        let common = ["--font", Self.font, "--width", "200", "--output", "csv", Self.input]
        let listed = try Run.run(["--text-style", "caption2", "--dynamic-type", "xSmall-medium,AX5"] + common)
            .stdoutText
        let lines = listed.split(separator: "\n")
        #expect(lines[0] == "index,id,category,size,width,lineCount,height")
        // Caption 2 is 11 px (leading 13) at xSmall, small and medium: three results alike but their category.
        #expect(lines[1...4].map { $0.split(separator: ",")[2...3].joined(separator: ",") }
                == ["xSmall,11", "small,11", "medium,11", "AX5,40"])
        let large = try Run.run(["--text-style", "headline"] + common).stdoutText
        let first = large.split(separator: "\n")[1].split(separator: ",")
        #expect(first[2...3].joined(separator: ",") == "large,17")
        let keepsArguments = ["--text-style", "body", "--dynamic-type", "AX1", "--line-height", "normal"]
        let keeps = try Run.json(try Run.run(keepsArguments + ["--font", Self.font, "-o", "json", Self.input]))
        #expect((keeps["settings"] as? [String: Any])?["lineHeight"] as? String == "normal")
    }

    @Test("--font-scale: sp scaled as Android 14 does, each result naming its scale; table and HTML say it too")
    func fontScales() throws {
        let common = ["--font", Self.font, "--size", "14", "--width", "160", Self.input]
        let report = try Run.json(try Run.run(["--font-scale", "0.85,1,1.3,2", "-o", "json"] + common))
        let results = try #require((report["rows"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["fontScale"] as? Double } == [0.85, 1, 1.3, 2])
        // By hand: 14 sp × 0.85, then on the 1.3 and 2.0 curves.
        #expect(results.map { $0["size"] as? Double } == [11.9, 14, 18.8, 26])
        let table = try Run.run(["--font-scale", "1.3"] + common).stdoutText
        #expect(table.hasPrefix("font scale 1.3: size 18.8px\n"))
        let html = try Run.run(["--font-scale", "1,2", "-o", "html"] + common).stdoutText
        #expect(html.contains("font scale 2 · size 26 px · 160 px"))
        #expect(html.contains("<dt>font scales</dt><dd>1, 2</dd>"))
    }

    @Test("conflicting or bad options: one line, exit 64")
    func usageErrors() throws {
        let cases: [[String]] = [
            ["--text-style", "body", "--size", "14"], ["--text-style", "huge"], ["--dynamic-type", "AX9"],
            ["--font-scale", "1.3", "--dynamic-type", "all"], ["--font-scale", "0"],
            ["--font-scale", "1.3", "--size", "14,17"],
            ["--dynamic-type", "all", "--template", "fixtures/templates/title-subtitle-body.json"],
        ]
        for arguments in cases {
            let result = try Run.run(arguments + [Self.input], status: 64)
            #expect(result.stderrText.split(separator: "\n").count <= 2, "\(arguments): \(result.stderrText)")
        }
    }

    @Test("Mastodon for iOS at all 12 categories with rules in one run: text styles, budgets by category, named")
    func mastodonAtEveryCategory() throws {
        let catalogs = ["en", "de"].map { "\(Self.mastodon)/\($0).lproj/Localizable.strings" }
        let common = ["--dynamic-type", "all", "--rules", "\(Self.mastodon)/rules.yaml"]
        let gate = try Run.run(common + ["--output", "none"] + catalogs, status: 1)
        let lines = gate.stderrText.split(separator: "\n")
        #expect(lines.last == "cellheight: 9 of 60 rows over budget")
        // A button on one line up to xxxLarge, on two from AX1: German "Stattdessen manuell suchen" breaks
        // from xLarge (19 px, 270.05 px needed), English "Manually search instead" from xxxLarge.
        let search = lines.filter { $0.contains("ManuallySearch [de]") }
        #expect(search.count == 6 && search[0].contains("2 lines > max 1 at 270 px (font DejaVu Sans 19 px at xLarge)"))
        #expect(search.last?.contains("4 lines > max 2 at 270 px (font DejaVu Sans 53 px at AX5)") == true)
        // An alert title in Headline, 4 lines at the accessibility sizes: one German title breaks them at AX5 alone.
        let title = lines.filter { $0.contains("EditProfileFailure.Title [de]") }
        #expect(title.count == 1 && title[0].contains("5 lines > max 4 at 270 px (font DejaVu Sans 53 px at AX5)"))
        // A message in Footnote (44 px at AX5): 8 lines at most there.
        #expect(lines.contains {
            $0.contains("VideoAttachWithPhoto [de]: 9 lines > max 8 at 270 px (font DejaVu Sans 44 px at AX5)")
        })

        let report = try Run.json(try Run.run(common + ["--output", "json"] + catalogs, status: 1))
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.count == 60)
        for row in rows {
            let results = try #require(row["results"] as? [[String: Any]])
            #expect(results.map { $0["category"] as? String } == Self.body.map(\.category))
        }
        // Each row at its rule's text style: a title in Headline (= Body's sizes), a message in Footnote.
        let message = try #require(rows.first { $0["key"] as? String == "Common.Alerts.DeletePost.Message" })
        let sizes = (message["results"] as? [[String: Any]])?.map { $0["size"] as? Double }
        #expect(sizes == [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44])
        // Each result's height is its lines at the style's leading (Footnote's at AX5: 52).
        let ax5 = try #require((message["results"] as? [[String: Any]])?.last)
        #expect(ax5["height"] as? Double == Double(ax5["lineCount"] as! Int) * 52)
    }

    @Test("summarize merges NDJSON by category (text styles give a category's rows other sizes); baselines too")
    func summarizeAndBaselineByCategory() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let english = "\(Self.mastodon)/en.lproj/Localizable.strings"
        let common = ["--dynamic-type", "all", "--rules", "\(Self.mastodon)/rules.yaml"]
        let parts = try Run.run(common + ["-o", "ndjson", english], status: 1)
        try parts.stdout.write(to: URL(fileURLWithPath: directory + "/parts.ndjson"))
        let summary = try Run.json(try Run.run(["summarize", "--json", directory + "/parts.ndjson"]))
        let entries = try #require(summary["summaries"] as? [[String: Any]])
        // One entry per category, as the JSON report's statistics (not one per size: messages are in Footnote).
        let report = try Run.json(try Run.run(common + ["-o", "json", "--stats", english], status: 1))
        let stats = try #require(report["stats"] as? [[String: Any]])
        #expect(entries.map { $0["category"] as? String } == Self.body.map(\.category))
        for (entry, expected) in zip(entries, stats) {
            #expect(entry["count"] as? Int == 30 && entry["size"] == nil)
            #expect(entry["total"] as? Double == expected["total"] as? Double)
            #expect(entry["p95"] as? Double == expected["p95"] as? Double)
        }
        // A baseline of the same run: nothing changed at any category.
        let baseline = URL(fileURLWithPath: directory + "/base.json")
        try Run.run(common + ["-o", "json", english], status: 1).stdout.write(to: baseline)
        let same = try Run.run(common + ["--baseline", directory + "/base.json", "-o", "none", english], status: 1)
        #expect(same.stderrText.hasSuffix(
            "cellheight: 2 of 30 rows over budget; baseline: 0 grew, 0 shrank, 0 new, 0 gone\n"))
    }

    @Test("a project file's options: dynamic-type and font-scale lists are joined as --width's are")
    func projectFileLists() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/.cellheight.yaml"
        try "options:\n  text-style: caption2\n  dynamic-type: [large, AX4-AX5]\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let csv = try Run.run(["--config", config, "--font", Self.font, "-o", "csv", Self.input]).stdoutText
        #expect(csv.split(separator: "\n")[1...3].map { $0.split(separator: ",")[2...3].joined(separator: ",") }
                == ["large,11", "AX4,34", "AX5,40"])
        try "options:\n  size: 14\n  font-scale: [1, 2]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let scaled = try Run.run(["--config", config, "--font", Self.font, "-o", "csv", Self.input]).stdoutText
        #expect(scaled.split(separator: "\n")[1...2].map { $0.split(separator: ",")[2...3].joined(separator: ",") }
                == ["1,14", "2,26"])
    }
}

/// Runs and reads JSON as the several-sizes tests do (from the package root, the status checked).
private typealias Run = SizesCommandLineTests

private func formatNumber(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}
