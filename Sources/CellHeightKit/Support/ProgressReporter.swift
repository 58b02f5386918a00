import Foundation

/// A one-line progress display for long runs: rows done, rows per second, and, when the total is
/// known, the share done and the time left, never more than four updates a second. Drawn where
/// the caller says (the command line: on standard error when it is a terminal, so that logs and
/// pipes never see it).
///
/// Every run measures its rows as it reads them: the share of the input read is the share measured.
package final class ProgressReporter {
    private let enabled: Bool
    private let now: () -> Date
    private let write: (String) -> Void
    private let start: Date
    private var lastDraw = Date.distantPast
    private var drewSomething = false

    /// Draws with `write` (see `HeightRunRequest.progressOutput`); nil draws nothing. Time is
    /// counted from here.
    package convenience init(write: ((String) -> Void)?) {
        self.init(enabled: write != nil, now: Date.init, write: write ?? { _ in })
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
    package func update(rows: Int, bytesRead: Int, totalBytes: Int?) {
        draw("\(rows) rows", done: rows, fraction: Self.fraction(bytesRead, of: totalBytes))
    }

    /// Clears the line, so that what follows on the terminal starts clean.
    package func finish() {
        guard enabled, drewSomething else { return }
        write("\r\u{1B}[K")
    }

    private static func fraction(_ done: Int, of total: Int?) -> Double? {
        guard let total, total > 0 else { return nil }
        return min(Double(done) / Double(total), 1)
    }

    /// Draws `label`, the rate of `done` rows a second, the share done and the time left: the
    /// time so far scaled to the share still to do (shown once 1% is done).
    private func draw(_ label: String, done: Int, fraction: Double?) {
        guard enabled else { return }
        let now = now()
        guard now.timeIntervalSince(lastDraw) >= 0.25 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        var line = label
        line += "  \(Int(Double(done) / elapsed)) rows/s"
        if let fraction {
            line += "  \(Int(fraction * 100))%"
            if fraction > 0.01 { line += "  ETA \(Int((elapsed / fraction - elapsed).rounded())) s" }
        }
        write("\r\u{1B}[K\(line)")
        drewSomething = true
    }
}
