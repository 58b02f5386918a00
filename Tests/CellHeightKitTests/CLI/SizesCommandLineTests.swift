import Foundation
import Testing
import CellHeightTestSupport

/// Issue 17 (5): several sizes in one run, `--size 14,17,20` (Dynamic Type sizes), as `--width`
/// takes several widths. The oracle is separate runs at one size each: every format must hold
/// exactly what they hold, saying which size each result is for; and each height is checked by hand
/// against DejaVu Sans' normal line height at its size.
@Suite("command line: several sizes in one run")
struct SizesCommandLineTests {
    static let root = CellHeightProcess.packageRoot.path
    static let font = TestFonts.dejaVuSans
    static let sizes = ["14", "17", "20"]
    static let input = "fixtures/sample.json"

    /// DejaVu Sans' `normal` line height at a size: its hhea ascender 1901 and descender 483 of 2048
    /// units (TestFonts' table), each scaled and rounded to whole px (gap 0): 13 + 3 at 14 px,
    /// 16 + 4 at 17, 19 + 5 at 20.
    static func normalLineHeight(_ size: Double) -> Double {
        (1901 * size / 2048).rounded() + (483 * size / 2048).rounded()
    }

    static func run(_ arguments: [String], status: Int32 = 0) throws -> CellHeightProcess.Result {
        let result = try CellHeightProcess.run(arguments, in: root)
        #expect(result.status == status, "\(arguments): \(result.stderrText)")
        return result
    }

    static func json(_ result: CellHeightProcess.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    @Test("JSON: each row's results are the single-size runs' results at each size and width, each with its size")
    func jsonMatchesSingleSizeRuns() throws {
        let widths = ["160", "320"]
        let common = ["--font", Self.font, "--width", widths.joined(separator: ","), "--stats", "--output", "json", Self.input]
        let several = try Self.json(try Self.run(["--size", "14,17px,20"] + common))
        let rows = try #require(several["rows"] as? [[String: Any]])
        let totals = try #require(several["totals"] as? [[String: Any]])
        let stats = try #require(several["stats"] as? [[String: Any]])
        #expect(rows.count == 5 && totals.count == 6 && stats.count == 6)
        for (sizeIndex, size) in Self.sizes.enumerated() {
            let single = try Self.json(try Self.run(["--size", size] + common))
            let singleRows = try #require(single["rows"] as? [[String: Any]])
            #expect(singleRows.count == rows.count)
            for (row, singleRow) in zip(rows, singleRows) {
                #expect(row["id"] as? String == singleRow["id"] as? String)
                let results = try #require(row["results"] as? [[String: Any]])
                let singleResults = try #require(singleRow["results"] as? [[String: Any]])
                for (widthIndex, singleResult) in singleResults.enumerated() {
                    var result = results[sizeIndex * widths.count + widthIndex], expected = singleResult
                    #expect(result.removeValue(forKey: "size") as? Double == Double(size))
                    #expect(expected.removeValue(forKey: "size") as? Double == Double(size))
                    #expect(NSDictionary(dictionary: result) == NSDictionary(dictionary: expected))
                    // By hand: every line of DejaVu Sans text (no fallback here) is the normal line height.
                    let lines = try #require(result["lineCount"] as? Int), height = try #require(result["height"] as? Double)
                    #expect(height == Double(lines) * Self.normalLineHeight(Double(size)!))
                }
            }
            for (widthIndex, expected) in try #require(single["totals"] as? [[String: Any]]).enumerated() {
                var total = totals[sizeIndex * widths.count + widthIndex]
                #expect(total.removeValue(forKey: "size") as? Double == Double(size))
                #expect(NSDictionary(dictionary: total) == NSDictionary(dictionary: expected))
            }
            for (widthIndex, expected) in try #require(single["stats"] as? [[String: Any]]).enumerated() {
                var entry = stats[sizeIndex * widths.count + widthIndex]
                #expect(entry.removeValue(forKey: "size") as? Double == Double(size))
                #expect(NSDictionary(dictionary: entry) == NSDictionary(dictionary: expected))
            }
        }
        let settings = try #require(several["settings"] as? [String: Any])
        #expect(settings["sizes"] as? [Double] == [14, 17, 20])
        #expect(settings["lineHeightsPx"] as? [Double] == [16, 20, 24])
        #expect(settings["size"] == nil && settings["lineHeightPx"] == nil)
    }

    @Test("one width: each row still lists its results, one per size; one size: the output is what it always was")
    func oneWidth() throws {
        let common = ["--font", Self.font, "--width", "160", "--output", "ndjson", Self.input]
        let several = try Self.run(["--size", "14,20"] + common).stdoutText.split(separator: "\n")
        let at14 = try Self.run(["--size", "14"] + common).stdoutText.split(separator: "\n")
        let at20 = try Self.run(["--size", "20"] + common).stdoutText.split(separator: "\n")
        #expect(several.count == 5)
        // Each size's one result, in turn; the row's own members are the first's (with its size).
        func result(_ line: Substring) -> String {
            String(line[line.range(of: ",\"results\":[")!.upperBound...].dropLast(2))
        }
        for (row, (one, other)) in zip(several, zip(at14, at20)) {
            let head = one[..<one.range(of: ",\"width\":160")!.lowerBound]
            let members = one[one.range(of: "\"lineCount\"")!.lowerBound..<one.range(of: ",\"results\"")!.lowerBound]
            #expect(row == head + ",\"size\":14,\"width\":160," + members + ",\"results\":[" + result(one) + "," + result(other) + "]}")
        }
        // One size given as a list of one, with px: the same bytes as ever.
        #expect(try Self.run(["--size", "14px"] + common).stdout == (try Self.run(["--size", "14"] + common).stdout))
        #expect(at14.first == #"{"index":0,"id":"p-en-0004","width":160,"lineCount":2,"height":32,"results":[{"size":14,"width":160,"lineCount":2,"height":32}]}"#)
    }

    @Test("the table: a block per size, each the single-size run's table, under a size line")
    func tableBlocks() throws {
        let common = ["--font", Self.font, "--width", "160,240", "--stats", "--offsets", Self.input]
        let several = try Self.run(["-s", Self.sizes.joined(separator: ",")] + common).stdoutText
        let blocks = try Self.sizes.map { size in "size \(size)px\n" + (try Self.run(["--size", size] + common).stdoutText) }
        #expect(several == blocks.joined(separator: "\n"))
    }

    @Test("CSV: a size column before the width, each record the single-size run's; streamed or not, on any number of threads")
    func csvMatchesSingleSizeRuns() throws {
        let common = ["--font", Self.font, "--width", "160,240", "--output", "csv", Self.input]
        let singles = try Self.sizes.map { size in
            try Self.run(["--size", size] + common).stdoutText.split(separator: "\n").dropFirst().map(String.init)
        }
        // Each size's records, row by row: "index,id,width,..." becomes "index,id,SIZE,width,...".
        var expected = ["index,id,size,width,lineCount,height"]
        for row in 0..<5 {
            for (size, records) in zip(Self.sizes, singles) {
                for record in records.filter({ $0.hasPrefix("\(row),") }) {
                    var fields = record.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    fields.insert(size, at: 2)
                    expected.append(fields.joined(separator: ","))
                }
            }
        }
        for jobs in ["1", "3"] {
            let streamed = try Self.run(["--size", "14,17,20", "--jobs", jobs] + common).stdoutText
            #expect(streamed == expected.joined(separator: "\n") + "\n")
        }
        // Written whole (to a file, with offsets the stream cannot give): the same records, an offset each.
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.run(["--size", "14,17,20", "--output-file", directory + "/out.csv"] + common)
        #expect(try String(contentsOfFile: directory + "/out.csv", encoding: .utf8) == expected.joined(separator: "\n") + "\n")
    }

    @Test("the CI gate checks every size: a violation per size and width naming the size, a row counted once")
    func budgetAtEverySize() throws {
        let common = ["--font", Self.font, "--width", "160", "--max-lines", "2", "--output", "none", Self.input]
        let several = try Self.run(["--size", "14,17"] + common, status: 1).stderrText.split(separator: "\n")
        let at14 = try Self.run(["--size", "14"] + common, status: 1).stderrText.split(separator: "\n")
        let at17 = try Self.run(["--size", "17"] + common, status: 1).stderrText.split(separator: "\n")
        // The single runs' violations (all but their summary lines), row by row, 14 px before 17 px.
        let violations = (at14.dropLast() + at17.dropLast()).sorted { a, b in
            let lineA = Int(a.split(separator: ":")[1])!, lineB = Int(b.split(separator: ":")[1])!
            return lineA != lineB ? lineA < lineB : a.contains("14 px") && b.contains("17 px")
        }
        #expect(Array(several.dropLast()) == violations)
        #expect(violations.contains { $0.contains("(font DejaVu Sans 17 px)") })
        // At 14 px p-pl-0000 and p-ru-0005 need 4 lines (README); a row over budget at either size counts once.
        #expect(at14.last == "cellheight: 2 of 5 rows over budget")
        let rowsOver = Set(violations.map { $0.split(separator: ":")[1] }).count
        #expect(rowsOver >= 2 && violations.count > rowsOver)
        #expect(several.last == "cellheight: \(rowsOver) of 5 rows over budget")
    }

    @Test("baselines are compared by size and width")
    func baselineBySize() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rows = "fixtures/checks/ui.ndjson"
        let changed = directory + "/changed.ndjson"
        let text = try String(contentsOfFile: Self.root + "/" + rows, encoding: .utf8)
        try text.replacingOccurrences(of: "automatisch anpassen", with: "automatisch anhand des Standorts anpassen")
            .write(toFile: changed, atomically: true, encoding: .utf8)
        let common = ["--font", "DejaVu Sans", "--width", "180"]
        // A baseline at 14 and 17 px: timezone.auto grew at each (2 → 3 lines of 16 px, 3 → 4 of 20 px).
        _ = try Self.run(common + ["--size", "14,17", "--output", "json", "--output-file", directory + "/both.json", rows])
        let both = try Self.run(common + ["--size", "14,17", "--baseline", directory + "/both.json", "--output", "none", changed])
        #expect(both.stderrText == """
            \(changed):3: timezone.auto [de]: grew from 2 lines (32 px) to 3 lines (48 px) at 180 px and size 14 px
            \(changed):3: timezone.auto [de]: grew from 3 lines (60 px) to 4 lines (80 px) at 180 px and size 17 px
            cellheight: 8 rows; baseline: 2 grew, 0 shrank, 0 new, 0 gone

            """)
        // A one-size baseline (its size in its settings) compares with that size only.
        _ = try Self.run(common + ["--size", "17", "--output", "json", "--output-file", directory + "/17.json", rows])
        let one = try Self.run(common + ["--size", "14,17", "--baseline", directory + "/17.json", "--output", "none", changed])
        #expect(one.stderrText == """
            \(changed):3: timezone.auto [de]: grew from 3 lines (60 px) to 4 lines (80 px) at 180 px and size 17 px
            cellheight: 8 rows; baseline: 1 grew, 0 shrank, 0 new, 0 gone

            """)
        // A run at one size compares with a several-size baseline's results at its size.
        let single = try Self.run(common + ["--size", "17", "--baseline", directory + "/both.json", "--output", "none", changed])
        #expect(single.stderrText == """
            \(changed):3: timezone.auto [de]: grew from 3 lines (60 px) to 4 lines (80 px) at 180 px
            cellheight: 8 rows; baseline: 1 grew, 0 shrank, 0 new, 0 gone

            """)
        // Nothing in common: the summary says so.
        let none = try Self.run(common + ["--size", "15,16", "--baseline", directory + "/both.json", "--output", "none", rows])
        #expect(none.stderrText == "cellheight: 8 rows; baseline: 0 grew, 0 shrank, 0 new, 0 gone (no size and width in common with the baseline)\n")
    }

    @Test("summarize merges several sizes' NDJSON results per size and width")
    func summarizeBySize() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let parts = try Self.run(["--font", Self.font, "--size", "14,20", "--width", "160", "--output", "ndjson", Self.input])
        try parts.stdout.write(to: URL(fileURLWithPath: directory + "/parts.ndjson"))
        let summary = try Self.run(["summarize", "--json", directory + "/parts.ndjson"])
        // Totals as the JSON report's, per size: 224 at 14 px (README), and each size's own run's.
        let at20 = try Self.json(try Self.run(["--font", Self.font, "--size", "20", "--width", "160", "--output", "json", Self.input]))
        let entries = try #require((try JSONSerialization.jsonObject(with: summary.stdout) as? [String: Any])?["summaries"] as? [[String: Any]])
        #expect(entries.map { $0["size"] as? Double } == [14, 20])
        #expect(entries.map { $0["total"] as? Double } == [224, at20["totalHeight"] as? Double])
        let table = try Self.run(["summarize", directory + "/parts.ndjson"]).stdoutText
        #expect(table.hasPrefix("size  width  count"))
    }

    @Test("html and svg: a column per size and width, captions and the summary naming the size")
    func drawnReports() throws {
        let common = ["--font", Self.font, "--size", "14,20", "--width", "160", Self.input]
        let html = try Self.run(common + ["--output", "html"]).stdoutText
        #expect(html.contains("<dt>sizes</dt><dd>14, 20 px</dd>"))
        #expect(html.contains("<dt>line heights</dt><dd>normal (16, 24 px)</dd>"))
        #expect(html.contains("<thead><tr><th>size</th><th>width</th>"))
        #expect(html.contains("Row heights at size 20 px, 160 px"))
        // Each size's text in its own class with its size: .f0 14 px, .f1 20 px.
        #expect(html.contains(".f0 { font: 14px/normal \"cellheight-0\"; }") && html.contains(".f1 { font: 20px/normal \"cellheight-0\"; }"))
        // p-en-0004 at 14 px and 160 px: 2 lines of 16 px (README).
        #expect(html.contains("<figcaption>size 14 px · 160 px · 2 lines · 32 px</figcaption>"))
        let svg = try Self.run(common + ["--output", "svg"]).stdoutText
        #expect(svg.contains("DejaVu Sans 14, 20 px, line height normal · width 160 px"))
        #expect(svg.contains(">size 14 px · 160 px · 2 lines · 32 px</text>"))
        #expect(svg.contains(".f1 { font-family: \"cellheight-0\", \"DejaVu Sans\"; font-size: 20px; }"))
    }

    @Test("sizes that would be replaced are errors: a rule's, a row's, a template's labels'; a bad list too")
    func conflicts() throws {
        let rules = try Self.run(["--size", "14,17", "--rules", "fixtures/checks/rules.yaml", "fixtures/checks/ui.ndjson"], status: 64)
        #expect(rules.stderrText == "cellheight: --size with several sizes cannot be used with rules that set a size (fixtures/checks/rules.yaml: $.rules[0].size): it would replace every size\n")
        let row = try CellHeightProcess.run(["--size", "14,17", "--format", "ndjson"], stdin: Array("{\"text\":\"a\",\"size\":12}\n".utf8), in: Self.root)
        #expect(row.status == 65)
        #expect(row.stderrText == "cellheight: <stdin>:1: \"size\" cannot be used with several --size values: it would replace every size\n")
        let template = try Self.run(["--size", "14,17", "--template", "fixtures/templates/basic-label.json", "fixtures/templates/basic-label.rows.jsonl"], status: 64)
        #expect(template.stderrText == "cellheight: --size cannot be used with --template: the template describes the cell\n")
        for list in ["14,", "14,,17", "0,14", "14,abc"] {
            let bad = try Self.run(["--size", list, "fixtures/sample.txt"], status: 64)
            #expect(bad.stderrText == "cellheight: --size must be one or more numbers of px above 0 and at most 10000, comma-separated, got '\(list)'\n")
        }
    }
}
