/// The text SwiftUI shows for a localized string with inline Markdown: `Text("key")` takes a
/// `LocalizedStringKey` and renders its Markdown (as `AttributedString(markdown:)` with
/// `.inlineOnlyPreservingWhitespace`), so `**Save**` is shown as "Save" in bold. The styling
/// (bold, italic, monospaced code, a link's colour) is not measured, only the text that remains.
///
/// A subset of CommonMark's inline syntax, with GitHub's strikethrough, as Apple's parser reads it:
/// - emphasis and strong emphasis with `*` and `_` (`*a*`, `**a**`, `__a__`, `***a***`): delimiter
///   runs that open (followed by non-space) and close (preceded by non-space), matched as CommonMark's
///   "process emphasis" does, including its rule of three; `_` neither opens nor closes inside a word
///   (`snake_case_name` stays), `*` does (`un*frigging*believable`);
/// - strikethrough `~~a~~`;
/// - code spans: a run of backticks up to the next run of as many (`` `a` ``, ``` `` a`b `` ```),
///   their content literal, one space stripped from each end when both have one;
/// - links `[text](destination "title")` (the text, itself rendered) and autolinks
///   `<https://example.com>` (the address);
/// - backslash escapes of ASCII punctuation (`\*` is `*`).
///
/// Anything else is text as written (images, HTML and block syntax are not inline Markdown for
/// `Text`); a delimiter without a partner stays. Texts without any of `*_~`[<\` are returned as is.
/// Linear in the text's length (brackets and backtick runs are paired in one pass each; emphasis
/// is matched among at most `maximumDelimiterRuns` runs, beyond which they stay as written), so a
/// hostile text cannot make it slow.
func renderingSwiftUIMarkdown(_ text: String) -> String {
    guard text.utf8.contains(where: { markdownSpecialBytes.contains($0) }) else { return text }
    return MarkdownInline(Array(text.unicodeScalars)).rendered()
}

/// The most runs of `*`, `_` and `~` whose emphasis is matched in one text (each closing run may
/// look back over all the others): far above any real string.
let maximumDelimiterRuns = 4096

/// The bytes that may start inline Markdown: `*`, `_`, `~`, `` ` ``, `[`, `<`, `\`.
private let markdownSpecialBytes: Set<UInt8> = [0x2A, 0x5F, 0x7E, 0x60, 0x5B, 0x3C, 0x5C]

/// One inline parse of a text (or a link's text).
private struct MarkdownInline {
    let scalars: [Unicode.Scalar]
    /// For each `[` and `(` (by position), the position of its matching `]` or `)`, found once.
    private let closingBracket: [Int: Int]
    /// For each run length, the positions where backtick runs of that length start, in order.
    private let backtickRuns: [Int: [Int]]
    /// The part of `scalars` this parse reads (a link's text is read in place).
    private let range: Range<Int>
    /// Whether this is a link's text, where a link cannot be (and brackets are text): so nesting
    /// stops at one level.
    private let isLinkText: Bool

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        range = scalars.indices
        isLinkText = false
        var closing: [Int: Int] = [:]
        // Open brackets and parentheses, each kind on its own (one of the other kind inside does not
        // stop a pair).
        var openBrackets: [Int] = [], openParentheses: [Int] = []
        var runs: [Int: [Int]] = [:]
        var i = 0
        while i < scalars.count {
            switch scalars[i] {
            case "\\": i += 1
            case "[": openBrackets.append(i)
            case "(": openParentheses.append(i)
            case "]": if let open = openBrackets.popLast() { closing[open] = i }
            case ")": if let open = openParentheses.popLast() { closing[open] = i }
            case "`":
                var end = i
                while end < scalars.count && scalars[end] == "`" { end += 1 }
                runs[end - i, default: []].append(i)
                i = end - 1
            default: break
            }
            i += 1
        }
        closingBracket = closing
        backtickRuns = runs
    }

    /// The same text read in `range` (a link's text), sharing the pairs found.
    private init(_ parent: MarkdownInline, range: Range<Int>) {
        scalars = parent.scalars
        closingBracket = parent.closingBracket
        backtickRuns = parent.backtickRuns
        self.range = range
        isLinkText = true
    }

    /// A piece of the output: literal text, or a run of `*`, `_` or `~` that may become emphasis.
    private enum Piece {
        case text(String)
        case delimiters(Delimiter)
    }

    private struct Delimiter {
        var character: Unicode.Scalar
        /// Characters of the run not yet used by emphasis (what is left is shown).
        var count: Int
        let originalCount: Int
        let canOpen: Bool
        let canClose: Bool
        var isActive = true
    }

    func rendered() -> String {
        var pieces: [Piece] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { pieces.append(.text(literal)); literal = "" }
        }
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let scalar = scalars[i]
            switch scalar {
            case "\\" where i + 1 < end && scalars[i + 1].isASCII && isPunctuation(scalars[i + 1]):
                literal.unicodeScalars.append(scalars[i + 1])
                i += 2
            case "`":
                let run = runLength(at: i)
                if let close = closingBackticks(after: i + run, length: run), close < end {
                    literal += codeSpanContent(scalars[(i + run)..<close])
                    i = close + run
                } else {
                    literal += String(repeating: "`", count: run)
                    i += run
                }
            case "[":
                if !isLinkText, let link = link(at: i), link.end <= end {
                    literal += MarkdownInline(self, range: (i + 1)..<link.textEnd).rendered()
                    i = link.end
                } else {
                    literal.unicodeScalars.append(scalar)
                    i += 1
                }
            case "<":
                if let linkEnd = autolinkEnd(at: i), linkEnd <= end {
                    literal.unicodeScalars.append(contentsOf: scalars[(i + 1)..<(linkEnd - 1)])
                    i = linkEnd
                } else {
                    literal.unicodeScalars.append(scalar)
                    i += 1
                }
            case "*", "_", "~":
                let run = min(runLength(at: i), end - i)
                let before: Unicode.Scalar? = i > range.lowerBound ? scalars[i - 1] : nil
                let after: Unicode.Scalar? = i + run < end ? scalars[i + run] : nil
                // CommonMark's flanking: a run opens when followed by non-space (and, before
                // punctuation, preceded by space or punctuation); it closes the other way round.
                let leftFlanking = after.map { !isSpace($0) && (!isPunctuation($0) || before.map { isSpace($0) || isPunctuation($0) } ?? true) } ?? false
                let rightFlanking = before.map { !isSpace($0) && (!isPunctuation($0) || after.map { isSpace($0) || isPunctuation($0) } ?? true) } ?? false
                var canOpen = leftFlanking, canClose = rightFlanking
                if scalar == "_" {
                    canOpen = leftFlanking && (!rightFlanking || before.map(isPunctuation) == true)
                    canClose = rightFlanking && (!leftFlanking || after.map(isPunctuation) == true)
                }
                // Strikethrough is two tildes exactly.
                if scalar == "~" && run != 2 { canOpen = false; canClose = false }
                flush()
                pieces.append(.delimiters(Delimiter(character: scalar, count: run, originalCount: run, canOpen: canOpen,
                                                    canClose: canClose)))
                i += run
            default:
                literal.unicodeScalars.append(scalar)
                i += 1
            }
        }
        flush()
        let runs = pieces.reduce(0) { if case .delimiters = $1 { return $0 + 1 } else { return $0 } }
        if runs <= maximumDelimiterRuns { matchEmphasis(&pieces) }
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .delimiters(let run): result += String(repeating: Character(run.character), count: run.count)
            }
        }
        return result
    }

    /// CommonMark's "process emphasis": each closing run, in order, takes the nearest opening run of
    /// the same character before it (not across one already matched), using two characters of
    /// each when both have two (strong), else one; what is used is not shown.
    private func matchEmphasis(_ pieces: inout [Piece]) {
        func delimiter(_ index: Int) -> Delimiter? {
            if case .delimiters(let run) = pieces[index] { return run }
            return nil
        }
        for closer in pieces.indices {
            while var close = delimiter(closer), close.canClose, close.isActive, close.count > 0 {
                var found: Int?
                for opener in stride(from: closer - 1, through: 0, by: -1) {
                    guard let open = delimiter(opener), open.isActive, open.canOpen, open.count > 0,
                          open.character == close.character else { continue }
                    // The rule of three: a run that can both open and close does not pair with one
                    // whose lengths add up to a multiple of 3, unless both are multiples of 3.
                    if (open.canClose || close.canOpen) && (open.originalCount + close.originalCount) % 3 == 0
                        && !(open.originalCount % 3 == 0 && close.originalCount % 3 == 0) && close.character != "~" {
                        continue
                    }
                    found = opener
                    break
                }
                guard let opener = found, var open = delimiter(opener) else { break }
                let used = close.character == "~" ? 2 : (open.count >= 2 && close.count >= 2 ? 2 : 1)
                open.count -= used
                close.count -= used
                pieces[opener] = .delimiters(open)
                pieces[closer] = .delimiters(close)
                // Runs between them can no longer pair with anything outside.
                for between in (opener + 1)..<closer {
                    if var run = delimiter(between) {
                        run.isActive = false
                        pieces[between] = .delimiters(run)
                    }
                }
            }
        }
    }

    private func runLength(at index: Int) -> Int {
        var end = index
        while end < scalars.count && scalars[end] == scalars[index] { end += 1 }
        return end - index
    }

    /// The start of the next run of exactly `length` backticks from `start`.
    private func closingBackticks(after start: Int, length: Int) -> Int? {
        guard let starts = backtickRuns[length] else { return nil }
        // The first start at or after `start` (binary search: the starts are in order).
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < starts.count ? starts[low] : nil
    }

    /// A code span's text: line endings are spaces, and one space comes off each end when both
    /// ends have one and the content is not all spaces.
    private func codeSpanContent(_ content: ArraySlice<Unicode.Scalar>) -> String {
        var text = String(String.UnicodeScalarView(content.map { $0 == "\n" ? " " : $0 }))
        if text.count >= 2, text.first == " ", text.last == " ", text.contains(where: { $0 != " " }) {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }

    /// `[text](destination "title")` at `index`: where the text ends (its `]`) and the link ends
    /// (after its `)`), by the brackets and parentheses paired up front.
    private func link(at index: Int) -> (textEnd: Int, end: Int)? {
        guard let textEnd = closingBracket[index], textEnd + 1 < scalars.count, scalars[textEnd + 1] == "(",
              let close = closingBracket[textEnd + 1] else { return nil }
        return (textEnd, close + 1)
    }

    /// The end (after `>`) of an autolink `<scheme:…>` at `index`: a scheme of 2 to 32 letters,
    /// digits, `+`, `.` or `-` starting with a letter, then no space, `<` or `>`.
    private func autolinkEnd(at index: Int) -> Int? {
        var i = index + 1
        let schemeStart = i
        while i < scalars.count, scalars[i].isASCII,
              scalars[i].properties.isAlphabetic || ("0"..."9").contains(scalars[i]) || "+.-".unicodeScalars.contains(scalars[i]) {
            i += 1
        }
        let scheme = i - schemeStart
        guard scheme >= 2, scheme <= 32, scalars[schemeStart].properties.isAlphabetic, i < scalars.count, scalars[i] == ":" else {
            return nil
        }
        i += 1
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == ">" { return i + 1 }
            if scalar == "<" || isSpace(scalar) || scalar.value < 0x20 { return nil }
            i += 1
        }
        return nil
    }
}

/// CommonMark's Unicode white space: Zs, tab, line feed, form feed, carriage return.
private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
        || scalar.properties.generalCategory == .spaceSeparator
}

/// CommonMark's punctuation: ASCII punctuation, and Unicode P and S categories.
private func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(scalar) }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
         .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
        return true
    default:
        return false
    }
}
