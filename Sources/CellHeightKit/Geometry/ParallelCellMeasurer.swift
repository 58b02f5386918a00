import Foundation

/// Measures rows on several threads with identical, ordered results.
///
/// Engines (HarfBuzz buffers, ICU iterators, width caches) are not thread-safe, so each worker
/// gets a measurer of its own from `makeMeasurer`, made once and reused for every batch. Rows are
/// cut into one contiguous slice per worker; results come back in input order whatever the
/// number of workers.
public final class ParallelCellMeasurer {
    /// Worker count, e.g. 2.
    public let jobs: Int
    private var measurers: [RowSettingsMeasurer]

    /// Makes `jobs` measurers up front (opening each worker's fonts).
    public init(jobs: Int, makeMeasurer: () throws -> RowSettingsMeasurer) rethrows {
        self.jobs = max(1, jobs)
        measurers = try (0..<max(1, jobs)).map { _ in try makeMeasurer() }
    }

    /// The first worker's measurer (for questions about fonts, not for measuring).
    public var primary: RowSettingsMeasurer { measurers[0] }

    /// Measures each row with its settings (`settings[i]` for `rows[i]`, nil for the base settings).
    ///
    /// - Throws: what `RowSettingsMeasurer.prepare` throws for settings no earlier batch had, with
    ///   the index of the first row that has them.
    public func measure(_ rows: [Row], settings: [RowSettings?]) throws -> [MeasuredCell] {
        precondition(rows.count == settings.count, "one settings per row")
        // Open new fonts on this thread, before any worker starts; a font's error names its first row.
        var seen = Set<RowSettings>()
        var previous: RowSettings?
        for (index, rowSettings) in settings.enumerated() where rowSettings != nil && rowSettings != previous {
            let rowSettings = rowSettings!
            previous = rowSettings
            guard seen.insert(rowSettings).inserted else { continue }
            do {
                for measurer in self.measurers { try measurer.prepare(rowSettings) }
            } catch {
                throw RowMeasuringError(rowIndex: index, underlying: error)
            }
        }
        guard jobs > 1, rows.count >= 2 * jobs else {
            let measurer = self.measurers[0]
            return rows.indices.map { measurer.measure(rows[$0], settings: settings[$0]) }
        }
        let slices = (0..<jobs).map { job in
            (rows.count * job / jobs)..<(rows.count * (job + 1) / jobs)
        }
        let results = UnsafeMutableBufferPointer<[MeasuredCell]>.allocate(capacity: jobs)
        results.initialize(repeating: [])
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        let measurers = self.measurers
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            results[job] = slices[job].map { measurers[job].measure(rows[$0], settings: settings[$0]) }
        }
        return results.flatMap { $0 }
    }
}

/// Settings of row `rowIndex` (in the batch) that could not be opened: `underlying` says why.
public struct RowMeasuringError: Error {
    public var rowIndex: Int
    public var underlying: Error
}
