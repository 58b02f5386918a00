/// One line box of a laid-out text.
public struct LineBox: Equatable, Sendable {
    /// UTF-16 offsets of the line's slice of the row text, e.g. 0..<18. Joining the slices of all
    /// lines gives the text back (a line ending at a forced break includes its "\n").
    public var range: Range<Int>
    /// The slice itself, e.g. "الإمارات العربيّة ".
    public var text: String
    /// Width in px of what is drawn, without hanging spaces and tabs; includes an inserted hyphen.
    public var width: Double
    /// Height in px of the line box, e.g. 19 or 30.984375.
    public var height: Double
    /// True when the line ends at a soft hyphen that shows a hyphen.
    public var endsWithInsertedHyphen: Bool
    /// Names of the fonts that drew this line, primary first, e.g. ["DejaVu Sans", "Noto Sans CJK JP"].
    public var fonts: [String]

    public init(range: Range<Int>, text: String, width: Double, height: Double,
                endsWithInsertedHyphen: Bool = false, fonts: [String] = []) {
        self.range = range
        self.text = text
        self.width = width
        self.height = height
        self.endsWithInsertedHyphen = endsWithInsertedHyphen
        self.fonts = fonts
    }
}

/// A text laid out at one width: its line count and total height, and its line boxes when asked.
public struct TextLayout: Equatable, Sendable {
    /// The content width in px it was laid out at, e.g. 320.
    public var width: Double
    /// Number of line boxes, e.g. 3; 0 for the empty text.
    public var lineCount: Int
    /// Sum of the line boxes' heights in px; 0 for the empty text.
    public var height: Double
    /// The line boxes, when the layout was made with details (the default); empty otherwise.
    public var lines: [LineBox]

    /// A layout with its line boxes.
    public init(width: Double, lines: [LineBox], height: Double) {
        self.width = width
        self.lineCount = lines.count
        self.height = height
        self.lines = lines
    }

    /// A layout without line boxes (counts and heights only).
    public init(width: Double, lineCount: Int, height: Double) {
        self.width = width
        self.lineCount = lineCount
        self.height = height
        self.lines = []
    }
}
