/// The one cache type: every cache of the engine and the kit is a `BoundedCache` (the word and
/// range caches of a shaper, the store the workers share behind them, prepared texts, repeated
/// rows, locale answers). See docs/ARCHITECTURE.md, "Caches".
///
/// Bounded by a cost and forgetting what was not used lately, without flushing what is in use:
/// entries live in a current and a previous generation. When the current one is full (`limits`)
/// it becomes the previous one (the old previous one is dropped), and an entry found in the
/// previous one is copied back into the current one. So an entry used at least once a generation
/// stays, at most twice the bound is held, and a hit pays for no eviction list (a clock or LRU
/// list per entry would cost every hit a write).
///
/// Built for hot loops: a key is a sequence of 16-bit units looked up without being copied or
/// hashed into a `Hasher` (see `BoundedCacheKey`); stored keys sit one after the other in one array,
/// values in the storage (`BoundedCacheStorage`), and a table of open addressing holds each
/// entry's hash, key position and where its value is, so a hit touches a slot, the key's units and
/// the value.
/// A struct, held `inout` by its owner (one per thread); `SharedShapes` shares one between workers.
/// Public, not `package`: Swift 6.3 neither inlines nor specializes a `package` declaration's
/// `@inlinable` body in another module, and the kit calls this for every row (its repeated-rows
/// cache, unspecialized, cost 2 µs a row in generic metadata lookups).
public struct BoundedCache<Storage: BoundedCacheStorage> {
    /// What a generation holds at most: entries, and cost (key units plus what `Storage` counts).
    public struct Limits {
        public var entries: Int
        public var cost: Int

        @inlinable
        public init(entries: Int, cost: Int = .max) {
            self.entries = entries
            self.cost = cost
        }
    }

    public let limits: Limits
    @usableFromInline var current = Generation()
    @usableFromInline var previous = Generation()

    @inlinable
    public init(_ limits: Limits) { self.limits = limits }

    /// The current generation's storage, into which every `Storage.Stored` returned points.
    @inlinable
    public var storage: Storage { current.storage }

    /// How many entries are held, in both generations.
    @inlinable
    public var count: Int { current.count + previous.count }

    /// What is stored for `key`, copied into the current generation when it was in the previous one.
    @inlinable
    public mutating func find<Key: BoundedCacheKey>(_ key: Key) -> Storage.Stored? {
        let hash = Self.mixed(key.hash)
        if let found = current.find(key, hash: hash) { return found }
        guard let found = previous.find(key, hash: hash) else { return nil }
        return store(previous.storage.value(of: found), for: key, hash: hash)
    }

    /// Stores `value` for `key` in the current generation, starting a new one first when it would
    /// go over `limits` (a value costing more than a generation holds is then held alone). When
    /// `key` is there already (another thread stored it meanwhile), that entry stays.
    @inlinable @discardableResult
    public mutating func insert<Key: BoundedCacheKey>(_ value: Storage.Value, for key: Key) -> Storage.Stored {
        let hash = Self.mixed(key.hash)
        if let found = current.find(key, hash: hash) { return found }
        return store(value, for: key, hash: hash)
    }

    /// What is stored for `key`, or what `make` gives, stored.
    @inlinable
    public mutating func find<Key: BoundedCacheKey>(_ key: Key, orMake make: () -> Storage.Value) -> Storage.Stored {
        let hash = Self.mixed(key.hash)
        if let found = current.find(key, hash: hash) { return found }
        let value = previous.find(key, hash: hash).map { previous.storage.value(of: $0) } ?? make()
        return store(value, for: key, hash: hash)
    }

    @inlinable
    public mutating func removeAll() {
        current = Generation()
        previous = Generation()
    }

    /// Stores in the current generation (not holding `key`), starting a new one when full.
    @inlinable
    mutating func store<Key: BoundedCacheKey>(_ value: Storage.Value, for key: Key, hash: UInt64) -> Storage.Stored {
        let cost = key.unitCount + Storage.cost(of: value)
        if current.count >= limits.entries || current.cost + cost > limits.cost {
            // The current generation becomes the previous one; the old previous one is emptied
            // and, keeping its room, becomes the current one.
            swap(&current, &previous)
            current.removeAll()
        }
        return current.insert(value, for: key, hash: hash)
    }

    /// A key's hash mixed (MurmurHash3's finalizer): FNV-1a spreads the last units of a short key
    /// poorly into the high bits, which pick a shard, while the low bits pick the slot.
    @inlinable @inline(__always)
    public static func mixed(_ hash: UInt64) -> UInt64 {
        var mixed = hash ^ (hash >> 33)
        mixed &*= 0xff51_afd7_ed55_8ccd
        return mixed ^ (mixed >> 33)
    }

    /// One generation: its table, its keys' units and its storage.
    @usableFromInline
    struct Generation {
        /// One entry of the table: everything a lookup needs sits in the slot itself. It keeps the
        /// low 32 bits of the mixed hash, which pick its place in a table of fewer slots and tell
        /// most other keys apart: 16 bytes, 28 for a word cache's.
        @usableFromInline
        struct Slot {
            @usableFromInline var hash: UInt32 = 0
            /// Where the key's units start in `keyUnits`, and how many there are (-1: an empty slot).
            @usableFromInline var keyStart: Int32 = 0
            @usableFromInline var keyCount: Int32 = -1
            @usableFromInline var stored = Storage.vacant

            @inlinable
            init() {}

            @inlinable
            init(hash: UInt32, keyStart: Int32, keyCount: Int32, stored: Storage.Stored) {
                self.hash = hash
                self.keyStart = keyStart
                self.keyCount = keyCount
                self.stored = stored
            }
        }

        /// At most half full so probes stay short; it starts small (a 10-row run should not clear
        /// megabytes) and doubles as it fills.
        @usableFromInline var slots = [Slot](repeating: Slot(), count: 16)
        @usableFromInline var count = 0
        /// Each stored key's units, one after the other.
        @usableFromInline var keyUnits: [UInt16] = []
        @usableFromInline var storage = Storage()

        @inlinable
        init() {}

        /// Key units and what the storage counts.
        @inlinable
        var cost: Int { keyUnits.count + storage.cost }

        @inlinable
        func find<Key: BoundedCacheKey>(_ key: Key, hash: UInt64) -> Storage.Stored? {
            let unitCount = key.unitCount
            let hash = UInt32(truncatingIfNeeded: hash)
            return slots.withUnsafeBufferPointer { slots in
                keyUnits.withUnsafeBufferPointer { units in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while slots[slot].keyCount >= 0 {
                        if slots[slot].hash == hash, Int(slots[slot].keyCount) == unitCount {
                            let start = Int(slots[slot].keyStart)
                            let stored = UnsafeBufferPointer(rebasing: units[start..<(start + unitCount)])
                            if key.matches(stored) { return slots[slot].stored }
                        }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }

        /// Stores `value` for `key` (not held yet).
        @inlinable
        mutating func insert<Key: BoundedCacheKey>(_ value: Storage.Value, for key: Key,
                                                   hash: UInt64) -> Storage.Stored {
            if 2 * (count + 1) > slots.count { growSlots() }
            let stored = storage.store(value)
            let keyStart = keyUnits.count
            key.append(to: &keyUnits)
            place(Slot(hash: UInt32(truncatingIfNeeded: hash), keyStart: Int32(truncatingIfNeeded: keyStart),
                       keyCount: Int32(truncatingIfNeeded: keyUnits.count - keyStart), stored: stored))
            count += 1
            return stored
        }

        @inlinable
        mutating func place(_ entry: Slot) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot].keyCount >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }

        /// Doubles the table and puts every entry back.
        @inlinable
        mutating func growSlots() {
            let old = slots
            slots = [Slot](repeating: Slot(), count: 2 * old.count)
            for entry in old where entry.keyCount >= 0 { place(entry) }
        }

        @inlinable
        mutating func removeAll() {
            for i in slots.indices { slots[i] = Slot() }
            count = 0
            keyUnits.removeAll(keepingCapacity: true)
            storage.removeAll()
        }
    }
}

/// A key of a `BoundedCache`: 16-bit units (code units, and whatever marks its maker adds, e.g.
/// a script or the units around a word), looked up without being built: only a stored key's
/// units are copied, into the cache's key array.
public protocol BoundedCacheKey {
    /// The same for keys of the same units (FNV-1a, or the `Hasher`); the cache mixes it.
    var hash: UInt64 { get }
    var unitCount: Int { get }
    /// Whether the key's units are `stored` (which has `unitCount` units).
    func matches(_ stored: UnsafeBufferPointer<UInt16>) -> Bool
    /// Appends the key's units to `units`.
    func append(to units: inout [UInt16])
}

/// Where a `BoundedCache` keeps its values, per generation: one after the other (`CachedValues`),
/// or in flat arrays of their numbers (`ShapedSegmentCache.Numbers`: a hit then retains nothing).
/// A slot holds where a value is, so that a table at most half full costs a few bytes per slot.
public protocol BoundedCacheStorage {
    associatedtype Value
    /// What a slot holds and a lookup gives: where the value lies in the storage.
    associatedtype Stored
    /// What an empty slot holds.
    static var vacant: Stored { get }
    init()
    /// What a value costs, besides its key's units, against `BoundedCache.Limits.cost`.
    static func cost(of value: Value) -> Int
    /// The cost of the values held.
    var cost: Int { get }
    mutating func store(_ value: Value) -> Stored
    func value(of stored: Stored) -> Value
    mutating func removeAll()
}

/// Values one after the other, a slot holding a value's index; costing nothing beyond their keys.
public struct CachedValues<Value>: BoundedCacheStorage {
    @usableFromInline var values: [Value] = []

    @inlinable
    public static var vacant: Int32 { -1 }
    @inlinable
    public init() {}
    @inlinable
    public static func cost(of value: Value) -> Int { 0 }
    @inlinable
    public var cost: Int { 0 }
    @inlinable
    public mutating func store(_ value: Value) -> Int32 {
        values.append(value)
        return Int32(truncatingIfNeeded: values.count - 1)
    }
    @inlinable
    public func value(of stored: Int32) -> Value { values[Int(stored)] }
    @inlinable
    public mutating func removeAll() { values.removeAll(keepingCapacity: true) }
}

/// A cache of values: the kind that keys text (`TextKey`) or words (`ShapingKey`).
public typealias BoundedValueCache<Value> = BoundedCache<CachedValues<Value>>

extension BoundedCache {
    /// The value stored for `key`, copied into the current generation when it was in the previous one.
    @inlinable
    public mutating func value<Key: BoundedCacheKey, Value>(for key: Key) -> Value?
    where Storage == CachedValues<Value> {
        find(key).map { current.storage.value(of: $0) }
    }
}

/// A key of one or two strings, by their UTF-8 code units (never by `String` equality, which is
/// canonical equivalence: an NFD row would get an NFC row's results), hashed with the `Hasher`
/// straight from the strings' bytes.
public struct TextKey: BoundedCacheKey {
    @usableFromInline let first: String
    @usableFromInline let second: String?
    public let hash: UInt64
    public let unitCount: Int
    /// Between the two strings' bytes: no UTF-8 byte is 0xFFFF.
    @usableFromInline static let separator: UInt16 = 0xFFFF

    @inlinable
    public init(_ first: String, _ second: String? = nil) {
        self.first = first
        self.second = second
        var hasher = Hasher()
        Self.combine(first, into: &hasher)
        if let second {
            hasher.combine(Self.separator)
            Self.combine(second, into: &hasher)
        }
        hash = UInt64(bitPattern: Int64(hasher.finalize()))
        unitCount = first.utf8.count + (second.map { $0.utf8.count + 1 } ?? 0)
    }

    @inlinable
    static func combine(_ text: String, into hasher: inout Hasher) {
        let hashedContiguously: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashedContiguously == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    @inlinable
    public func matches(_ stored: UnsafeBufferPointer<UInt16>) -> Bool {
        var k = 0
        for byte in first.utf8 {
            guard stored[k] == UInt16(byte) else { return false }
            k += 1
        }
        guard let second else { return true }
        guard stored[k] == Self.separator else { return false }
        k += 1
        for byte in second.utf8 {
            guard stored[k] == UInt16(byte) else { return false }
            k += 1
        }
        return true
    }

    @inlinable
    public func append(to units: inout [UInt16]) {
        for byte in first.utf8 { units.append(UInt16(byte)) }
        guard let second else { return }
        units.append(Self.separator)
        for byte in second.utf8 { units.append(UInt16(byte)) }
    }
}
