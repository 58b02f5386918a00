import Foundation
import Testing
import CellHeightTestSupport

/// Throughput features seen from the command line: `--jobs` and batch-at-a-time output.
@Suite("command line: jobs and streaming")
struct StreamingCommandLineTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// `count` rows of real text (the oracle texts, repeated); 12,000 make about 2.5 MB, so the
    /// input spans several 1 MiB chunks.
    static func input(rows count: Int) throws -> [UInt8] {
        let texts = try OracleCase.loadPublic().map { $0.text.replacingOccurrences(of: "\n", with: " ") }
        var lines: [String] = []
        while lines.count < count { lines += texts }
        return Array((lines.prefix(count).joined(separator: "\n") + "\n").utf8)
    }

    @Test("--jobs 1, 2, 3 and 16 give byte-identical output, in input order", arguments: ["ndjson", "json", "csv"])
    func jobsAreDeterministic(output: String) throws {
        let input = try Self.input(rows: 2_000)
        // 16 workers: more than the cores, and with ndjson fewer slices (of 64 rows) than 8 each.
        let results = try [1, 2, 3, 16].map { jobs in
            try CellHeightProcess.run(["--font", Self.font, "--width", "180,320", "--output", output, "--jobs", String(jobs)],
                                      stdin: input)
        }
        for result in results { #expect(result.status == 0) }
        for result in results.dropFirst() { #expect(result.stdout == results[0].stdout) }
    }

    @Test("streamed CSV spanning several batches has one header and every row once")
    func csvAcrossBatches() throws {
        let input = try Self.input(rows: 12_000)
        let rowCount = input.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let result = try CellHeightProcess.run(["--font", Self.font, "--output", "csv"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.first == "index,id,width,lineCount,height")
        #expect(lines.filter { $0.hasPrefix("index,") }.count == 1)
        #expect(lines.count == rowCount + 1)
        #expect(lines.last?.hasPrefix("\(rowCount - 1),") == true)
    }

    /// A JSON array of several MiB is read in parts (between its elements) and its rows streamed:
    /// every output is the one the same rows give as NDJSON, whose rows are read a line at a time.
    @Test("a JSON array spanning several chunks gives the rows the same text gives as NDJSON",
          arguments: ["ndjson", "json", "csv", "table"])
    func jsonArrayAcrossChunks(output: String) throws {
        let texts = String(decoding: try Self.input(rows: 12_000), as: UTF8.self).split(separator: "\n").map(String.init)
        // Pretty-printed, with objects, ids and strings holding commas and brackets.
        let elements = texts.enumerated().map { n, text -> String in
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\t", with: "\\t")
            return n % 3 == 0 ? "  \"\(escaped)\"" : "  {\"id\": \"r\(n), [x]\", \"text\": \"\(escaped)\"}"
        }
        let json = Array(("[\n" + elements.joined(separator: ",\n") + "\n]\n").utf8)
        let ndjson = Array((elements.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n") + "\n").utf8)
        #expect(json.count > 1 << 20, "the array should span several 1 MiB chunks")
        let arguments = ["--font", Self.font, "--width", "180,320", "--output", output]
        let fromJSON = try CellHeightProcess.run(arguments + ["--format", "json"], stdin: json)
        let fromNDJSON = try CellHeightProcess.run(arguments + ["--format", "ndjson"], stdin: ndjson)
        #expect(fromJSON.status == 0, "\(fromJSON.stderrText)")
        #expect(fromNDJSON.status == 0)
        // Rows differ only in the lines they start on (one per element in both) and the format
        // named in the settings.
        #expect(fromJSON.stdout.count > 10_000)
        #expect(normalized(fromJSON.stdoutText) == normalized(fromNDJSON.stdoutText))
    }

    /// Rows across many batches whose costs differ a lot (long paragraphs, CJK text that needs a
    /// fallback font), some over their budget, in three inputs: the second malformed after more
    /// than 2 MiB of good rows, the third missing. Whatever the number of workers, the output,
    /// the diagnostics (violations in row order, each input's error after its rows' findings)
    /// and the exit status are the ones of `--jobs 1`.
    @Test("batches of uneven rows, violations and input errors come out as with --jobs 1",
          arguments: ["ndjson", "json", "csv"])
    func unevenBatchesKeepTheirOrder(output: String) throws {
        let texts = String(decoding: try Self.input(rows: 12_000), as: UTF8.self).split(separator: "\n").map(String.init)
        let rows = texts.enumerated().map { n, text -> String in
            switch n % 97 {
            case 0: return String(repeating: text + " ", count: 40)
            case 1: return String(repeating: "漢字かな交じり文の行。", count: 1 + n % 7)
            default: return text
            }
        }
        func ndjson(_ rows: [String]) throws -> String {
            try rows.map { String(decoding: try JSONSerialization.data(withJSONObject: ["text": $0]), as: UTF8.self) }
                .joined(separator: "\n") + "\n"
        }
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = directory + "/good.ndjson", bad = directory + "/bad.ndjson"
        try ndjson(rows).write(toFile: good, atomically: true, encoding: .utf8)
        let badText = try ndjson(rows + rows.prefix(1_000)) + "{\"text\": oops}\n" + ndjson(Array(rows.prefix(50)))
        try badText.write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(badText.utf8.count > 2 << 20, "the error should come after two batches")
        let arguments = ["--font", Self.font, "--width", "180,320", "--max-lines", "3", "--output", output,
                         good, bad, directory + "/missing.ndjson"]
        let results = try [1, 2, 3, 16].map { jobs in try CellHeightProcess.run(arguments + ["--jobs", String(jobs)]) }
        let first = results[0]
        #expect(first.status == 65)
        let diagnostics = first.stderrText.split(separator: "\n")
        let violationLines = diagnostics.filter { $0.hasPrefix(good + ":") }.map { Int($0.split(separator: ":")[1])! }
        #expect(violationLines.count > 100 && violationLines == violationLines.sorted())
        let badError = try #require(diagnostics.firstIndex { $0.hasPrefix("cellheight: " + bad) })
        #expect(diagnostics[..<badError].allSatisfy { !$0.hasPrefix("cellheight: ") })
        let missingError = try #require(diagnostics.firstIndex { $0.hasPrefix("cellheight: ") && $0.contains("missing.ndjson") })
        #expect(badError < missingError)
        for result in results.dropFirst() {
            #expect(result.status == first.status)
            #expect(result.stdout == first.stdout)
            #expect(result.stderrText == first.stderrText)
        }
    }

    /// Output with source lines and the input format left out (they differ between formats).
    private func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #""sourceLine":\d+,?"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #""format":"[a-z]+",?"#, with: "", options: .regularExpression)
    }

    @Test("--jobs 0 is a usage error")
    func jobsZero() throws {
        let result = try CellHeightProcess.run(["--jobs", "0"], stdin: Array("x\n".utf8))
        #expect(result.status == 64)
    }
}

/// `cellheight summarize` as the reduce step: results measured in parts merge into the statistics
/// of the whole.
@Suite("command line: summarize")
struct SummarizeCommandLineTests {
    @Test("summarizing the parts' NDJSON gives the whole input's statistics")
    func partsEqualWhole() throws {
        let input = try StreamingCommandLineTests.input(rows: 600)
        let lines = String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let halves = [lines.prefix(250), lines.dropFirst(250)].map { Array(($0.joined(separator: "\n") + "\n").utf8) }
        let arguments = ["--font", StreamingCommandLineTests.font, "--width", "200,320"]
        let directory = NSTemporaryDirectory() + "cellheight-summarize-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var parts: [String] = []
        for (n, half) in halves.enumerated() {
            let result = try CellHeightProcess.run(arguments + ["--output", "ndjson"], stdin: half)
            #expect(result.status == 0)
            let path = directory + "/part\(n).ndjson"
            try result.stdout.write(to: URL(fileURLWithPath: path))
            parts.append(path)
        }
        let summary = try CellHeightProcess.run(["summarize", "--json"] + parts)
        let whole = try CellHeightProcess.run(arguments + ["--output", "json", "--stats"], stdin: input)
        #expect(summary.status == 0 && whole.status == 0)
        // The whole run's JSON has "stats" per width; the summary lists the same numbers per width.
        let wholeStats = try #require(try JSONSerialization.jsonObject(with: whole.stdout) as? [String: Any])
        let summaries = try #require((try JSONSerialization.jsonObject(with: summary.stdout) as? [String: Any])?["summaries"] as? [[String: Any]])
        let stats = try #require(wholeStats["stats"] as? [[String: Any]])
        #expect(summaries.count == 2 && stats.count == 2)
        for (a, b) in zip(summaries, stats) {
            for key in ["count", "min", "max", "median", "p95", "total"] {
                #expect((a[key] as? NSNumber) == (b[key] as? NSNumber), "\(key)")
            }
        }
    }

    @Test("a file that is not cellheight's NDJSON is invalid input (65), naming the line")
    func notResults() throws {
        let result = try CellHeightProcess.run(["summarize"], stdin: Array("{\"height\": 3}\n{\"x\": 1}\n".utf8))
        #expect(result.status == 65)
        #expect(result.stderrText == "cellheight: <stdin>:2: not a cellheight result row (expected \"height\" or \"results\")\n")
    }

    /// Issue 31, item 16: summarize refused a byte order mark and UTF-16, which every other reader
    /// takes, and summed 1e400 into a summary of `null`s with exit 0.
    @Test("summarize takes a byte order mark and UTF-16; a height that is not finite is an error")
    func summarizeEncodingsAndNumbers() throws {
        let row = #"{"index":0,"id":null,"lineCount":1,"height":19}"# + "\n"
        let plain = try CellHeightProcess.run(["summarize", "--json"], stdin: Array(row.utf8))
        #expect(plain.status == 0)
        let encodings: [[UInt8]] = [[0xEF, 0xBB, 0xBF] + Array(row.utf8),
                                    [0xFF, 0xFE] + row.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                                    [0xFE, 0xFF] + row.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }]
        for stdin in encodings {
            let result = try CellHeightProcess.run(["summarize", "--json"], stdin: stdin)
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(result.stdout == plain.stdout)
        }
        let infinite = try CellHeightProcess.run(["summarize"], stdin: Array("{\"height\": 19}\n{\"height\": 1e400}\n".utf8))
        #expect(infinite.status == 65)
        #expect(infinite.stderrText == "cellheight: <stdin>:2: 1e400 is not a finite number of px, 0 or more\n")
    }
}
