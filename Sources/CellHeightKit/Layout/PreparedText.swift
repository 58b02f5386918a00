/// A row's text with all width-independent work done: its paragraphs, shaped and analysed.
/// Lay it out at any number of widths with `TextLayoutEngine.layout(_:width:)`.
public struct PreparedText {
    /// The text as laid out (after white-space processing), as UTF-16.
    var units: [UInt16]
    /// One entry per line-opening paragraph; empty for the empty text.
    var paragraphs: [PreparedParagraph]
}
