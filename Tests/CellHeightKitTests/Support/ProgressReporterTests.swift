import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Issue 17: the progress line follows measuring, not only reading (rows are measured as they are read).
@Suite("progress line")
struct ProgressReporterTests {
    /// A reporter on a clock the test moves, writing to `lines`.
    final class Recorder {
        var time = Date(timeIntervalSinceReferenceDate: 0)
        var lines: [String] = []
        func reporter(enabled: Bool = true) -> ProgressReporter {
            ProgressReporter(enabled: enabled, now: { [unowned self] in time }, write: { [unowned self] in lines.append($0) })
        }
        func advance(_ seconds: Double) { time += seconds }
    }

    static let clear = "\r\u{1B}[K"

    @Test("rows measured as they are read: rate and time left from the share read")
    func streaming() {
        let recorder = Recorder()
        let progress = recorder.reporter()
        recorder.advance(2)
        progress.update(rows: 1_000, bytesRead: 250, totalBytes: 1_000)
        // 2 s for a quarter: 6 s left.
        #expect(recorder.lines == [Self.clear + "1000 rows  500 rows/s  25%  ETA 6 s"])
        progress.finish()
        #expect(recorder.lines.last == Self.clear)
    }

    @Test("at most four updates a second, and nothing when off (quiet, or not a terminal)")
    func throttledAndSilent() {
        let recorder = Recorder()
        let progress = recorder.reporter()
        recorder.advance(1)
        progress.update(rows: 10, bytesRead: 10, totalBytes: 100)
        recorder.advance(0.1)
        progress.update(rows: 20, bytesRead: 20, totalBytes: 100)
        #expect(recorder.lines.count == 1)
        recorder.advance(0.2)
        progress.update(rows: 30, bytesRead: 30, totalBytes: 100)
        #expect(recorder.lines.count == 2)

        let off = Recorder()
        let silent = off.reporter(enabled: false)
        off.advance(1)
        silent.update(rows: 10, bytesRead: 10, totalBytes: 100)
        silent.finish()
        #expect(off.lines.isEmpty)
    }

    /// The command line on a terminal (util-linux `script` gives it one): a report written whole at
    /// the end counts rows measured as they are read, with the share of the input read.
    @Test("on a terminal, a table run shows rows measured as they are read")
    func onATerminal() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rows = 5_000
        try Data(try StreamingCommandLineTests.input(rows: rows)).write(to: URL(fileURLWithPath: directory + "/rows.txt"))
        let command = "'\(try CellHeightProcess.executable().path)' --font \(TestFonts.dejaVuSans) rows.txt > table.txt"
        let result = try CellHeightProcess.run(["-qec", command, "/dev/null"], in: directory,
                                               executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(result.status == 0, "\(result.stdoutText)")
        let terminal = result.stdoutText
        // The first batch measured is drawn at once (a first update is never held back).
        #expect(terminal.contains("\(rows) rows  "), "\(terminal.debugDescription)")
        #expect(terminal.contains("100%"), "\(terminal.debugDescription)")
        #expect(!terminal.contains("reading:"), "\(terminal.debugDescription)")
        #expect(try String(contentsOfFile: directory + "/table.txt", encoding: .utf8).hasSuffix("\n"))
    }

    /// Issue 31, item 22: a diagnostic was glued to the progress line (`... ETA 0 s<file>:108001:
    /// ...`); the line is cleared first.
    @Test("on a terminal, diagnostics start a clean line after the progress line")
    func diagnosticsAfterProgress() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 3 MB (three batches); every 25,000th row is too long for one line.
        let rows = (0..<100_000).map { $0 % 25_000 == 24_999 ? "Delete all files in the folder and every folder inside it?" : "Row \($0) ok" }
        try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/rows.txt"))
        let command = "'\(try CellHeightProcess.executable().path)' --font \(TestFonts.dejaVuSans) --max-lines 1 --output none rows.txt"
        let result = try CellHeightProcess.run(["-qec", command, "/dev/null"], in: directory,
                                               executable: URL(fileURLWithPath: "/usr/bin/script"))
        let terminal = result.stdoutText
        let diagnostics = terminal.ranges(of: "rows.txt:")
        #expect(diagnostics.count == 4, "\(terminal.debugDescription.prefix(3000))")
        #expect(terminal.contains(" rows/s"), "no progress line drawn: \(terminal.debugDescription.prefix(3000))")
        for range in diagnostics {
            let before = terminal[..<range.lowerBound]
            #expect(before.isEmpty || before.hasSuffix("\u{1B}[K") || before.unicodeScalars.last == "\n",
                    "glued: \(String(before.suffix(40)).debugDescription)")
        }
    }
}
