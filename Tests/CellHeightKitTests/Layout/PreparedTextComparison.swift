@testable import CellHeightKit

extension PreparedText {
    /// Whether two prepared texts hold the same numbers (units, widths, breaks, cuts, fonts by
    /// family): the one wrap loop then gives them the same lines at every width.
    func hasSameNumbers(as other: PreparedText) -> Bool { differingNumbers(from: other) == nil }

    /// The name of the first array that differs from `other`'s, or nil.
    func differingNumbers(from other: PreparedText) -> String? {
        if units != other.units { return "units" }
        if paragraphs != other.paragraphs { return "paragraphs" }
        // The arrays only grow: compare the entries the text uses.
        let offsets = 0...units.count, used = 0..<breakCount
        if prefix[offsets] != other.prefix[offsets] { return "prefix" }
        if lineEndAdjustments[offsets] != other.lineEndAdjustments[offsets] { return "lineEndAdjustments" }
        if cuttable[offsets] != other.cuttable[offsets] { return "cuttable" }
        if ligatureSplits != other.ligatureSplits { return "ligatureSplits" }
        if breaks[used] != other.breaks[used] { return "breaks" }
        if breakContentEnds[used] != other.breakContentEnds[used] { return "breakContentEnds" }
        if fontIndices != other.fontIndices { return "fontIndices" }
        if fonts.map(\.familyName) != other.fonts.map(\.familyName) { return "fonts" }
        return nil
    }
}
