/// Where a line may end, and what ending there means for the line's width.
public enum BreakKind: UInt8, Sendable {
    /// After a run of spaces or tabs: the run hangs at the end of the line.
    case afterSpaces
    /// After a soft hyphen (U+00AD): taking it shows a hyphen, which counts in the width.
    case softHyphen
    /// Any other opportunity: after a hyphen, between ideographs, at U+200B, ICU's rules.
    case other
}

/// A place a line may end: before the code unit at UTF-16 `offset`.
public struct BreakOpportunity: Equatable, Sendable {
    /// UTF-16 offset, e.g. 7 for the break after "Delete " in "Delete all".
    public var offset: Int
    public var kind: BreakKind
}
