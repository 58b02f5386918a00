import Foundation

/// Measures rows on several threads with identical, ordered results.
///
/// Engines (HarfBuzz buffers, ICU iterators, width caches) are not thread-safe, so each worker
/// gets a measurer of its own from `makeMeasurer`, made once and reused for every batch. Rows are
/// cut into several slices per worker (see `inParallel`); results come back in input order
/// whatever the number of workers.
package final class ParallelCellMeasurer {
    /// Worker count, e.g. 2.
    package let jobs: Int
    private var measurers: [RowSettingsMeasurer]

    /// Makes `jobs` measurers up front (opening each worker's fonts).
    package init(jobs: Int, makeMeasurer: () throws -> RowSettingsMeasurer) rethrows {
        self.jobs = max(1, jobs)
        measurers = try (0..<max(1, jobs)).map { _ in try makeMeasurer() }
    }

    /// The first worker's measurer (for questions about fonts, not for measuring).
    package var primary: RowSettingsMeasurer { measurers[0] }

    /// The fallback fonts that drew a character for the base settings on any worker, sorted by
    /// path (which worker met a font first depends on `jobs`), e.g.
    /// ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", ...]. Asked between batches.
    package var fallbackFontsUsed: [String] {
        Set(measurers.flatMap(\.fallbackFontsUsed).map(\.description)).sorted()
    }

    /// Measures each row with its settings (`settings[i]` for `rows[i]`, nil for the base settings).
    ///
    /// - Throws: what `RowSettingsMeasurer.prepare` throws for settings no earlier batch had, with
    ///   the index of the first row that has them.
    package func measure(_ rows: [Row], settings: [RowSettings?]) throws -> [MeasuredCell] {
        try measure(rows, settings: settings) { cells, _, _ in cells }.flatMap { $0 }
    }

    /// Measures `rows` (with their settings, as above) and hands each worker's slice of results, in
    /// order, to `finish` on that worker's thread with the slice's place among the rows and every
    /// row's settings (for example to format the slice's output, which then runs in parallel too). Returns what
    /// `finish` made of each slice, in input order: several slices per worker, or one in all when
    /// the rows are too few to share out.
    package func measure<Part>(_ rows: [Row], settings: [RowSettings?],
                              then finish: ([MeasuredCell], Range<Int>, [RowSettings?]) -> Part) throws -> [Part] {
        precondition(rows.count == settings.count, "one settings per row")
        try prepare(settings, changes: settings.indices)
        return measurePrepared(rows, settings: settings, then: finish)
    }

    /// Measures `rows` as above, each with the settings `settingsOf` gives it (nil: the base
    /// settings), worked out on the workers too; returns them with the parts.
    ///
    /// - Throws: the first row's error of `settingsOf` (in row order), then what
    ///   `RowSettingsMeasurer.prepare` throws for settings no earlier batch had.
    package func measure<Part>(_ rows: [Row], settingsOf: (Row) throws -> RowSettings?,
                              then finish: ([MeasuredCell], Range<Int>, [RowSettings?]) -> Part) throws -> (settings: [RowSettings?], parts: [Part]) {
        // Each slice's settings, and where they change from the row before (only there can
        // settings be new: the rest need no comparison on this thread).
        let slices = inParallel(count: rows.count, jobs: jobs) { _, slice -> (settings: [RowSettings?], changes: [Int], error: Error?) in
            var settings: [RowSettings?] = [], changes: [Int] = []
            settings.reserveCapacity(slice.count)
            do {
                // (Rows read in place through a buffer pointer: an array's element passed on is a
                // copy of the row, four references counted up and down.)
                for index in slice {
                    let own = try rows.withUnsafeBufferPointer { try settingsOf($0[index]) }
                    if index == slice.lowerBound || own != settings[settings.count - 1] { changes.append(index) }
                    settings.append(own)
                }
            } catch {
                return (settings, changes, error)
            }
            return (settings, changes, nil)
        }
        if let error = slices.lazy.compactMap(\.error).first { throw error }
        let settings = slices.flatMap(\.settings)
        try prepare(settings, changes: slices.flatMap(\.changes))
        return (settings, measurePrepared(rows, settings: settings, then: finish))
    }

    /// Measures rows whose settings were prepared.
    private func measurePrepared<Part>(_ rows: [Row], settings: [RowSettings?],
                                       then finish: ([MeasuredCell], Range<Int>, [RowSettings?]) -> Part) -> [Part] {
        // (Rows read in place, as in `measure`.)
        rows.withUnsafeBufferPointer { rows in
            guard jobs > 1, rows.count >= 2 * jobs else {
                let measurer = measurers[0]
                return [finish(rows.indices.map { measurer.measure(rows[$0], settings: settings[$0]) }, rows.indices,
                               settings)]
            }
            let measurers = self.measurers
            return inParallel(count: rows.count, jobs: jobs) { job, slice in
                finish(slice.map { measurers[job].measure(rows[$0], settings: settings[$0]) }, slice, settings)
            }
        }
    }

    /// Opens what new settings need on this thread, before any worker starts; a font's error names
    /// the first row that has it. `changes`: the rows (ascending) whose settings may differ from
    /// the row's before; the others have the settings of the row before.
    private func prepare<Changes: Sequence<Int>>(_ settings: [RowSettings?], changes: Changes) throws {
        var seen = Set<RowSettings>()
        for index in changes {
            // Rows mostly have the settings of the row before: compared in place, not copied.
            guard settings[index] != nil, index == 0 || settings[index] != settings[index - 1],
                  let rowSettings = settings[index], seen.insert(rowSettings).inserted else { continue }
            do {
                for measurer in measurers { try measurer.prepare(rowSettings) }
            } catch {
                throw RowMeasuringError(rowIndex: index, underlying: error)
            }
        }
    }
}

/// Settings of row `rowIndex` (in the batch) that could not be opened: `underlying` says why.
package struct RowMeasuringError: Error {
    package var rowIndex: Int
    package var underlying: Error
}
