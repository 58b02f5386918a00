#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A one-line progress display on standard error for long runs: rows done, rows per second, and,
/// when the total is known, the share done and the time left. Silent unless standard error is a
/// terminal (so logs and pipes never see it), and never more than four updates a second.
///
/// A run that measures its rows as it reads them (NDJSON, CSV or `none` to standard output) has
/// one reporter: the share of the input read is the share measured. A run that reads every row
/// before measuring (the other reports) has two: one while reading, which shows no time left
/// (measuring has not started), then a new one while measuring, whose time left comes from the
/// measuring rate alone.
public final class ProgressReporter {
    private let enabled: Bool
    private let now: () -> Date
    private let write: (String) -> Void
    private let start: Date
    private var lastDraw = Date.distantPast
    private var drewSomething = false

    /// `quiet` turns it off even on a terminal. Time is counted from here.
    public convenience init(quiet: Bool) {
        self.init(enabled: !quiet && isatty(STDERR_FILENO) == 1, now: Date.init, write: writeToStandardError)
    }

    /// For tests: a clock and a writer of its own.
    init(enabled: Bool, now: @escaping () -> Date, write: @escaping (String) -> Void) {
        self.enabled = enabled
        self.now = now
        self.write = write
        start = now()
    }

    /// Reports `rows` measured so far, `bytesRead` of `totalBytes` (nil when unknown, as for a
    /// pipe): rows that are measured as they are read.
    public func update(rows: Int, bytesRead: Int, totalBytes: Int?) {
        draw("\(rows) rows", done: rows, fraction: Self.fraction(bytesRead, of: totalBytes))
    }

    /// Reports `rows` read so far, before any is measured: no rate and no time left.
    public func updateReading(rows: Int, bytesRead: Int, totalBytes: Int?) {
        draw("reading: \(rows) rows", done: nil, fraction: Self.fraction(bytesRead, of: totalBytes), showsTimeLeft: false)
    }

    /// Reports `rows` measured of `total`, every row having been read.
    public func updateMeasuring(rows: Int, of total: Int) {
        draw("measuring: \(rows) of \(total) rows", done: rows, fraction: Self.fraction(rows, of: total))
    }

    /// Clears the line, so that what follows on the terminal starts clean.
    public func finish() {
        guard enabled, drewSomething else { return }
        write("\r\u{1B}[K")
    }

    private static func fraction(_ done: Int, of total: Int?) -> Double? {
        guard let total, total > 0 else { return nil }
        return min(Double(done) / Double(total), 1)
    }

    /// Draws `label`, the rate of `done` rows a second, the share done and the time left: the
    /// time so far scaled to the share still to do (shown once 1% is done).
    private func draw(_ label: String, done: Int?, fraction: Double?, showsTimeLeft: Bool = true) {
        guard enabled else { return }
        let now = now()
        guard now.timeIntervalSince(lastDraw) >= 0.25 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        var line = label
        if let done { line += "  \(Int(Double(done) / elapsed)) rows/s" }
        if let fraction {
            line += "  \(Int(fraction * 100))%"
            if showsTimeLeft, fraction > 0.01 { line += "  ETA \(Int((elapsed / fraction - elapsed).rounded())) s" }
        }
        write("\r\u{1B}[K\(line)")
        drewSomething = true
    }
}
