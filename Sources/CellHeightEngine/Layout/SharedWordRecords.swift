import Glibc
import Synchronization

/// Word records (see `WordRecords`) that every worker measuring with the same fonts, size and
/// settings shares: a worker that meets a word another worker already made takes its record from
/// here instead of shaping the word again. Each worker keeps the records it uses in its own
/// `WordRecords` (copied from here the first time), so its paragraphs are put together from its
/// own arrays; this store only saves the shaping. With two workers on the 200,000 multilingual
/// rows of `make bench`, each made about a sixth of its words again after the other had made them.
///
/// Written once per record and never changed or emptied: a writer appends a record's numbers
/// under the lock, then publishes it in an empty slot with a release store; a reader probes the
/// slots with acquire loads and no lock, so that a record it finds is whole. When the store is
/// full, records are no longer shared (the workers' own stores go on making room as before).
/// Records are the same whichever worker made them (a record depends only on its word, its
/// context and the fonts; see `WordRecords`), so results do not depend on which worker made
/// what, nor on the number of workers.
final class SharedWordRecords: @unchecked Sendable {
    /// How much the store holds at most: about 40 MB when full.
    struct Capacity {
        var records = 1 << 18
        var units = 1 << 21
        var breaks = 1 << 20
        var losses = 1 << 16
        var splits = 1 << 16
    }

    let capacity: Capacity
    /// Open addressing, as `WordRecords` does: index plus one in the low 32 bits, the high 32 bits
    /// of the hash above them; 0 for an empty slot.
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>
    private let slotMask: Int
    /// A record's offsets are into this store's arrays, its fonts (`fontIndices`) into `fonts`.
    private let records: UnsafeMutablePointer<WordRecords.Record>
    private let units: UnsafeMutablePointer<UInt16>
    private let advances: UnsafeMutablePointer<Int32>
    private let cuttable: UnsafeMutablePointer<Bool>
    private let fontIndices: UnsafeMutablePointer<UInt8>
    private let breakOffsets: UnsafeMutablePointer<Int32>
    private let breakXs: UnsafeMutablePointer<Int>
    private let breakKinds: UnsafeMutablePointer<BreakKind>
    private let lossOffsets: UnsafeMutablePointer<Int32>
    private let lossValues: UnsafeMutablePointer<Int>
    /// Per record, where its cuts inside ligatures are in `splitOffsets` and `splitValues` (by
    /// offset in the word, from 1), and how many.
    private let recordSplits: UnsafeMutablePointer<(start: Int32, count: Int32)>
    private let splitOffsets: UnsafeMutablePointer<Int32>
    private let splitValues: UnsafeMutablePointer<LigatureSplit>
    /// The fonts the records name (each worker has faces of its own), the primary font first.
    private let fonts: UnsafeMutablePointer<FontReference>
    private static let fontCapacity = 255

    /// How much of each array is written (only writers read it, under the lock).
    private struct Counts {
        var records = 0, units = 0, breaks = 0, losses = 0, splits = 0, fonts = 0
    }
    private let counts = Mutex(Counts())

    init(primary: FontReference, capacity: Capacity = Capacity()) {
        self.capacity = capacity
        // A power of two (probes wrap with a mask), at least twice the records: a probe always
        // meets an empty slot.
        var slotCount = 1
        while slotCount < 2 * capacity.records { slotCount *= 2 }
        // Zeroed by the system as they are first touched (empty slots): a store costs only what it holds.
        slots = calloc(slotCount, MemoryLayout<UInt64>.stride)!.bindMemory(to: Atomic<UInt64>.self, capacity: slotCount)
        slotMask = slotCount - 1
        records = .allocate(capacity: capacity.records)
        units = .allocate(capacity: capacity.units)
        advances = .allocate(capacity: capacity.units)
        cuttable = .allocate(capacity: capacity.units)
        fontIndices = .allocate(capacity: capacity.units)
        breakOffsets = .allocate(capacity: capacity.breaks)
        breakXs = .allocate(capacity: capacity.breaks)
        breakKinds = .allocate(capacity: capacity.breaks)
        lossOffsets = .allocate(capacity: capacity.losses)
        lossValues = .allocate(capacity: capacity.losses)
        recordSplits = .allocate(capacity: capacity.records)
        splitOffsets = .allocate(capacity: capacity.splits)
        splitValues = .allocate(capacity: capacity.splits)
        fonts = .allocate(capacity: Self.fontCapacity)
        fonts.initialize(to: primary)
        counts.withLock { $0.fonts = 1 }
    }

    deinit {
        let written = counts.withLock { $0 }
        free(slots)
        fonts.deinitialize(count: written.fonts)
        for pointer in [
            UnsafeMutableRawPointer(records), UnsafeMutableRawPointer(units),
            UnsafeMutableRawPointer(advances), UnsafeMutableRawPointer(cuttable),
            UnsafeMutableRawPointer(fontIndices), UnsafeMutableRawPointer(breakOffsets),
            UnsafeMutableRawPointer(breakXs), UnsafeMutableRawPointer(breakKinds),
            UnsafeMutableRawPointer(lossOffsets), UnsafeMutableRawPointer(lossValues),
            UnsafeMutableRawPointer(recordSplits), UnsafeMutableRawPointer(splitOffsets),
            UnsafeMutableRawPointer(splitValues), UnsafeMutableRawPointer(fonts),
        ] {
            pointer.deallocate()
        }
    }

    /// A record's numbers where they are (found here, read in place, valid as long as the store:
    /// nothing is ever changed; or in the arrays of the worker that shares it).
    struct Found {
        let record: WordRecords.Record
        /// Per unit.
        let units: UnsafeBufferPointer<UInt16>
        let advances: UnsafeBufferPointer<Int32>
        let cuttable: UnsafeBufferPointer<Bool>
        let fontIndices: UnsafeBufferPointer<UInt8>
        /// Per break opportunity, per line-end adjustment.
        let breakOffsets: UnsafeBufferPointer<Int32>
        let breakXs: UnsafeBufferPointer<Int>
        let breakKinds: UnsafeBufferPointer<BreakKind>
        let lossOffsets: UnsafeBufferPointer<Int32>
        let lossValues: UnsafeBufferPointer<Int>
        /// Its cuts inside ligatures: offset in the word, and the split.
        let splitOffsets: UnsafeBufferPointer<Int32>
        let splitValues: UnsafeBufferPointer<LigatureSplit>
    }

    /// The first slot a word of `hash` is looked for in, read (relaxed) only to bring it into
    /// the cache before `find` (see `WordRecords.readAhead`).
    @inline(__always)
    func firstSlot(_ hash: UInt64) -> UInt64 {
        slots[Int(truncatingIfNeeded: hash) & slotMask].load(ordering: .relaxed)
    }

    /// The record of word `units[0..<count]` in its context, when a worker shared one.
    func find(_ units: UnsafePointer<UInt16>, _ count: Int, hash: UInt64, leadingScript: UInt32, edges: UInt8) -> Found?
    {
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        let tag = hash >> 32
        while true {
            let entry = slots[slot].load(ordering: .acquiring)
            if entry == 0 { return nil }
            if entry >> 32 == tag {
                let r = records[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1]
                if r.hash == hash && r.leadingScript == leadingScript && r.edges == edges && Int(r.unitCount) == count
                    && memcmp(self.units + Int(r.unitStart), units, 2 * count) == 0
                {
                    let splits = recordSplits[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1]
                    func part<T>(_ array: UnsafeMutablePointer<T>, _ start: Int32, _ count: Int32)
                        -> UnsafeBufferPointer<T>
                    {
                        UnsafeBufferPointer(start: array + Int(start), count: Int(count))
                    }
                    return Found(
                        record: r, units: part(self.units, r.unitStart, r.unitCount),
                        advances: part(advances, r.unitStart, r.unitCount),
                        cuttable: part(cuttable, r.unitStart, r.unitCount),
                        fontIndices: part(fontIndices, r.unitStart, r.unitCount),
                        breakOffsets: part(breakOffsets, r.breakStart, r.breakCount),
                        breakXs: part(breakXs, r.breakStart, r.breakCount),
                        breakKinds: part(breakKinds, r.breakStart, r.breakCount),
                        lossOffsets: part(lossOffsets, r.lossStart, r.lossCount),
                        lossValues: part(lossValues, r.lossStart, r.lossCount),
                        splitOffsets: part(splitOffsets, splits.start, splits.count),
                        splitValues: part(splitValues, splits.start, splits.count))
                }
            }
            slot = (slot + 1) & slotMask
        }
    }

    /// The font a record's font index names (an index some record found here holds).
    func font(_ index: UInt8) -> FontReference { fonts[Int(index)] }

    /// The index of `reference` among the fonts the records name (added when new); nil when the
    /// store names as many fonts as it can.
    func fontIndex(of reference: FontReference) -> UInt8? {
        counts.withLock { counts in
            if let known = (0..<counts.fonts).first(where: { fonts[$0] == reference }) { return UInt8(known) }
            guard counts.fonts < Self.fontCapacity else { return nil }
            (fonts + counts.fonts).initialize(to: reference)
            counts.fonts += 1
            return UInt8(counts.fonts - 1)
        }
    }

    /// Shares a record of the worker that made it, its numbers `found` (its fonts numbered as
    /// this store numbers them, see `fontIndex(of:)`); nothing when a worker shared it first or
    /// the store is full.
    func share(_ found: Found) {
        let r = found.record
        let unitCount = Int(r.unitCount), breakCount = Int(r.breakCount), lossCount = Int(r.lossCount)
        let splitCount = found.splitOffsets.count
        counts.withLock { counts in
            guard counts.records < capacity.records, counts.units + unitCount <= capacity.units,
                counts.breaks + breakCount <= capacity.breaks, counts.losses + lossCount <= capacity.losses,
                counts.splits + splitCount <= capacity.splits
            else { return }
            // Where it goes, when no worker shared it yet (only writers insert, under this lock).
            var slot = Int(truncatingIfNeeded: r.hash) & slotMask
            while true {
                let entry = slots[slot].load(ordering: .relaxed)
                if entry == 0 { break }
                let other = records[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1]
                if other.hash == r.hash && other.leadingScript == r.leadingScript && other.edges == r.edges
                    && other.unitCount == r.unitCount
                    && memcmp(units + Int(other.unitStart), found.units.baseAddress!, 2 * unitCount) == 0
                {
                    return
                }
                slot = (slot + 1) & slotMask
            }
            var stored = r
            stored.unitStart = Int32(counts.units)
            stored.breakStart = Int32(counts.breaks)
            stored.lossStart = Int32(counts.losses)
            stored.isUsed = false
            func copy<T>(_ source: UnsafeBufferPointer<T>, to target: UnsafeMutablePointer<T>) {
                _ = UnsafeMutableBufferPointer(start: target, count: source.count).initialize(from: source)
            }
            copy(found.units, to: units + counts.units)
            copy(found.advances, to: advances + counts.units)
            copy(found.cuttable, to: cuttable + counts.units)
            copy(found.fontIndices, to: fontIndices + counts.units)
            copy(found.breakOffsets, to: breakOffsets + counts.breaks)
            copy(found.breakXs, to: breakXs + counts.breaks)
            copy(found.breakKinds, to: breakKinds + counts.breaks)
            copy(found.lossOffsets, to: lossOffsets + counts.losses)
            copy(found.lossValues, to: lossValues + counts.losses)
            copy(found.splitOffsets, to: splitOffsets + counts.splits)
            copy(found.splitValues, to: splitValues + counts.splits)
            (recordSplits + counts.records).initialize(to: (Int32(counts.splits), Int32(splitCount)))
            (records + counts.records).initialize(to: stored)
            counts.units += unitCount
            counts.breaks += breakCount
            counts.losses += lossCount
            counts.splits += splitCount
            counts.records += 1
            // Published last: a reader that loads the slot finds everything above written.
            slots[slot].store((r.hash >> 32) << 32 | UInt64(counts.records), ordering: .releasing)
        }
    }

    /// How many records are shared.
    var count: Int { counts.withLock { $0.records } }
}
