@testable import CellHeightEngine
import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// The pipeline as a Swift program calls it: a request in, a report file and an outcome out.
@Suite("pipeline: HeightRun")
struct HeightRunTests {
    /// A fresh directory with `rows` as `rows.json`.
    static func directory(rows: [String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cellheight-run-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONEncoder().encode(rows).write(to: directory.appendingPathComponent("rows.json"))
        return directory
    }

    static func request(_ directory: URL, widths: [Double]) -> HeightRunRequest {
        // DejaVu Sans 16 px, 19 px lines: "Delete" is 52.57 px, "Delete all" 76.35 px.
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 16, lineHeight: .normal)
        var request = HeightRunRequest(inputs: [directory.appendingPathComponent("rows.json").path], cell: cell, widths: widths)
        request.output = .json
        request.outputFile = directory.appendingPathComponent("out.json").path
        request.jobs = 2
        return request
    }

    @Test("a run writes the report file and counts its rows")
    func report() throws {
        let directory = try Self.directory(rows: ["Delete all", "Delete"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try HeightRun(Self.request(directory, widths: [60])).run()
        #expect(outcome == HeightRunOutcome(rowCount: 2, failureCount: 0))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("out.json")))
        let rows = try #require((report as? [String: Any])?["rows"] as? [[String: Any]])
        #expect(rows.map { $0["lineCount"] as? Int } == [2, 1])
        #expect(rows.map { $0["height"] as? Double } == [38, 19])
    }

    @Test("a row over its budget is a failure in the outcome, not an error")
    func budget() throws {
        let directory = try Self.directory(rows: ["Delete all", "Delete"])
        defer { try? FileManager.default.removeItem(at: directory) }
        var request = Self.request(directory, widths: [60])
        request.budget = Budget(maxLines: 1, maxHeight: nil)
        request.output = .none
        request.outputFile = nil
        #expect(try HeightRun(request).run() == HeightRunOutcome(rowCount: 2, failureCount: 1))
    }

    @Test("issue 15: bad input is in the outcome, with its exit code, and does not end the run")
    func badInput() throws {
        let directory = try Self.directory(rows: [])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("rows.json").path
        try Data("[\"unterminated".utf8).write(to: URL(fileURLWithPath: path))
        let outcome = try HeightRun(Self.request(directory, widths: [60])).run()
        #expect(outcome.inputErrors == [.invalidJSON(source: path, line: 1, column: 15, reason: "unterminated string")])
        #expect(outcome.exitCode == .invalidInput)
        // No input was read: no report.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }

    @Test("settings that cannot go together are a conflict as data, worded without option names")
    func conflicts() throws {
        let directory = try Self.directory(rows: ["Delete"])
        defer { try? FileManager.default.removeItem(at: directory) }
        var padded = Self.request(directory, widths: [150])
        padded.cell.padding = Padding(top: 0, right: 75, bottom: 0, left: 75)
        #expect(throws: CellHeightError.conflict(.paddingLeavesNoRoom(cellWidth: 150, textWidth: 0))) {
            try HeightRun(padded).run()
        }
        var sized = Self.request(directory, widths: [150])
        sized.sizes = [14, 17]
        sized.templateFile = "cell.json"
        #expect(throws: CellHeightError.conflict(.severalSizesWithTemplate(templateFile: "cell.json"))) {
            try HeightRun(sized).run()
        }
        let message = CellHeightError.conflict(.paddingLeavesNoRoom(cellWidth: 150, textWidth: 0)).description
        #expect(message == "the padding leaves no room for the text in a 150 px wide cell (text width 0 px)")
        #expect(CellHeightError.conflict(.severalSizesWithTemplate(templateFile: "cell.json")).exitCode == .usage)
    }
}

/// The run's messages go where the caller says (`HeightRunRequest.messageOutput`): the library
/// writes nothing to standard error or output itself.
@Suite("pipeline: the run's messages")
struct RunMessagesTests {
    /// The messages of a run of `request`, in order.
    static func messages(of request: HeightRunRequest) throws -> String {
        final class Collected: @unchecked Sendable {
            var text = ""
        }
        let collected = Collected()
        var request = request
        request.messageOutput = { collected.text += $0 }
        _ = try HeightRun(request).run()
        return collected.text
    }

    @Test("invalid bytes replaced (lossy input) are a note among the run's messages")
    func replacedBytes() throws {
        let directory = try HeightRunTests.directory(rows: [])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("rows.txt").path
        try Data([0x44, 0x65, 0xFF, 0x6C, 0x0A, 0x44, 0xC3, 0x0A]).write(to: URL(fileURLWithPath: path))
        var request = HeightRunTests.request(directory, widths: [60])
        request.inputs = [path]
        request.lossy = true
        let note = "cellheight: \(path): replaced 2 invalid byte sequence(s) with U+FFFD\n"
        #expect(try Self.messages(of: request) == note)
        // Without a place for them, the run still measures (and writes nothing of them).
        request.messageOutput = { _ in }
        #expect(try HeightRun(request).run() == HeightRunOutcome(rowCount: 2, failureCount: 0))
    }

    @Test("a String Catalog's key given twice is a warning among the run's messages, in every format")
    func repeatedKey() throws {
        let directory = try HeightRunTests.directory(rows: [])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Localizable.xcstrings").path
        let catalog = """
            {"sourceLanguage": "en", "strings": {
              "open": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Open"}}}},
              "open": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Open it"}}}}
            }}
            """
        try Data(catalog.utf8).write(to: URL(fileURLWithPath: path))
        var request = HeightRunTests.request(directory, widths: [60])
        request.inputs = [path]
        let warning = "cellheight: \(path):2: warning: the key \"open\" is given again on line 3; "
            + "the last one is measured\n"
        for format in [DiagnosticsFormat.text, .github] {
            request.diagnostics = format
            #expect(try Self.messages(of: request) == warning)
        }
    }

    @Test("without an output file, the report goes to the caller's reportOutput")
    func reportOutput() throws {
        let directory = try HeightRunTests.directory(rows: ["Delete all", "Delete"])
        defer { try? FileManager.default.removeItem(at: directory) }
        final class Collected: @unchecked Sendable {
            var data = Data()
        }
        let collected = Collected()
        var request = HeightRunTests.request(directory, widths: [60])
        request.output = .csv
        request.outputFile = nil
        request.reportOutput = { collected.data += $0 }
        _ = try HeightRun(request).run()
        #expect(String(decoding: collected.data, as: UTF8.self).split(separator: "\n").count == 3)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }

    /// A reader that stops at its first line (`cellheight rows.txt | head -1`) must find a small
    /// report whole: written in pieces, the writer of the rows after it is cut off, and a script
    /// under `pipefail` fails. So a streamed batch is one write, however many slices measured it.
    @Test("a streamed batch reaches reportOutput in one write, in every streamed format")
    func streamedBatchIsOneWrite() throws {
        let rows = (0..<40).map { "Delete \($0) files from the folder" }
        let directory = try HeightRunTests.directory(rows: rows)
        defer { try? FileManager.default.removeItem(at: directory) }
        final class Writes: @unchecked Sendable {
            var pieces: [Data] = []
        }
        for output in [OutputFormat.ndjson, .csv] {
            let writes = Writes()
            var request = HeightRunTests.request(directory, widths: [60])
            request.output = output
            request.outputFile = nil
            request.reportOutput = { writes.pieces.append($0) }
            _ = try HeightRun(request).run()
            #expect(writes.pieces.count == 1, "\(output): \(writes.pieces.count) writes")
            let lines = String(decoding: writes.pieces.joined(), as: UTF8.self).split(separator: "\n")
            #expect(lines.count == rows.count + (output == .csv ? 1 : 0))
        }
    }

    @Test("a streamed NDJSON batch checked apart holds no cells: the workers freed them; the same text and findings")
    func streamedBatchFreesItsCells() throws {
        // Rows over a budget of one line at 60 px among rows within it, so that there are findings.
        let rows = ["Delete all the files", "Delete"] + (0..<38).map { "Keep \($0)" }
        let directory = try HeightRunTests.directory(rows: rows)
        defer { try? FileManager.default.removeItem(at: directory) }
        var request = HeightRunTests.request(directory, widths: [60])
        request.output = .ndjson
        request.outputFile = nil
        request.reportOutput = { _ in }
        request.budget = Budget(maxLines: 1)
        let plan = try RunPlan(request)
        #expect(plan.checker.checksRowsApart)
        let reader = try StreamingRowReader(path: request.inputs[0], format: .auto, lossy: false, requireText: true)
        let batch = try #require(try reader.nextBatch())
        let kept = try plan.measure(batch, source: "rows.json", rendering: true, keepingCells: true)
        let freed = try plan.measure(batch, source: "rows.json", rendering: true, keepingCells: false)
        #expect(kept.cells.joined().count == rows.count)
        #expect(freed.cells.allSatisfy { $0.isEmpty })
        #expect(freed.texts == kept.texts)
        guard case .checked(let keptFindings) = kept.findings, case .checked(let freedFindings) = freed.findings else {
            Issue.record("rows checked apart should give their findings")
            return
        }
        #expect(freedFindings.map(\.rowsOverBudget) == keptFindings.map(\.rowsOverBudget))
        #expect(freedFindings.map(\.lines) == keptFindings.map(\.lines))
        #expect(keptFindings.map(\.rowsOverBudget).reduce(0, +) > 0, "rows over a one-line budget at 60 px")
    }

    @Test("a json document made from the rows' texts and heights alone is the one made from their cells",
          arguments: [[60.0], [60, 200]])
    func jsonDocumentFromHeights(widths: [Double]) throws {
        // Rows of one to four lines at 60 px, so that the totals and statistics are not all alike.
        let rows = ["Delete all the files", "Delete", "Keep the photos of the trip to the sea", "Télécharger"]
            + (0..<36).map { "Keep \($0) of them" }
        let directory = try HeightRunTests.directory(rows: rows)
        defer { try? FileManager.default.removeItem(at: directory) }
        var request = HeightRunTests.request(directory, widths: widths)
        request.output = .json
        request.outputFile = nil
        request.reportOutput = { _ in }
        request.statistics = true
        let plan = try RunPlan(request)
        let reader = try StreamingRowReader(path: request.inputs[0], format: .auto, lossy: false, requireText: true)
        let batch = try #require(try reader.nextBatch())
        let kept = try plan.measure(batch, source: "rows.json", rendering: true, keepingCells: true)
        let noted = try plan.measure(batch, source: "rows.json", rendering: true, keepingCells: false,
                                     notingHeights: true)
        let heights = try #require(noted.heights)
        #expect(heights.rowCount == rows.count)
        #expect(heights.columns.count == widths.count)
        #expect(Set(heights.columns[0]).count > 2, "rows of several heights at 60 px")
        let fromCells = render(Array(kept.cells.joined()), settings: plan.reportSettings, format: .json,
                               options: plan.reportOptions, renderedRows: kept.texts)
        let fromHeights = String(decoding: renderJSONReport(renderedRows: noted.texts, heights: heights,
                                                            settings: plan.reportSettings, options: plan.reportOptions),
                                 as: UTF8.self)
        #expect(fromHeights == fromCells)
        #expect(fromHeights.contains("\"stats\""))
    }

    /// Lines of the library's sources that would write to the process's standard error or output
    /// (outside the command line, `Sources/cellheight`).
    @Test("the libraries write nothing to standard error or output, nor end the process: only the executable")
    func librariesDoNotWriteToStandardError() throws {
        let sources = CellHeightProcess.packageRoot.appendingPathComponent("Sources")
        let writers = ["FileHandle.standardError", "FileHandle.standardOutput", "print(", "fputs", "stderr",
                       "writeToStandardError", "writeErrorMessage", "isatty", "STDOUT_FILENO", "exit("]
        var found: [String] = []
        for library in ["CellHeightEngine", "CellHeightKit"] {
            let directory = sources.appendingPathComponent(library)
            let files = try #require(FileManager.default.enumerator(atPath: directory.path))
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    // Standard error's descriptor only to silence fontconfig (`FontLocator`), never to write.
                    let writes = writers.contains { code.contains($0) }
                        || (code.contains("STDERR_FILENO") && !code.contains("dup"))
                    if writes { found.append("\(library)/\(file):\(number + 1)") }
                }
            }
        }
        #expect(found == [])
    }
}

/// The "Swift API" example of docs/guide.md, as printed there.
@Suite("pipeline: the guide's Swift API example")
struct SwiftAPIExampleTests {
    @Test("one text, prepared once, laid out at 60 px: 3 lines, 57 px")
    func example() throws {
        let face = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let engine = try TextLayoutEngine(chain: .chromiumDefault(primary: face), fontSize: 16, lineHeight: .normal)
        let layout = engine.layout(engine.prepare("Delete all files?"), width: 60)
        #expect("\(layout.lineCount) \(layout.height)" == "3 57.0")
    }

}
