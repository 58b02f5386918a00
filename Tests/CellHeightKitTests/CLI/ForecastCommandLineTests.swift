import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Issue 30: `cellheight forecast` from the command line: its outputs, its warnings in the CI gate
/// (failing only when asked), its errors, and `forecast learn`.
@Suite("command line: forecast")
struct ForecastCommandLineTests {
    static let root = CellHeightProcess.packageRoot.path
    static let source = "fixtures/forecast/antennapod/res/values/strings.xml"
    static let base = [
        "forecast", "--model", "data/expansion-model.json", "-f", TestFonts.dejaVuSans, "-w", "160", "--max-lines", "1",
    ]

    @Test("json: the model, the distributions, the forecasts ranked, and the scores")
    func json() throws {
        let result = try CellHeightProcess.run(
            Self.base + [
                "--locales", "de,fr", "--pseudo", "expand:1.4", "-o", "json", "--top", "5",
                "--score-against", "fixtures/forecast/antennapod/res/values-de/strings.xml",
                "--warn-at", "1", Self.source,
            ], in: Self.root)
        #expect(result.status == 0)
        let document = try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(document["forecastCount"] as? Int == 48 * 3)
        let forecasts = try #require(document["forecasts"] as? [[String: Any]])
        #expect(forecasts.map { $0["rank"] as? Int } == [1, 2, 3, 4, 5])
        let first = forecasts[0]
        #expect(first["overflowProbability"] as? Double == 1)
        #expect(first["file"] as? String == Self.source)
        #expect((first["budget"] as? [String: Any])?["maxLines"] as? Int == 1)
        let scores = try #require(document["scores"] as? [[String: Any]])
        #expect(scores.map { "\($0["locale"]!) \($0["predictor"]!)" } == ["de forecast", "de expand:1.4"])
        #expect((document["model"] as? [String: Any])?["referenceFont"] as? String == "DejaVu Sans")
    }

    @Test("html and svg: the ranked forecasts drawn, a bar per forecast as long as its probability")
    func drawnReports() throws {
        let arguments = ["--locales", "de,fr", "--top", "6", "--warn-at", "1"]
        let json = try CellHeightProcess.run(Self.base + arguments + ["-o", "json", Self.source], in: Self.root)
        let document = try #require(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let forecasts = try #require(document["forecasts"] as? [[String: Any]])
        #expect(forecasts.count == 6)
        let html = try CellHeightProcess.run(Self.base + arguments + ["-o", "html", Self.source], in: Self.root)
        #expect(html.status == 0)
        let page = html.stdoutText
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(page.components(separatedBy: "<tr><td class=\"n\">").count - 1 == 6, "one row a forecast")
        #expect(page.contains("<p>96 forecasts, most likely to overflow first (the first 6 shown).</p>"))
        for forecast in forecasts {
            let id = try #require(forecast["id"] as? String), locale = try #require(forecast["locale"] as? String)
            #expect(page.contains("<td>\(id)</td><td>\(locale)</td>"))
        }
        #expect(!page.contains("<script"), "no script in the page")
        let svg = try CellHeightProcess.run(Self.base + arguments + ["-o", "svg", Self.source], in: Self.root)
        #expect(svg.status == 0)
        // Well-formed XML, with a bar per forecast `overflowProbability` x 300 px long.
        final class Bars: NSObject, XMLParserDelegate {
            var widths: [Double] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "rect", let width = attributes["width"].flatMap(Double.init) { widths.append(width) }
            }
        }
        let parser = XMLParser(data: svg.stdout), bars = Bars()
        parser.delegate = bars
        #expect(parser.parse(), "the chart is well-formed XML")
        let probabilities = forecasts.compactMap { $0["overflowProbability"] as? Double }
        #expect(bars.widths.count == 6)
        for (width, probability) in zip(bars.widths, probabilities) {
            #expect(abs(width - probability * 300) <= 1.5, "a bar \(width) px for \(probability)")
        }
    }

    @Test("ndjson: one forecast a line, then the scores; csv: a header and one forecast a record")
    func lines() throws {
        let ndjson = try CellHeightProcess.run(
            Self.base + ["--locales", "de", "-o", "ndjson", "--warn-at", "1", Self.source], in: Self.root)
        let records = ndjson.stdoutText.split(separator: "\n")
        #expect(records.count == 48)
        #expect(records.allSatisfy { $0.hasPrefix(#"{"kind":"forecast","rank":"#) })
        let csv = try CellHeightProcess.run(
            Self.base + ["--locales", "de", "-o", "csv", "--top", "2", "--warn-at", "1", Self.source],
            in: Self.root)
        let csvLines = csv.stdoutText.split(separator: "\n")
        #expect(csvLines.count == 3)
        #expect(
            csvLines[0] == "rank,id,key,locale,pseudo,basis,width,maxLines,maxHeight,sourceLines,medianLines,p90Lines,"
                + "medianRatio,p90Ratio,overflowProbability,file,line,text")
        #expect(csvLines[1].hasPrefix("1,"))
    }

    @Test("the table: ranked, the rows below --top counted, the distributions named")
    func table() throws {
        let result = try CellHeightProcess.run(
            Self.base + ["--locales", "de", "--top", "3", "--warn-at", "1", Self.source], in: Self.root)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("rank  id"))
        #expect(lines[0].hasSuffix("P(overflow)"))
        #expect(lines[1].hasPrefix("   1  "))
        #expect(lines[4] == "(45 more below rank 3: --top 0 shows all)")
        #expect(lines[5] == "distributions: de model:de")
    }

    @Test("warnings on stderr at --warn-at; a run fails (exit 1) only with --fail-on-forecast")
    func gate() throws {
        let warned = try CellHeightProcess.run(
            Self.base + ["--locales", "de", "-o", "csv", "--warn-at", "0.5", Self.source], in: Self.root)
        #expect(warned.status == 0)
        let warnings = warned.stderrText.split(separator: "\n")
        #expect(!warnings.isEmpty && warnings.allSatisfy { $0.hasPrefix(Self.source + ":") })
        #expect(warnings.allSatisfy { $0.contains(": warning: ") })
        #expect(
            warnings.contains {
                $0.contains("import_ok [de]: forecast: ")
                    && $0.contains("budget 1 line at 160 px: overflow probability 1")
            })
        let failed = try CellHeightProcess.run(
            Self.base + ["--locales", "de", "-o", "csv", "--fail-on-forecast", "0.9", Self.source],
            in: Self.root)
        #expect(failed.status == 1)
        #expect(
            failed.stderrText.hasSuffix(
                "cellheight: 8 of 48 forecasts at overflow probability 0.9 or more (--fail-on-forecast)\n"))
        #expect(
            failed.stderrText.split(separator: "\n").contains {
                $0.hasPrefix(Self.source + ":") && $0.contains("[de]: forecast: ")
            })
        let github = try CellHeightProcess.run(
            Self.base + ["--locales", "de", "-o", "csv", "--diagnostics", "github", Self.source],
            in: Self.root)
        #expect(github.stderrText.split(separator: "\n").allSatisfy { $0.hasPrefix("::warning file=") })
    }

    @Test(
        "bad input: one line on stderr and a documented exit code",
        arguments: [
            (["--locales", "de", "--pseudo", "XA"], 64, "--pseudo must be"),
            (["--locales", "xx"], 64, "no expansion model for locale 'xx'"),
            (["--locales", "de", "--fail-on-forecast", "2"], 64, "--fail-on-forecast must be a probability"),
            (["--locales", "de", "-o", "none"], 64, "--output must be table, json, ndjson, csv, html or svg"),
            (["--locales", "de", "--model", "missing.json"], 66, "missing.json"),
            (["--locales", "de", "--model", "fixtures/sample.json"], 78, "not an expansion model"),
        ])
    func errors(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try CellHeightProcess.run(Self.base + arguments + [Self.source], in: Self.root)
        #expect(result.status == status)
        #expect(result.stderrText.split(separator: "\n").count == 1)
        #expect(result.stderrText.contains(message))
        #expect(result.stdout.isEmpty)
    }

    @Test("no budget for any string: exit 64 with what to give")
    func noBudget() throws {
        let result = try CellHeightProcess.run(
            ["forecast", "--model", "data/expansion-model.json", "--locales", "de", Self.source], in: Self.root)
        #expect(result.status == 64)
        #expect(
            result.stderrText
                == "cellheight: no string has a budget: give --max-lines, --max-height "
                + "or --rules with maxLines or maxHeight\n"
        )
    }

    @Test("rules are resolved for the target locale: its budget, width and font (ja in Noto Sans CJK JP)")
    func rulesPerTargetLocale() throws {
        let result = try CellHeightProcess.run(
            [
                "forecast", "--model", "data/expansion-model.json", "--rules", "fixtures/catalogs/app/rules.yaml",
                "--locales", "de,ja", "-o", "ndjson", "--warn-at", "1", "fixtures/catalogs/app/res/values/strings.xml",
            ],
            in: Self.root)
        #expect(result.status == 0)
        let records = try result.stdout.split(separator: UInt8(ascii: "\n")).map {
            try #require(JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
        }
        func record(_ id: String, _ locale: String) throws -> [String: Any] {
            try #require(records.first { $0["id"] as? String == id && $0["locale"] as? String == locale })
        }
        // select_file: one line at 200 px; folder_exists: two (the rules' keys), both locales.
        for locale in ["de", "ja"] {
            #expect((try record("select_file", locale)["budget"] as? [String: Any])?["maxLines"] as? Int == 1)
            #expect((try record("folder_exists", locale)["budget"] as? [String: Any])?["maxLines"] as? Int == 2)
            #expect(try record("select_file", locale)["width"] as? Double == 200)
        }
        // The source is measured in the font the translation will have: 14 px DejaVu Sans for de,
        // Noto Sans CJK JP for ja.
        func sourceWidth(_ locale: String) throws -> Double {
            try #require((try record("select_file", locale)["source"] as? [String: Any])?["width"] as? Double)
        }
        let dejaVu = try TestFonts.engine(TestFonts.dejaVuSans, size: 14)
        let noto = try TestFonts.engine(TestFonts.notoSansCJK, size: 14)
        #expect(abs(try sourceWidth("de") - OverflowForecaster.renderedWidth("Select a File", engine: dejaVu)) < 0.006)
        #expect(abs(try sourceWidth("ja") - OverflowForecaster.renderedWidth("Select a File", engine: noto)) < 0.006)
        #expect(try sourceWidth("de") != sourceWidth("ja"))
    }

    @Test("forecast learn: a model from a folder of gettext catalogs, read back by the forecast")
    func learn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("learn-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for locale in ["de", "ru"] {
            try FileManager.default.createDirectory(
                atPath: folder + "/\(locale)/LC_MESSAGES", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Self.root + "/fixtures/catalogs/gtk30.\(locale).mo",
                toPath: folder + "/\(locale)/LC_MESSAGES/gtk30.mo")
        }
        let model = folder + "/model.json"
        let result = try CellHeightProcess.run(
            [
                "forecast", "learn", "--output", model, "--locale-dir", folder, "--min-pairs", "20",
                "-f", TestFonts.dejaVuSans,
            ], in: Self.root)
        #expect(result.status == 0)
        let learned = try ExpansionModel(contentsOf: model)
        #expect(Set(learned.locales.keys) == ["de", "ru"])
        #expect(learned.provenance.contains("from 2 gettext catalogs under \(folder)"))
        // German GTK strings are wider than their English: the median ratio is above 1.
        #expect(learned.locales["de"]!.all.ratio(at: 0.5) > 1)
        let forecast = try CellHeightProcess.run(
            Self.base.filter { $0 != "data/expansion-model.json" && $0 != "--model" }
                + ["--model", model, "--locales", "ru", "--warn-at", "1", Self.source], in: Self.root)
        #expect(forecast.status == 0)
        #expect(forecast.stdoutText.contains("distributions: ru model:ru"))
    }
}
