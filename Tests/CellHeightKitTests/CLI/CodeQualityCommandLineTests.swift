import Foundation
import Testing
import CellHeightTestSupport

/// Issue 29: `--diagnostics sarif` (GitHub code scanning) and `--diagnostics gitlab` (GitLab code
/// quality) write every diagnostic of the gate to `--diagnostics-file`, with the text lines on
/// standard error as with junit.
@Suite("command line: SARIF and GitLab code quality")
struct CodeQualityCommandLineTests {
    static let root = CellHeightProcess.packageRoot.path
    static let catalogs = ["values", "values-de", "values-ja", "values-ru"].map { "fixtures/catalogs/app/res/\($0)/strings.xml" }

    /// Runs the gate over the app's Android catalogs (4 rows over budget) with `format`, and
    /// returns the result and the document it wrote.
    static func gate(_ format: String, extra: [String] = []) throws -> (CellHeightProcess.Result, Any) {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/report.json"
        let result = try CellHeightProcess.run(["--rules", "fixtures/catalogs/app/rules.yaml", "--output", "none",
                                                "--diagnostics", format, "--diagnostics-file", file] + extra + catalogs, in: root)
        let document = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: file)))
        return (result, document)
    }

    @Test("sarif: one result per row over budget, at its file and line, level error, rules and the tool's version")
    func sarif() throws {
        let (result, document) = try Self.gate("sarif")
        #expect(result.status == 1)
        #expect(result.stderrText.hasSuffix("cellheight: 4 of 39 rows over budget\n"))
        #expect(result.stderrText.contains("fixtures/catalogs/app/res/values-de/strings.xml:5: folder_exists [de]: 3 lines > max 2"))
        let log = try #require(document as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "cellheight" && driver["version"] as? String == "0.3.0")
        let ruleIDs = (driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ruleIDs == ["violation", "growth", "change", "inputError"])
        // The command line's description names its options (the library's names none: ReportWordingTests).
        let overBudget = ((driver["rules"] as? [[String: Any]])?.first?["shortDescription"] as? [String: Any])?["text"]
        #expect(overBudget as? String
                == "A text needs more lines or height than its budget (rules, --max-lines, --max-height).")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        let first = results[0]
        #expect(first["ruleId"] as? String == "violation" && first["level"] as? String == "error")
        #expect((first["message"] as? [String: Any])?["text"] as? String
                == "folder_exists [de]: 3 lines > max 2 at 200 px (font DejaVu Sans 14 px); fits at 200.43 px")
        let location = try #require(((first["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "fixtures/catalogs/app/res/values-de/strings.xml")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 5)
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["cellheight/v1"] }
        #expect(Set(fingerprints).count == 4 && fingerprints.allSatisfy { $0.count == 64 })
        // The same run, the same fingerprints.
        let (_, again) = try Self.gate("sarif")
        let againResults = (((again as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(againResults.compactMap { ($0["partialFingerprints"] as? [String: String])?["cellheight/v1"] } == fingerprints)
    }

    @Test("gitlab: an array of issues with description, check_name, fingerprint, severity and location")
    func gitlab() throws {
        let (result, document) = try Self.gate("gitlab")
        #expect(result.status == 1)
        let issues = try #require(document as? [[String: Any]])
        #expect(issues.count == 4)
        #expect(issues[0]["check_name"] as? String == "cellheight/violation")
        #expect(issues[0]["severity"] as? String == "major")
        #expect((issues[0]["description"] as? String)?.hasPrefix("folder_exists [de]: 3 lines > max 2 at 200 px") == true)
        let location = try #require(issues[3]["location"] as? [String: Any])
        #expect(location["path"] as? String == "fixtures/catalogs/app/res/values-ru/strings.xml")
        #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 9)
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == 4)
    }

    @Test("an unreadable input is an inputError result; nothing over budget is an empty list")
    func inputErrorsAndNothing() throws {
        let (result, document) = try Self.gate("gitlab", extra: ["missing/strings.xml"])
        #expect(result.status == 66)
        let issues = try #require(document as? [[String: Any]])
        #expect(issues.count == 5)
        #expect(issues.contains { $0["check_name"] as? String == "cellheight/inputError" && ($0["location"] as? [String: Any])?["path"] as? String == "missing/strings.xml" })
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fits = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--max-lines", "3", "--diagnostics", "sarif",
                                              "--diagnostics-file", directory + "/r.sarif"], stdin: Array("Open\n".utf8))
        #expect(fits.status == 0)
        let log = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: directory + "/r.sarif"))) as? [String: Any]
        #expect(((log?["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
    }

    @Test("sarif and gitlab need --diagnostics-file, and it needs them (exit 64)", arguments: [
        (["--diagnostics", "sarif"], "--diagnostics sarif needs --diagnostics-file FILE"),
        (["--diagnostics", "gitlab"], "--diagnostics gitlab needs --diagnostics-file FILE"),
        (["--diagnostics-file", "r.sarif"], "--diagnostics-file needs --diagnostics sarif or gitlab"),
    ])
    func usage(_ arguments: [String], _ message: String) throws {
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans] + arguments, stdin: Array("Open\n".utf8))
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("cellheight: " + message), "\(result.stderrText)")
    }
}
