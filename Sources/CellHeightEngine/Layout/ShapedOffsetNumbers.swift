/// The numbers per offset of a shaped text (see `OffsetNumbers`), kept small: the wrap loop reads
/// x at break opportunities, and needs numbers per offset only inside a word an emergency break
/// cuts, or across tabs, so they are kept in a form that takes about 1 byte a unit and are
/// written out for the stretch a line needs (`ShapedOffsetNumbers.Scratch`): a long row's
/// numbers then cost about its size, not many times it.
///
/// Indexed by offset in the text, like `PreparedText.units`. Line-end adjustments are not here:
/// a shaped text lists all of its own (not 0) as `PreparedText.stopAdjustments`.
struct ShapedOffsetNumbers {
    /// The advance of the cluster that starts at each unit (0 inside a cluster and for a tab), in
    /// 1/65536 px, as an index into `advanceValues`; `otherAdvance` when it is not among them.
    var advanceCodes: [UInt8] = []
    /// The distinct advances of the text, at most 255 (a paragraph's glyphs, kerned or not, have
    /// a few dozen).
    var advanceValues: [Int] = []
    /// The advances of units whose code is `otherAdvance`, by offset.
    var otherAdvances: [Int: Int] = [:]
    /// Whether a line may be cut before each offset inside a word (see `OffsetNumbers.cuttable`),
    /// one bit an offset.
    var cuttable = BitArray()
    /// Width corrections of cuts inside ligatures, by offset; empty in most texts.
    var ligatureSplits: [Int: LigatureSplit] = [:]

    static let otherAdvance: UInt8 = 255

    var isEmpty: Bool { advanceCodes.isEmpty }

    mutating func removeAll() {
        advanceCodes.removeAll(keepingCapacity: true)
        advanceValues.removeAll(keepingCapacity: true)
        otherAdvances.removeAll()
        cuttable = BitArray()
        ligatureSplits.removeAll()
    }

    /// Room for a text of `count` units (offsets 0...count), advances 0, nothing cuttable.
    mutating func reserve(forUnits count: Int) {
        advanceCodes = Array(repeating: 0, count: count + 1)
        advanceValues = [0]
        otherAdvances.removeAll()
        cuttable = BitArray(count: count + 1)
        ligatureSplits.removeAll()
    }

    /// Gives advances their codes as a text is prepared (one per engine, used for one text at a
    /// time): a value seen lately is found in a small table by its bits, any other among the
    /// text's values (a few dozen) by a search.
    struct Encoder {
        private var recentValues: [Int]
        private var recentCodes: [UInt8]

        /// Marks an empty slot of the table: no advance is this.
        private static let empty = Int.min

        init() {
            recentValues = Array(repeating: Self.empty, count: 256)
            recentCodes = Array(repeating: 0, count: 256)
        }

        private init(empty: Void) {
            recentValues = []
            recentCodes = []
        }

        /// An encoder with no tables, to stand in for one moved out of its holder.
        static var moved: Encoder { Encoder(empty: ()) }

        /// Starts on a text whose numbers were just reserved (`reserve(forUnits:)`).
        mutating func begin() {
            for i in recentValues.indices { recentValues[i] = Self.empty }
        }

        /// Records `advance` (1/65536 px) as the advance of the unit at `offset` of `numbers`.
        @inline(__always)
        mutating func setAdvance(_ advance: Int, at offset: Int, in numbers: inout ShapedOffsetNumbers) {
            let slot = (advance >> 6) & 255
            if recentValues[slot] == advance {
                numbers.advanceCodes[offset] = recentCodes[slot]
                return
            }
            let code: UInt8
            if let known = numbers.advanceValues.firstIndex(of: advance) {
                code = UInt8(known)
            } else if numbers.advanceValues.count < Int(ShapedOffsetNumbers.otherAdvance) {
                code = UInt8(numbers.advanceValues.count)
                numbers.advanceValues.append(advance)
            } else {
                numbers.advanceCodes[offset] = ShapedOffsetNumbers.otherAdvance
                numbers.otherAdvances[offset] = advance
                return
            }
            recentValues[slot] = advance
            recentCodes[slot] = code
            numbers.advanceCodes[offset] = code
        }
    }

    /// The advance recorded at `offset`, in 1/65536 px.
    @inline(__always)
    func advance(at offset: Int) -> Int {
        let code = advanceCodes[offset]
        return code == Self.otherAdvance ? otherAdvances[offset] ?? 0 : advanceValues[Int(code)]
    }

    /// Numbers per offset written out for a stretch of a paragraph, valid until the next call
    /// (one per engine: the wrap loop asks for the words it cuts, one at a time).
    final class Scratch {
        private let buffers = OffsetNumberBuffers()

        /// The numbers of `range` of paragraph `p` of `text` (whose numbers are `numbers`), x
        /// counted from `x` at `range`'s start (x from the paragraph's start; tabs count 0).
        func view(_ numbers: ShapedOffsetNumbers, _ text: PreparedText.Buffers, _ p: PreparedParagraph,
                  covering range: ClosedRange<Int>, x: Int) -> OffsetNumbers.View {
            let count = range.count
            buffers.reserve(count)
            let prefix = buffers.prefix, adjustments = buffers.adjustments
            let cuttable = buffers.cuttable, splits = buffers.splits
            let first = range.lowerBound
            var hasSplits = false
            var position = x
            for k in 0..<count {
                let offset = p.start + first + k
                prefix[k] = position
                adjustments[k] = 0
                cuttable[k] = numbers.cuttable[offset]
                if !numbers.ligatureSplits.isEmpty, let split = numbers.ligatureSplits[offset] {
                    splits[k] = split
                    hasSplits = true
                } else {
                    splits[k] = LigatureSplit(endCorrection: 0, startCorrection: 0)
                }
                if k + 1 < count { position += numbers.advance(at: offset) }
            }
            // The adjustments of the stretch, from the paragraph's list.
            buffers.writeAdjustments(of: p, text.stopAdjustments, covering: range)
            return buffers.view(covering: range, hasSplits: hasSplits)
        }
    }
}
