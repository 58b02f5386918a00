/// A cache bounded by a cost that forgets what was not used lately, without flushing what is in
/// use: entries live in a current and a previous generation. When the current one is full it
/// becomes the previous one (the old previous one is dropped), and an entry found in the previous
/// one moves back to the current one. So an entry used at least once a generation stays, at most
/// twice the bound is held, and a lookup pays for no eviction list (a clock or LRU list per entry
/// would cost every hit a write).
package struct GenerationalCache<Key: Hashable, Value> {
    /// The cost one generation holds at most, e.g. 65,536 entries or bytes.
    package let costLimit: Int
    @usableFromInline var current: [Key: (value: Value, cost: Int)] = [:]
    @usableFromInline var previous: [Key: (value: Value, cost: Int)] = [:]
    @usableFromInline var currentCost = 0

    @inlinable
    package init(costLimit: Int) {
        self.costLimit = costLimit
    }

    /// How many entries are held, in both generations.
    @inlinable
    package var count: Int { current.count + previous.count }

    /// The value stored for `key`, moved into the current generation when it was in the previous one.
    @inlinable
    package mutating func value(for key: Key) -> Value? {
        if let found = current[key] { return found.value }
        guard let found = previous.removeValue(forKey: key) else { return nil }
        insert(found.value, for: key, cost: found.cost)
        return found.value
    }

    /// Stores `value` for `key` in the current generation, starting a new one first when it would
    /// go over `costLimit`. A value costing more than a generation holds is not stored.
    @inlinable
    package mutating func insert(_ value: Value, for key: Key, cost: Int = 1) {
        guard cost <= costLimit else { return }
        if let old = current[key] { currentCost -= old.cost }
        if currentCost + cost > costLimit {
            // The current generation becomes the previous one; the old previous one is emptied
            // and, keeping its table's room, becomes the current one.
            swap(&previous, &current)
            current.removeAll(keepingCapacity: true)
            currentCost = 0
        }
        current[key] = (value, cost)
        currentCost += cost
    }

    @inlinable
    package mutating func removeAll() {
        current.removeAll()
        previous.removeAll()
        currentCost = 0
    }
}
