import Synchronization

/// What the workers of a run share per font and size (`FontRegistry` keeps one each): widths of words
/// shaped alone (behind each worker's `ShapedSegmentCache`), clusters of ranges the fallback loop
/// shaped (behind each worker's `ShapedRangeCache`), both in `SharedShapes`, and the pairwise
/// lane's tables (`PlainShapingTables`).
///
/// Workers open faces of their own (shaping with a face is not thread-safe), so a store is found
/// by what is the same for all of them (`FontRegistry.Key`): the font file's path, the face's
/// index in it, the size and the shaping settings that change results. The file's bytes are read
/// once per path for the whole process (`FontRegistry`), so one path is one font. What else
/// shaping reads (features, language) is the same for every shaper; the text it reads is in each key.
final class SharedShapingStore: Sendable {
    /// Words and runs of spaces shaped alone, keyed as `ShapedSegmentCache.sharedKey` builds keys.
    /// As many as a worker's width cache holds.
    let words = SharedShapes<ShapedSegmentCache.Shaped>(capacity: ShapedSegmentCache.capacity,
                                                        unitCapacity: ShapedSegmentCache.unitCapacity)
    /// Ranges shaped by the fallback loop, keyed as `ShapedRangeCache` builds keys (without the
    /// face), four times as many a generation as a worker's range cache holds.
    let ranges = SharedShapes<[ShapedRangeCache.StoredCluster]>(capacity: 4 * ShapedRangeCache.capacity)

    /// The pairwise lane's tables of this font at this size (see `PlainShapingTables`): unknown
    /// until a worker asks (the font check is done once, under the lock, while other workers
    /// sleep), then the tables, or none for a font the lane cannot take.
    private let plainTables = SleepingMutex<PlainShapingTables??>(nil)

    /// Made by `FontRegistry`, one per font, size and settings.
    init() {}

    /// The pairwise lane's tables, made with `make` by the first worker that asks.
    func plainShapingTables(orMake make: () -> PlainShapingTables?) -> PlainShapingTables? {
        plainTables.withLock { known in
            if let known { return known }
            let made = make()
            known = .some(made)
            return made
        }
    }
}
