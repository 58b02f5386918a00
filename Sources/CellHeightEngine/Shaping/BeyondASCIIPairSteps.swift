import Synchronization

/// The steps (advance and line-end loss, see `PairwiseASCIIAdvances.Step`) of pairs that hold a
/// letter beyond ASCII the pairwise lane walks pair by pair ("é", "ß", "ł": see
/// `BeyondASCIICharacters.pairwise`), shared by every worker measuring with one font at one size.
/// There are too many such pairs for a dense table like the ASCII one, and a text meets a few
/// thousand: they are shaped when first met and kept here.
///
/// Open addressing over `slotCount` slots of a key and a packed step, each written once and never
/// removed, without locks: a worker claims an empty slot by writing its key with a mark, then
/// writes the step, then the key without the mark (a release store, read with an acquire load),
/// so that a reader that finds the key finds the step written. A reader that meets a claimed
/// slot of its own key takes the pair as unknown and shapes it itself (the same step). When the
/// table is full, or a key's probe runs long, a new pair is not stored, and its words are shaped
/// whole (`PairwiseASCIIAdvances.beyondPair`): a pair is never shaped again when a line's numbers
/// are worked out during wrapping.
final class BeyondASCIIPairSteps: @unchecked Sendable {
    static let slotCount = 1 << 16
    private static let probeLimit = 32
    /// A key whose step is being written.
    private static let claimed: UInt64 = 1 << 63
    /// The step of a pair that does not shape as two glyphs, the second unmoved: its words are
    /// shaped whole.
    static let notPairwise = UInt64.max - 1

    /// The table, read and written through `Slots` (a plain value: the lane's walk reads it
    /// without retaining this object per pair).
    let slots: Slots

    init() {
        let pointer = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: 2 * Self.slotCount)
        for i in 0..<Self.slotCount {
            (pointer + 2 * i).initialize(to: Atomic(0))
            (pointer + 2 * i + 1).initialize(to: Atomic(PlainShapingTables.unknown))
        }
        slots = Slots(pointer: pointer)
    }

    deinit {
        slots.pointer.deinitialize(count: 2 * Self.slotCount)
        slots.pointer.deallocate()
    }

    /// The slots of the table: per slot its key, then its packed step, side by side, so that
    /// a lookup that finds its key finds the step in the same cache line (a pair met for the
    /// first time in a while misses the cache once, not twice). Valid while the table lives.
    struct Slots: @unchecked Sendable {
        fileprivate let pointer: UnsafeMutablePointer<Atomic<UInt64>>

        @inline(__always)
        private func key(at slot: Int) -> UnsafeMutablePointer<Atomic<UInt64>> { pointer + 2 &* slot }

        /// The packed step of (`first`, `next`), `notPairwise`, or `PlainShapingTables.unknown`.
        @inline(__always)
        func step(_ first: UInt16, _ next: UInt16) -> UInt64 {
            let key = BeyondASCIIPairSteps.key(first, next)
            var slot = BeyondASCIIPairSteps.slot(key)
            for _ in 0..<BeyondASCIIPairSteps.probeLimit {
                let found = self.key(at: slot).pointee.load(ordering: .acquiring)
                if found == key { return (self.key(at: slot) + 1).pointee.load(ordering: .relaxed) }
                if found == 0 { return PlainShapingTables.unknown }
                slot = (slot &+ 1) & (BeyondASCIIPairSteps.slotCount - 1)
            }
            return PlainShapingTables.unknown
        }

        /// Stores the packed step of (`first`, `next`) in a free slot, if there is one near its
        /// own; false when there is none (true also when another worker stores the same pair).
        @discardableResult
        func set(_ first: UInt16, _ next: UInt16, _ packed: UInt64) -> Bool {
            let key = BeyondASCIIPairSteps.key(first, next)
            var slot = BeyondASCIIPairSteps.slot(key)
            for _ in 0..<BeyondASCIIPairSteps.probeLimit {
                let (claimed, found) = self.key(at: slot).pointee.compareExchange(
                    expected: 0, desired: key | BeyondASCIIPairSteps.claimed, ordering: .relaxed)
                if claimed {
                    (self.key(at: slot) + 1).pointee.store(packed, ordering: .relaxed)
                    self.key(at: slot).pointee.store(key, ordering: .releasing)
                    return true
                }
                if found & ~BeyondASCIIPairSteps.claimed == key { return true }  // another worker stores (or stored) it
                slot = (slot &+ 1) & (BeyondASCIIPairSteps.slotCount - 1)
            }
            return false
        }
    }

    /// The key of the pair (`first`, `next`): `next` 0 for the paragraph's end. Never 0.
    @inline(__always)
    fileprivate static func key(_ first: UInt16, _ next: UInt16) -> UInt64 { (UInt64(first) << 16 | UInt64(next)) &+ 1 }

    @inline(__always)
    fileprivate static func slot(_ key: UInt64) -> Int {
        var mixed = key &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed) & (slotCount - 1)
    }
}
