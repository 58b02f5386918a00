@testable import CellHeightEngine
import Testing

/// The caches that forget what was not used lately (prepared texts, words the pairwise lane shapes
/// whole): bounded, and never flushing what is in use.
@Suite("generational cache")
struct GenerationalCacheTests {
    @Test("an entry used once a generation stays; one left alone for two generations goes; the cost bounds a generation")
    func keepsWhatIsUsed() {
        var cache = GenerationalCache<String, Int>(costLimit: 100)
        cache.insert(-1, for: "hot")
        cache.insert(-2, for: "cold")
        for n in 0..<1000 {
            cache.insert(n, for: "k\(n)")
            if n % 50 == 0 { #expect(cache.value(for: "hot") == -1, "at \(n)") }
            #expect(cache.count <= 200)
        }
        #expect(cache.value(for: "hot") == -1)
        #expect(cache.value(for: "cold") == nil)
        #expect(cache.value(for: "k999") == 999 && cache.value(for: "k0") == nil)
    }

    @Test("costs: a value dearer than a generation is not stored; replacing a key does not count it twice")
    func costs() {
        var cache = GenerationalCache<Int, String>(costLimit: 10)
        cache.insert("big", for: 1, cost: 11)
        #expect(cache.value(for: 1) == nil)
        for _ in 0..<20 { cache.insert("same", for: 2, cost: 5) }
        cache.insert("other", for: 3, cost: 5)
        #expect(cache.value(for: 2) == "same" && cache.value(for: 3) == "other")
        cache.removeAll()
        #expect(cache.count == 0 && cache.value(for: 2) == nil)
    }
}
