@testable import CellHeightEngine
import Foundation
import Testing
@testable import CellHeightKit

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
        request.quiet = true
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
