/// A batch of `lines` or `ndjson` input kept as bytes, one row per line: rows are made only when
/// asked, so that rows the fast path measures straight from their bytes never become `Row`s.
public struct LineBatch {
    /// The batch's bytes: well-formed UTF-8 without a byte order mark.
    public let bytes: [UInt8]
    /// Each row's line, in order (blank lines of NDJSON left out), numbered from the input's start.
    let lines: [InputLine]
    /// The index of the first row, e.g. 40_960 (from the input's start; a caller reading several
    /// inputs moves it on).
    public var firstIndex: Int
    /// Whether each line is a JSON value (else a line is the text).
    public let isNDJSON: Bool
    /// The input's display name, for errors.
    public let source: String
    let requireText: Bool

    public var count: Int { lines.count }

    /// Row `k` of the batch, parsed as the general reader parses it (with its errors).
    public func row(_ k: Int) throws -> Row {
        let line = lines[k]
        guard isNDJSON else {
            return Row(index: firstIndex + k, text: utf8Text(of: line.range, in: bytes), sourceLine: line.number)
        }
        return try readNDJSONRow(bytes, line: line, index: firstIndex + k, source: source, requireText: requireText)
    }

    /// Every row of the batch, parsed.
    public func rows() throws -> [Row] { try lines.indices.map(row) }

    /// Row `k`'s id as a byte range, and its text handed to `body` as UTF-8 (unescaped into
    /// `scratch` when it needs to be), when the row is a plain one: a line of `lines` input, or an
    /// NDJSON string or object of a string `text` and an optional string `id` and nothing else
    /// (see `plainNDJSONRow`). Nil, without calling `body`, for any other row; otherwise `body`'s
    /// answer, or nil when `body` says false.
    func plainRow(_ k: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Range<Int>?? {
        bytes.withUnsafeBufferPointer { bytes in
            let range = lines[k].range
            guard isNDJSON else {
                return body(UnsafeBufferPointer(rebasing: bytes[range])) ? .some(nil) : nil
            }
            guard let row = plainNDJSONRow(bytes, range) else { return nil }
            let text = UnsafeBufferPointer(rebasing: bytes[row.text])
            guard row.textIsEscaped else { return body(text) ? .some(row.id) : nil }
            unescapePlainJSONString(text, into: &scratch)
            return scratch.withUnsafeBufferPointer(body) ? .some(row.id) : nil
        }
    }
}
