#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A one-line progress display on standard error for long runs: rows done, rows per second, and,
/// when the input's size is known, the share read and the time left. Silent unless standard error
/// is a terminal (so logs and pipes never see it), and never more than four updates a second.
public final class ProgressReporter {
    private let enabled: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drewSomething = false

    /// `quiet` turns it off even on a terminal.
    public init(quiet: Bool) {
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// Reports `rows` measured so far, `bytesRead` of `totalBytes` (nil when unknown, as for a pipe).
    public func update(rows: Int, bytesRead: Int, totalBytes: Int?) {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.25 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        var line = "\(rows) rows  \(Int(Double(rows) / elapsed)) rows/s"
        if let totalBytes, totalBytes > 0 {
            let fraction = min(Double(bytesRead) / Double(totalBytes), 1)
            line += "  \(Int(fraction * 100))%"
            if fraction > 0.01 { line += "  ETA \(Int(elapsed / fraction - elapsed)) s" }
        }
        writeToStandardError("\r\u{1B}[K\(line)")
        drewSomething = true
    }

    /// Clears the line, so that what follows on the terminal starts clean.
    public func finish() {
        guard enabled, drewSomething else { return }
        writeToStandardError("\r\u{1B}[K")
    }
}
