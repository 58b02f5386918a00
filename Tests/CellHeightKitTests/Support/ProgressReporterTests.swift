import Foundation
import Testing
@testable import CellHeightKit

/// Issue 17: the progress line follows measuring, not only reading, and its time left comes from
/// the stage it reports.
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

    @Test("reading before measuring shows no time left, even when all is read")
    func reading() {
        let recorder = Recorder()
        let progress = recorder.reporter()
        recorder.advance(1)
        progress.updateReading(rows: 5_000, bytesRead: 1_000, totalBytes: 1_000)
        #expect(recorder.lines == [Self.clear + "reading: 5000 rows  100%"])
    }

    @Test("measuring after reading: the time left counts from the start of measuring")
    func measuring() {
        let recorder = Recorder()
        let reading = recorder.reporter()
        recorder.advance(10)  // a slow read does not make measuring look slower
        reading.updateReading(rows: 4_000, bytesRead: 100, totalBytes: 100)
        reading.finish()
        let measuring = recorder.reporter()
        recorder.advance(2)
        measuring.updateMeasuring(rows: 1_000, of: 4_000)
        recorder.advance(4)
        measuring.updateMeasuring(rows: 3_000, of: 4_000)
        #expect(recorder.lines.suffix(2) == [Self.clear + "measuring: 1000 of 4000 rows  500 rows/s  25%  ETA 6 s",
                                             Self.clear + "measuring: 3000 of 4000 rows  500 rows/s  75%  ETA 2 s"])
    }

    @Test("at most four updates a second, and nothing when off (quiet, or not a terminal)")
    func throttledAndSilent() {
        let recorder = Recorder()
        let progress = recorder.reporter()
        recorder.advance(1)
        progress.updateMeasuring(rows: 10, of: 100)
        recorder.advance(0.1)
        progress.updateMeasuring(rows: 20, of: 100)
        #expect(recorder.lines.count == 1)
        recorder.advance(0.2)
        progress.updateMeasuring(rows: 30, of: 100)
        #expect(recorder.lines.count == 2)

        let off = Recorder()
        let silent = off.reporter(enabled: false)
        off.advance(1)
        silent.updateMeasuring(rows: 10, of: 100)
        silent.finish()
        #expect(off.lines.isEmpty)
    }

    /// The command line on a terminal (util-linux `script` gives it one): a report written whole at
    /// the end counts rows read, then rows measured of the total.
    @Test("on a terminal, a table run shows reading, then measuring of the total")
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
        #expect(terminal.contains("reading: \(rows) rows  100%"), "\(terminal.debugDescription)")
        // The first slice measured is drawn at once (a first update is never held back).
        #expect(terminal.contains("measuring: \(ProgressReporterTests.sliceRows) of \(rows) rows  "), "\(terminal.debugDescription)")
        #expect(try String(contentsOfFile: directory + "/table.txt", encoding: .utf8).hasSuffix("\n"))
    }

    static let sliceRows = HeightRun.measuringSliceRows
}
