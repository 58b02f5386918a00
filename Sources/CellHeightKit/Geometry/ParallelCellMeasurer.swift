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
    private var measurers: [CellMeasurer]

    /// Makes `jobs` measurers up front (opening each worker's fonts).
    public init(jobs: Int, makeMeasurer: () throws -> CellMeasurer) rethrows {
        self.jobs = max(1, jobs)
        measurers = try (0..<max(1, jobs)).map { _ in try makeMeasurer() }
    }

    public func measure(_ rows: [Row]) -> [MeasuredCell] {
        measure(rows) { $0 }.flatMap { $0 }
    }

    /// Measures `rows` and hands each worker's slice of results, in order, to `finish` on that
    /// worker's thread (for example to format the slice's output, which then runs in parallel
    /// too). Returns what `finish` made of each slice, in input order: one element per worker,
    /// or one in all when the rows are too few to share out.
    public func measure<Part>(_ rows: [Row], then finish: ([MeasuredCell]) -> Part) -> [Part] {
        guard jobs > 1, rows.count >= 2 * jobs else { return [finish(measurers[0].measure(rows))] }
        let slices = (0..<jobs).map { job in
            (rows.count * job / jobs)..<(rows.count * (job + 1) / jobs)
        }
        let results = UnsafeMutableBufferPointer<Part?>.allocate(capacity: jobs)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        let measurers = self.measurers
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            results[job] = finish(measurers[job].measure(Array(rows[slices[job]])))
        }
        return results.map { $0! }
    }
}
