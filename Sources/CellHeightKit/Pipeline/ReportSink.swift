/// Where a run hands its measured rows, a batch at a time in input order, and what makes the
/// report of them. Two kinds: `StreamingSink` writes each batch as it comes, in bounded memory;
/// `DocumentSink` keeps every row and writes one document at the end. Each decides when a
/// batch's findings are recorded and when a template's fields are checked.
protocol ReportSink: AnyObject {
    /// Whether the workers are to render each row's text as they measure it (see
    /// `OutputFormat.rendersRowsApart`), in `MeasuredBatch.texts`.
    var rendersRowsApart: Bool { get }

    /// Whether `take` reads the batch's cells (`MeasuredBatch.cells`). When it does not, and the
    /// rows are checked apart, each worker frees its own cells once it has rendered and checked
    /// them, instead of the main thread freeing the whole batch alone between batches.
    var readsCells: Bool { get }

    /// Whether `take` reads each row's height per column (`MeasuredBatch.heights`), which the
    /// workers then note as they render the rows apart (a document made from the rows' texts).
    var readsHeights: Bool { get }

    /// Called with each batch as it is read, before it is measured; false when it is not to be
    /// measured (the run then only reads the rest, for its input errors).
    func willMeasure(_ rows: [Row]) throws -> Bool

    /// The batch measured, or the error that stopped measuring it.
    func take(_ batch: Result<MeasuredBatch, Error>) throws

    /// Writes what is left of the report once every input was read, with the run's forecast
    /// (`--forecast`) after the rows; not called when no input could be read at all (then there is
    /// no report).
    func finish(forecast: ReportForecast?) throws
}
