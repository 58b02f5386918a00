@testable import CellHeightEngine

extension PreparedText {
    /// Whether two prepared texts hold the same numbers (units, breaks with their x, numbers per
    /// offset, fonts by family): the one wrap loop then gives them the same lines at every width.
    /// `engine` prepared this text and `otherEngine` the other: a text of the pairwise lane keeps
    /// no numbers per offset, and its engine works them out again to compare them.
    func hasSameNumbers(as other: PreparedText, engine: TextLayoutEngine, otherEngine: TextLayoutEngine) -> Bool {
        differingNumbers(from: other, engine: engine, otherEngine: otherEngine) == nil
    }

    /// The name of the first array that differs from `other`'s, or nil.
    func differingNumbers(from other: PreparedText, engine: TextLayoutEngine, otherEngine: TextLayoutEngine) -> String? {
        if units != other.units { return "units" }
        // Where a paragraph's line-end adjustments are read from, and which way it was prepared,
        // are not numbers.
        func unflagged(_ paragraphs: [PreparedParagraph]) -> [PreparedParagraph] {
            paragraphs.map { var p = $0; p.stopAdjustments = 0..<0; p.isFromWordRecords = false; return p }
        }
        if unflagged(paragraphs) != unflagged(other.paragraphs) { return "paragraphs" }
        // The breaks only grow: compare the entries the text uses.
        let used = 0..<breakCount
        if used.map({ breaks[$0] }) != used.map({ other.breaks[$0] }) { return "breaks" }
        let numbers = engine.offsetNumbers(of: self), otherNumbers = otherEngine.offsetNumbers(of: other)
        if numbers.prefix != otherNumbers.prefix { return "prefix" }
        if numbers.lineEndAdjustments != otherNumbers.lineEndAdjustments { return "lineEndAdjustments" }
        if numbers.cuttable != otherNumbers.cuttable { return "cuttable" }
        if numbers.ligatureSplits != otherNumbers.ligatureSplits { return "ligatureSplits" }
        if fontIndices != other.fontIndices { return "fontIndices" }
        if fonts.map(\.familyName) != other.fonts.map(\.familyName) { return "fonts" }
        return nil
    }
}

extension PreparedText {
    /// What differs between this text, prepared by `engine`, and `other`, prepared by
    /// `otherEngine`: "layouts" when their layouts at one of `widths` differ, else the first
    /// number that differs (`differingNumbers`); nil when nothing does.
    func differingLayoutsOrNumbers(from other: PreparedText, engine: TextLayoutEngine, otherEngine: TextLayoutEngine,
                                   widths: [Double] = [1, 23, 60, 150, 320.5, 1000]) -> String? {
        if widths.map({ engine.layout(self, width: $0) }) != widths.map({ otherEngine.layout(other, width: $0) }) {
            return "layouts"
        }
        return differingNumbers(from: other, engine: engine, otherEngine: otherEngine)
    }
}

/// An engine that takes the pairwise lane and one that shapes every paragraph, with `font` (and
/// Chromium's fallback after it) at `size` px: the two ways the equivalence tests compare.
func laneAndShapingEngines(_ font: String, size: Double) throws -> (lane: TextLayoutEngine, shaping: TextLayoutEngine) {
    let chain = FontFallbackChain.chromiumDefault(primary: try FontFace(path: font))
    let lane = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: .normal)
    let shaping = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: .normal)
    shaping.usesPairwiseLane = false
    shaping.usesSegmentCache = false
    return (lane, shaping)
}
