@testable import CellHeightEngine
import Testing

/// The width cache's table: a hit returns exactly what was stored under the same key, keys that
/// differ in any unit (script, neighbours, the segment's own) are different entries, and a full
/// generation makes way for a new one, keeping the words still in use.
@Suite("width cache table")
struct ShapedSegmentCacheTests {
    /// A made-up shaping result that tells which key it was made for.
    static func shaped(_ tag: Double, count: Int) -> ShapedSegmentCache.Shaped {
        ShapedSegmentCache.Shaped(advances: (0..<count).map { tag + Double($0) / 8 },
                                  clusterStarts: (0..<count).map { $0 % 2 == 0 },
                                  lineEndAdjustments: [count: tag / 64])
    }

    static func numbers(_ cache: ShapedSegmentCache, _ segment: ShapedSegmentCache.Segment) -> [Double] {
        Array(cache.advances[segment.start..<(segment.start + segment.count)])
            + (0..<segment.adjustmentCount).map { cache.adjustmentValues[segment.adjustmentStart + $0] }
    }

    @Test("same key: a hit with the stored numbers; other neighbours or script: a new entry")
    func hitsAndKeys() {
        var cache = ShapedSegmentCache()
        let text = Array("to be or not to be".utf16)
        text.withUnsafeBufferPointer { units in
            var made = 0.0
            func look(_ range: Range<Int>, _ marker: UInt16) -> [Double] {
                let segment = cache.segment(units, range, scriptMarker: marker) {
                    made += 1
                    return Self.shaped(made, count: range.count)
                }
                return Self.numbers(cache, segment)
            }
            let first = look(0..<2, 2)        // "to" at the start, before a space
            #expect(look(0..<2, 2) == first)  // the same key again: no shaping
            #expect(made == 1)
            #expect(look(13..<15, 2) != first)  // "to" after a space: another key
            #expect(look(0..<2, 3) != first)    // another script: another key
            #expect(made == 3)
            #expect(cache.hits == 1)
        }
        // Units beyond ASCII are keys of their own: "é" (U+00E9) and "ǩ" (U+01E9) share a low byte.
        let accented = Array("\u{E9}t\u{E9} \u{1E9}t\u{1E9} \u{E9}t\u{E9}".utf16)
        accented.withUnsafeBufferPointer { units in
            var made = 0
            func look(_ range: Range<Int>) -> [Double] {
                let segment = cache.segment(units, range, scriptMarker: 2) {
                    made += 1
                    return Self.shaped(Double(100 + made), count: range.count)
                }
                return Self.numbers(cache, segment)
            }
            let first = look(0..<3)
            #expect(look(4..<7) != first)
            #expect(look(8..<11) != first)  // other neighbours
            #expect(made == 3)
        }
    }

    /// Looks `word` up as a whole segment, counting in `made` the times it had to be shaped; its
    /// numbers must be those made for it (`tag`), whichever generation they came from.
    static func look(_ cache: inout ShapedSegmentCache, _ word: String, tag: Double, made: inout Int) {
        let units = Array(word.utf16)
        let segment = units.withUnsafeBufferPointer { units in
            cache.segment(units, 0..<units.count, scriptMarker: 2) {
                made += 1
                return Self.shaped(tag, count: units.count)
            }
        }
        #expect(Self.numbers(cache, segment) == Self.numbers(cache: Self.shaped(tag, count: units.count)), "\(word)")
    }

    @Test("a word used once a generation stays while three generations of other words pass; one left alone goes")
    func generations() {
        var cache = ShapedSegmentCache()
        var hot = 0, cold = 0, others = 0
        Self.look(&cache, "hot", tag: -1, made: &hot)
        Self.look(&cache, "cold", tag: -2, made: &cold)
        for n in 0..<(3 * ShapedSegmentCache.capacity) {
            Self.look(&cache, "w\(n)", tag: Double(n), made: &others)
            if n % 1000 == 0 { Self.look(&cache, "hot", tag: -1, made: &hot) }
        }
        #expect(hot == 1, "the word in use was never shaped again")
        #expect(others == 3 * ShapedSegmentCache.capacity)
        Self.look(&cache, "cold", tag: -2, made: &cold)
        #expect(cold == 2, "a word unused for two generations was forgotten")
        // The last generation's words are there, the first ones are not.
        let misses = cache.misses
        Self.look(&cache, "w\(3 * ShapedSegmentCache.capacity - 1)", tag: Double(3 * ShapedSegmentCache.capacity - 1), made: &others)
        #expect(cache.misses == misses)
        Self.look(&cache, "w0", tag: 0, made: &others)
        #expect(cache.misses == misses + 1)
    }

    static func numbers(cache shaped: ShapedSegmentCache.Shaped) -> [Double] {
        shaped.advances + shaped.lineEndAdjustments.sorted { $0.key < $1.key }.map(\.value)
    }
}
