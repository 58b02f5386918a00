import Synchronization

/// Shaping results shared by every worker that shapes with one font at one size: the second level
/// behind each worker's own cache (`ShapedSegmentCache`, `ShapedRangeCache`), so that a word met
/// by several workers is shaped once per run rather than once per worker.
///
/// A worker comes here only when its own cache misses, so a hit costs a lock, a hash lookup and a
/// retain; its own cache then keeps the result, and the next time takes no lock at all. Values
/// are never changed once stored (arrays are shared copy-on-write: a worker changing its copy
/// gets one of its own), so handing them out across threads is safe.
///
/// Keys are spread over shards by their hash, each behind its own lock, so that workers missing
/// at the same time seldom wait for each other. Bounded: a shard holds at most its share of
/// `capacity` entries and evicts by the clock algorithm (an entry used since the hand last passed
/// survives one more turn), so a long run keeps the words it keeps meeting.
final class SharedShapes<Value>: @unchecked Sendable {
    /// Shards: more than the workers a machine runs, so two of them rarely want the same lock.
    static var shardCount: Int { 16 }

    private let shards: [Shard]

    /// Holds at most `capacity` entries (rounded up to a multiple of `shardCount`).
    init(capacity: Int) {
        let perShard = max(1, (capacity + Self.shardCount - 1) / Self.shardCount)
        shards = (0..<Self.shardCount).map { _ in Shard(capacity: perShard) }
    }

    /// Entries held, over all shards.
    var count: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.entries.count } } }

    /// The value stored for `key`, if any worker stored one (and not evicted since).
    func value(for key: ShapingKey) -> Value? {
        shard(of: key).state.withLock { $0.value(for: key) }
    }

    /// Stores `value` for `key`. When another worker stored one meanwhile (it shaped the same
    /// text at the same time), that one stays: both are what shaping gives.
    func insert(_ value: Value, for key: ShapingKey) {
        shard(of: key).state.withLock { $0.insert(value, for: key) }
    }

    /// The value stored for `key`, or what `make` gives (called outside any lock), then stored.
    func value(for key: ShapingKey, orMake make: () -> Value) -> Value {
        if let found = value(for: key) { return found }
        let made = make()
        insert(made, for: key)
        return made
    }

    private func shard(of key: ShapingKey) -> Shard {
        // FNV-1a spreads the last units of a short key poorly into the high bits: mix them first
        // (MurmurHash3's finalizer), then take the high bits.
        var mixed = key.hash
        mixed ^= mixed >> 33
        mixed &*= 0xff51_afd7_ed55_8ccd
        mixed ^= mixed >> 33
        return shards[Int(truncatingIfNeeded: mixed >> 60) & (Self.shardCount - 1)]
    }

    /// One shard: its table and its lock (a class, so that each shard's lock sits in memory of its own).
    private final class Shard: @unchecked Sendable {
        let state: Mutex<Table>

        init(capacity: Int) { state = Mutex(Table(capacity: capacity)) }
    }

    /// A shard's entries in a clock: a dictionary gives each key's place in `entries`.
    private struct Table {
        struct Entry {
            var key: ShapingKey
            var value: Value
            var referenced: Bool
        }

        let capacity: Int
        var entries: [Entry] = []
        var placeByKey: [ShapingKey: Int] = [:]
        var hand = 0

        init(capacity: Int) { self.capacity = capacity }

        mutating func value(for key: ShapingKey) -> Value? {
            guard let place = placeByKey[key] else { return nil }
            entries[place].referenced = true
            return entries[place].value
        }

        mutating func insert(_ value: Value, for key: ShapingKey) {
            guard placeByKey[key] == nil else { return }
            let entry = Entry(key: key, value: value, referenced: false)
            if entries.count < capacity {
                placeByKey[key] = entries.count
                entries.append(entry)
                return
            }
            while entries[hand].referenced {
                entries[hand].referenced = false
                hand = (hand + 1) % capacity
            }
            placeByKey[entries[hand].key] = nil
            placeByKey[key] = hand
            entries[hand] = entry
            hand = (hand + 1) % capacity
        }
    }
}
