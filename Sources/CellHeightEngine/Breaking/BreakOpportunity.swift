/// Where a line may end, and what ending there means for the line's width.
public enum BreakKind: UInt8, Sendable {
    /// After a run of spaces or tabs: the run hangs at the end of the line.
    case afterSpaces
    /// After a soft hyphen (U+00AD): taking it shows a hyphen, which counts in the width.
    case softHyphen
    /// After a hyphen and before a letter, where ICU (not Blink's ASCII table) decides, as in
    /// "Норт-|Ланаркшир". A line that starts at the hyphen loses it: Chromium's break iterator
    /// starts again at a line that an emergency break opened, and Unicode 15.1's LB20a then keeps
    /// a word-initial hyphen with its letter ("-Лан", not "-").
    case afterHyphen
    /// Any other opportunity: between ideographs, at U+200B, after "-" by Blink's table, ICU's rules.
    case other
}

/// A place a line may end: before the code unit at UTF-16 `offset`.
public struct BreakOpportunity: Equatable, Sendable {
    /// UTF-16 offset, e.g. 7 for the break after "Delete " in "Delete all".
    public var offset: Int
    public var kind: BreakKind
}
