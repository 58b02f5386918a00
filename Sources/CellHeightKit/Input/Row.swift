/// One unit of input: a text to measure, with where it came from.
public struct Row: Equatable, Sendable {
    /// 0-based position in the input, e.g. 41.
    public var index: Int
    /// The row's `id` from JSON/NDJSON objects, e.g. "settings.title"; nil for plain text.
    public var id: String?
    /// The exact text to lay out, e.g. "Delete all files?".
    public var text: String
    /// 1-based line in the input file where the row starts, e.g. 12.
    public var sourceLine: Int

    public init(index: Int, id: String? = nil, text: String, sourceLine: Int) {
        self.index = index
        self.id = id
        self.text = text
        self.sourceLine = sourceLine
    }
}
