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
/// Keys are spread over shards by their hash, each behind its own lock, so that workers missing
/// at the same time seldom wait for each other. A shard's table probes with the key's own FNV-1a
/// hash (hashing it again, as a `Dictionary` would, cost more than the rest of a lookup).
/// Bounded as the workers' width caches are: entries live in a current and a previous generation
/// of at most `capacity` entries and `unitCapacity` key units (over all shards); when the current
/// one is full it becomes the previous one, and an entry found there is copied back, so the
/// entries in use stay.
final class SharedShapes<Value>: @unchecked Sendable {
    /// Shards: more than the workers a machine runs, so two of them rarely want the same lock.
    static var shardCount: Int { 16 }

    private let shards: [Shard]

    /// `unitCapacity`: a bound on the key units a generation holds, for keys that may be long
    /// (values are about as large as their keys); none for keys of bounded length.
    init(capacity: Int, unitCapacity: Int = .max) {
        let limits = Limits(entries: max(1, capacity / Self.shardCount), units: max(1, unitCapacity / Self.shardCount))
        shards = (0..<Self.shardCount).map { _ in Shard(limits) }
    }

    /// Entries held, over all shards and both generations.
    var count: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.count } } }

    /// The value stored for `key`, if any worker stored one (and it was not forgotten since).
    func value(for key: ShapingKey) -> Value? {
        let hash = Self.mixed(key.hash)
        return shard(hash).state.withLock { $0.value(for: key, hash: hash) }
    }

    /// Stores `value` for `key`. When another worker stored one meanwhile (it shaped the same
    /// text at the same time), that one stays: both are what shaping gives.
    func insert(_ value: Value, for key: ShapingKey) {
        let hash = Self.mixed(key.hash)
        shard(hash).state.withLock { $0.insert(value, for: key, hash: hash) }
    }

    /// The value stored for `key`, or what `make` gives (called outside any lock), then stored.
    func value(for key: ShapingKey, orMake make: () -> Value) -> Value {
        if let found = value(for: key) { return found }
        let made = make()
        insert(made, for: key)
        return made
    }

    /// FNV-1a spreads the last units of a short key poorly into the high bits: mixed first
    /// (MurmurHash3's finalizer), its high bits pick the shard and its low bits the slot.
    @inline(__always)
    private static func mixed(_ hash: UInt64) -> UInt64 {
        var mixed = hash ^ (hash >> 33)
        mixed &*= 0xff51_afd7_ed55_8ccd
        return mixed ^ (mixed >> 33)
    }

    private func shard(_ hash: UInt64) -> Shard {
        shards[Int(truncatingIfNeeded: hash >> 60) & (Self.shardCount - 1)]
    }

    private struct Limits {
        var entries: Int
        var units: Int
    }

    /// One shard: its generations and their lock (a class, so that each lock sits in memory of its own).
    private final class Shard: @unchecked Sendable {
        let state: Mutex<Generations>

        init(_ limits: Limits) { state = Mutex(Generations(limits: limits)) }
    }

    private struct Generations {
        let limits: Limits
        var current = Generation(), previous = Generation()

        init(limits: Limits) { self.limits = limits }

        var count: Int { current.keys.count + previous.keys.count }

        mutating func value(for key: ShapingKey, hash: UInt64) -> Value? {
            if let found = current.value(for: key, hash: hash) { return found }
            guard let found = previous.value(for: key, hash: hash) else { return nil }
            store(found, for: key, hash: hash)
            return found
        }

        mutating func insert(_ value: Value, for key: ShapingKey, hash: UInt64) {
            guard current.value(for: key, hash: hash) == nil else { return }
            store(value, for: key, hash: hash)
        }

        /// Stores in the current generation (not holding `key`), starting a new one when full.
        private mutating func store(_ value: Value, for key: ShapingKey, hash: UInt64) {
            guard key.units.count <= limits.units else { return }
            if current.keys.count >= limits.entries || current.units + key.units.count > limits.units {
                swap(&current, &previous)
                current.removeAll()
            }
            current.insert(value, for: key, hash: hash)
        }
    }

    /// One generation: open addressing with linear probing over `keys` and `values`, at most half
    /// full; it starts small (a short run should not clear big tables) and doubles as it fills.
    private struct Generation {
        var keys: [ShapingKey] = []
        var values: [Value] = []
        /// Index into `keys` and `values` per slot, -1 for an empty one.
        var slots = [Int32](repeating: -1, count: 16)
        /// Key units held, over all keys.
        var units = 0

        func value(for key: ShapingKey, hash: UInt64) -> Value? {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 {
                let index = Int(slots[slot])
                if keys[index] == key { return values[index] }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// Stores `value` for `key` (not held yet).
        mutating func insert(_ value: Value, for key: ShapingKey, hash: UInt64) {
            if 2 * (keys.count + 1) > slots.count { growSlots() }
            place(Int32(keys.count), hash: hash)
            keys.append(key)
            values.append(value)
            units += key.units.count
        }

        private mutating func place(_ index: Int32, hash: UInt64) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = index
        }

        private mutating func growSlots() {
            slots = [Int32](repeating: -1, count: 2 * slots.count)
            for (index, key) in keys.enumerated() { place(Int32(index), hash: SharedShapes.mixed(key.hash)) }
        }

        mutating func removeAll() {
            keys.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            for i in slots.indices { slots[i] = -1 }
            units = 0
        }
    }
}
