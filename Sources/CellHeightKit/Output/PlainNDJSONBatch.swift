import Foundation

/// The `ndjson` output of a batch of `lines` or `ndjson` input: plain rows are measured straight
/// from their bytes (`ParallelCellMeasurer.measurePlainRows`) and written by each worker
/// (`renderPlainNDJSON`); the others are parsed, in order, and handed to `general`, which
/// measures them the general way and returns their NDJSON lines. Every line goes back to its
/// row's place, so the output is the same as measuring every row the general way.
///
/// - Returns: the output, and how many rows the fast path measured.
/// - Throws: what parsing a row or `general` throws (a row that is not valid JSON, for one).
public func renderNDJSONBatch(_ batch: LineBatch, measurer: ParallelCellMeasurer, widths: [Double],
                              alone: (Row, RowSettingsMeasurer) -> [UInt8]?,
                              general: ([Row]) throws -> String) throws -> (output: Data, plainRowCount: Int) {
    let parts = measurer.measurePlainRows(batch, alone: alone) { renderPlainNDJSON($0, batch: batch, widths: widths) }
    let gapRows = parts.flatMap { $0.gaps.map(\.row) }
    guard !gapRows.isEmpty else {
        var output = Data(capacity: parts.reduce(0) { $0 + $1.bytes.count })
        for part in parts { output.append(contentsOf: part.bytes) }
        return (output, batch.count)
    }
    // Rows are parsed before any is measured, so the first bad one is reported, as the general
    // reader reports it.
    let generalText = try general(try gapRows.map(batch.row))
    let generalBytes = Array(generalText.utf8)
    var generalLines = generalBytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
    var output = Data(capacity: parts.reduce(generalBytes.count) { $0 + $1.bytes.count })
    for part in parts {
        var written = 0
        for gap in part.gaps {
            output.append(contentsOf: part.bytes[written..<gap.offset])
            output.append(contentsOf: generalLines.popFirst() ?? [][...])
            output.append(UInt8(ascii: "\n"))
            written = gap.offset
        }
        output.append(contentsOf: part.bytes[written...])
    }
    return (output, batch.count - gapRows.count)
}
