import Synchronization

/// Shaping results shared by every worker that shapes with one font at one size: the second level
/// behind each worker's own cache (`ShapedSegmentCache`, `ShapedRangeCache`), so that a word met
/// by several workers is shaped once per run rather than once per worker.
///
/// A worker comes here only when its own cache misses, so a hit costs a lock, a probe and a
/// retain; its own cache then keeps the result, and the next time takes no lock at all. Values
/// are never changed once stored (arrays are shared copy-on-write: a worker changing its copy
/// gets one of its own), so handing them out across threads is safe.
///
/// The one cache type (`BoundedCache`) in shards: keys are spread over them by their hash, each
/// behind its own lock, so that workers missing at the same time seldom wait for each other.
/// Bounded as the workers' caches are, over all shards: at most `capacity` entries and
/// `unitCapacity` key units a generation.
final class SharedShapes<Value>: @unchecked Sendable {
    /// Shards: more than the workers a machine runs, so two of them rarely want the same lock.
    static var shardCount: Int { 16 }

    private let shards: [Shard]
    /// Key units a shard's generation holds at most: a longer key is not stored.
    private let shardUnits: Int

    /// `unitCapacity`: a bound on the key units a generation holds, for keys that may be long
    /// (values are about as large as their keys); none for keys of bounded length.
    init(capacity: Int, unitCapacity: Int = .max) {
        let limits = BoundedCache<CachedValues<Value>>.Limits(entries: max(1, capacity / Self.shardCount),
                                                              cost: max(1, unitCapacity / Self.shardCount))
        shardUnits = limits.cost
        shards = (0..<Self.shardCount).map { _ in Shard(limits) }
    }

    /// Entries held, over all shards and both generations.
    var count: Int { shards.reduce(0) { total, shard in total + shard.cache.withLock { $0.count } } }

    /// The value stored for `key`, if any worker stored one (and it was not forgotten since).
    func value(for key: ShapingKey) -> Value? {
        shard(key).cache.withLock { $0.value(for: key) }
    }

    /// Stores `value` for `key`. When another worker stored one meanwhile (it shaped the same
    /// text at the same time), that one stays: both are what shaping gives.
    func insert(_ value: Value, for key: ShapingKey) {
        guard key.units.count <= shardUnits else { return }
        shard(key).cache.withLock { _ = $0.insert(value, for: key) }
    }

    /// The value stored for `key`, or what `make` gives (called outside any lock), then stored.
    func value(for key: ShapingKey, orMake make: () -> Value) -> Value {
        if let found = value(for: key) { return found }
        let made = make()
        insert(made, for: key)
        return made
    }

    /// The high bits of the key's mixed hash pick the shard (the low bits pick its slot).
    private func shard(_ key: ShapingKey) -> Shard {
        shards[Int(truncatingIfNeeded: BoundedCache<CachedValues<Value>>.mixed(key.hash) >> 60) & (Self.shardCount - 1)]
    }

    /// One shard: its cache and lock (a class, so that each lock sits in memory of its own).
    private final class Shard: @unchecked Sendable {
        let cache: Mutex<BoundedValueCache<Value>>

        init(_ limits: BoundedValueCache<Value>.Limits) { cache = Mutex(BoundedValueCache(limits)) }
    }
}
