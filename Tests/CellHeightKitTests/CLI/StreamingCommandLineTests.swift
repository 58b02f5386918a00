import Foundation
import Testing

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

    @Test("--jobs 1, 2 and 3 give byte-identical output, in input order", arguments: ["ndjson", "json", "csv"])
    func jobsAreDeterministic(output: String) throws {
        let input = try Self.input(rows: 2_000)
        let results = try [1, 2, 3].map { jobs in
            try CellHeightProcess.run(["--font", Self.font, "--width", "180,320", "--output", output, "--jobs", String(jobs)],
                                      stdin: input)
        }
        for result in results { #expect(result.status == 0) }
        #expect(results[1].stdout == results[0].stdout)
        #expect(results[2].stdout == results[0].stdout)
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

    @Test("--jobs 0 is a usage error")
    func jobsZero() throws {
        let result = try CellHeightProcess.run(["--jobs", "0"], stdin: Array("x\n".utf8))
        #expect(result.status == 64)
    }
}
