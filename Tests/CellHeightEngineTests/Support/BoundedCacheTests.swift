@testable import CellHeightEngine
import Foundation
import Testing

/// The one cache type (words, ranges, the store the workers share, prepared texts, repeated rows,
/// locale answers): bounded, never flushing what is in use, keyed by code units.
@Suite("bounded cache")
struct BoundedCacheTests {
    @Test("an entry used once a generation stays; one left alone for two generations goes; entries bound a generation")
    func keepsWhatIsUsed() {
        var cache = BoundedValueCache<Int>(.init(entries: 100))
        cache.insert(-1, for: TextKey("hot"))
        cache.insert(-2, for: TextKey("cold"))
        for n in 0..<1000 {
            cache.insert(n, for: TextKey("k\(n)"))
            if n % 50 == 0 { #expect(cache.value(for: TextKey("hot")) == -1, "at \(n)") }
            #expect(cache.count <= 200)
        }
        #expect(cache.value(for: TextKey("hot")) == -1)
        #expect(cache.value(for: TextKey("cold")) == nil)
        #expect(cache.value(for: TextKey("k999")) == 999 && cache.value(for: TextKey("k0")) == nil)
    }

    @Test("costs: key units bound a generation; a key stored already keeps its value; removeAll empties it")
    func costs() {
        var cache = BoundedValueCache<String>(.init(entries: .max, cost: 10))
        cache.insert("five", for: TextKey("abcde"))
        cache.insert("again", for: TextKey("abcde"))
        #expect(cache.value(for: TextKey("abcde")) == "five", "the first value stays")
        cache.insert("other", for: TextKey("fghij"))
        #expect(cache.count == 2, "10 units: one generation")
        cache.insert("third", for: TextKey("k"))
        #expect(cache.count == 3, "a new generation for the 11th unit")
        cache.insert("big", for: TextKey(String(repeating: "x", count: 11)))
        #expect(cache.value(for: TextKey(String(repeating: "x", count: 11))) == "big", "a dear value is held alone")
        #expect(cache.value(for: TextKey("abcde")) == nil, "two generations later")
        cache.removeAll()
        #expect(cache.count == 0 && cache.value(for: TextKey("k")) == nil)
    }

    @Test("text keys: by code units (NFC and NFD apart), two strings kept apart where they meet")
    func textKeys() {
        var cache = BoundedValueCache<Int>(.init(entries: 16))
        let nfc = "café", nfd = "café".decomposedStringWithCanonicalMapping
        #expect(nfc == nfd)
        cache.insert(1, for: TextKey(nfc))
        #expect(cache.value(for: TextKey(nfd)) == nil)
        cache.insert(2, for: TextKey(nfd))
        #expect(cache.value(for: TextKey(nfc)) == 1 && cache.value(for: TextKey(nfd)) == 2)
        cache.insert(3, for: TextKey("de", "CH"))
        #expect(cache.value(for: TextKey("d", "eCH")) == nil && cache.value(for: TextKey("deCH")) == nil)
        #expect(cache.value(for: TextKey("de", "CH")) == 3)
    }

    @Test("a table that grows past its first slots finds every entry (keys colliding in their hash too)")
    func grows() {
        var cache = BoundedValueCache<Int>(.init(entries: 10_000))
        for n in 0..<5000 { cache.insert(n, for: ShapingKey([UInt16(n & 0xFF), UInt16(n >> 8)])) }
        #expect((0..<5000).allSatisfy { cache.value(for: ShapingKey([UInt16($0 & 0xFF), UInt16($0 >> 8)])) == $0 })
        // Keys of one hash, told apart by their units.
        for n in 0..<100 { cache.insert(-n, for: CollidingKey(units: [UInt16(n), 7])) }
        #expect((0..<100).allSatisfy { cache.value(for: CollidingKey(units: [UInt16($0), 7])) == -$0 })
        #expect(cache.value(for: CollidingKey(units: [0])) == nil)
        #expect(cache.value(for: CollidingKey(units: [0, 8])) == nil)
    }
}

/// A key whose hash is the same whatever its units.
private struct CollidingKey: BoundedCacheKey {
    var units: [UInt16]
    var hash: UInt64 { 42 }
    var unitCount: Int { units.count }
    func matches(_ stored: UnsafeBufferPointer<UInt16>) -> Bool { units.elementsEqual(stored) }
    func append(to stored: inout [UInt16]) { stored += units }
}
