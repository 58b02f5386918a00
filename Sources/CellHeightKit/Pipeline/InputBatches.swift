import Foundation

/// An input's own error met while its rows are read or parsed (see `CellHeightError.isInputError`):
/// the input is reported and the run goes on with the next one.
private struct InputFailure: Error {
    var error: CellHeightError
}

extension RunPlan {
    /// Every input's rows, a batch at a time, numbered across inputs, with the input's display name,
    /// for `body` to measure (the progress line counts the rows it was given).
    ///
    /// An input that cannot be opened or read, or is malformed (`CellHeightError.isInputError`,
    /// from its reader), goes to the checker (`CheckReporter.recordInputError`), and the next input
    /// is read; `body`'s other errors end the run.
    func forEachBatch(_ body: ([Row], String) throws -> Void) throws {
        let progress = ProgressReporter(write: request.progressOutput)
        defer { progress.finish() }
        var rowsBefore = 0  // rows of the inputs before this one (each reader numbers its own from 0)
        for source in sources {
            // A template's rows name their own fields; otherwise each row needs a text.
            let reader: StreamingRowReader
            do {
                // (A template's labels show fields of their own: their texts are not expanded.)
                reader = try StreamingRowReader(path: source, format: request.format, lossy: request.lossy,
                                                requireText: request.templateFile == nil,
                                                expandsICUMessages: request.templateFile == nil)
            } catch let error as CellHeightError where error.isInputError {
                checker.recordInputError(error)
                continue
            }
            var rowsRead = 0
            // The next batch is read while this one is measured.
            // (With the warnings reported as soon as they are read, taken on the reading thread.)
            let batches = ReadAhead(usesThread: request.jobs > 1, hasMore: { reader.mayHaveMore }) {
                try reader.nextBatch().map { ($0, reader.bytesRead, reader.takeCatalogWarnings(reportedAtOnce: true)) }
            }
            func nextBatch() throws -> ([Row], Int, [CatalogWarning])? {
                do {
                    return try batches.next()
                } catch let error as CellHeightError where error.isInputError {
                    throw InputFailure(error: error)
                }
            }
            do {
                while case (var rows, let bytesRead, let warnings)? = try nextBatch() {
                    warnings.forEach(checker.recordWarning)
                    // Numbered here, across inputs (an ICU message may have become several rows). The
                    // input's name only where reports show it (a catalog's rows, several inputs): a
                    // name is a reference every copy of a row would count.
                    let namesSource = sources.count > 1 || rows.first?.isCatalogEntry == true
                    for i in rows.indices {
                        rows[i].index = rowsBefore + rowsRead + i
                        if namesSource { rows[i].source = reader.name }
                        // A catalog's source-language rows (`values/`, `Base.lproj`) in the project's source locale.
                        if let sourceLocale, rows[i].isCatalogEntry, rows[i].fields?["locale"] == "" {
                            rows[i].fields?["locale"] = sourceLocale
                        }
                    }
                    try body(rows, reader.name)
                    rowsRead += rows.count
                    progress.update(rows: rowsBefore + rowsRead, bytesRead: bytesRead, totalBytes: reader.totalBytes)
                }
            } catch let failure as InputFailure {
                // (Read before the error: the reading has stopped.)
                reader.takeCatalogWarnings(reportedAtOnce: true).forEach(checker.recordWarning)
                checker.recordInputError(failure.error)
            }
            rowsBefore += rowsRead
            reader.takeCatalogWarnings(reportedAtOnce: false).forEach(checker.recordWarning)
            if reader.replacementCount > 0 {
                checker.recordNote("\(reader.name): replaced \(reader.replacementCount) invalid byte sequence(s) "
                                   + "with U+FFFD")
            }
        }
    }
}
