/// CSS `white-space`: how spaces and newlines in the text are treated.
public enum WhiteSpace: String, CaseIterable, Sendable {
    /// Keep every space, tab and newline; spaces at a line end hang (the default, as in the oracle).
    case preWrap = "pre-wrap"
    /// Collapse runs of spaces, tabs and newlines into one space; newlines do not break.
    case normal

    /// The text as this mode lays it out. `normal` collapses white space and drops it at the
    /// start of the text (it would sit at the start of the first line).
    func apply(to units: [UInt16]) -> [UInt16] {
        guard self == .normal else { return units }
        var result: [UInt16] = []
        result.reserveCapacity(units.count)
        var pendingSpace = false
        for unit in units {
            if unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x0C {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(unit)
            }
        }
        return result
    }
}
