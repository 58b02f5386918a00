/// How the wrap loop asks whether a width fits its line's limit (widths in 1/65536 px, see
/// `LineWrapper.limit(available:)`). Every decision the loop makes about the width goes through
/// `admits`: all else it does is the same at any limit.
protocol WrapLimit {
    /// Whether `width` fits the limit.
    mutating func admits(_ width: Int) -> Bool
    /// Called after paragraph `p` was wrapped in `lineCount` lines.
    mutating func paragraphEnded(_ p: PreparedParagraph, lineCount: Int)
}

/// A plain limit: the wrap loop of every layout (specialised, it costs one comparison).
extension Int: WrapLimit {
    @inline(__always)
    func admits(_ width: Int) -> Bool { width <= self }

    @inline(__always)
    func paragraphEnded(_ p: PreparedParagraph, lineCount: Int) {}
}

/// A limit that notes the widths it was asked about nearest to it on either side: any limit in
/// `sameAnswers` answers every one of them alike, so the wrap loop cuts the same lines there (the
/// width search skips those limits). It also notes each paragraph's lines (for the search's
/// next guess).
package struct TrackedWrapLimit: WrapLimit {
    package let limit: Int
    /// The widest width admitted (`Int.min` while none was): the limit may go down to it.
    package private(set) var widestAdmitted = Int.min
    /// The narrowest width refused (`Int.max` while none was): the limit may go up to just below it.
    package private(set) var narrowestRefused = Int.max
    /// The width admitted last: when a paragraph ends, mostly its last line's.
    private var lastAdmitted = 0
    package private(set) var paragraphs: [ParagraphLines] = []

    /// A paragraph as wrapped, in 1/65536 px.
    package struct ParagraphLines {
        /// Its width without the spaces that hang at its end.
        package var contentWidth: Int
        package var lineCount: Int
        package var lastLineWidth: Int
    }

    /// - Parameter reusing: an array whose storage `paragraphs` may take over (its elements are dropped).
    package init(_ limit: Int, reusing storage: [ParagraphLines] = []) {
        self.limit = limit
        paragraphs = storage
        paragraphs.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func admits(_ width: Int) -> Bool {
        guard width <= limit else {
            narrowestRefused = min(narrowestRefused, width)
            return false
        }
        widestAdmitted = max(widestAdmitted, width)
        lastAdmitted = width
        return true
    }

    mutating func paragraphEnded(_ p: PreparedParagraph, lineCount: Int) {
        paragraphs.append(ParagraphLines(contentWidth: p.contentWidth, lineCount: lineCount,
                                         lastLineWidth: p.count == 0 ? 0 : min(lastAdmitted, p.contentWidth)))
        lastAdmitted = 0
    }

    /// The limits at which every width asked about gets the answer it got.
    package var sameAnswers: ClosedRange<Int> { widestAdmitted...(narrowestRefused - 1) }
}
