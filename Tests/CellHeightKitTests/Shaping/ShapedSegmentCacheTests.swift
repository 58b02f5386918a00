import Testing
@testable import CellHeightKit

/// The width cache's table: a hit returns exactly what was stored under the same key, keys that
/// differ in any unit (script, neighbours, the segment's own) are different entries, and a full cache starts over.
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

    @Test("a full cache starts over and keeps answering right")
    func startsOverWhenFull() {
        var cache = ShapedSegmentCache()
        let count = ShapedSegmentCache.capacity + 1000
        for round in 0..<2 {
            for n in 0..<count {
                let word = Array("w\(n)".utf16)
                let segment = word.withUnsafeBufferPointer { units in
                    cache.segment(units, 0..<units.count, scriptMarker: 2) { Self.shaped(Double(n), count: units.count) }
                }
                let numbers = Self.numbers(cache, segment)
                #expect(numbers == Self.numbers(cache: Self.shaped(Double(n), count: word.count)),
                        "round \(round), word \(n)")
            }
        }
        #expect(cache.misses == 2 * count && cache.hits == 0)
        // The last words are there after the last start-over.
        let last = Array("w\(count - 1)".utf16)
        let segment = last.withUnsafeBufferPointer { units in
            cache.segment(units, 0..<units.count, scriptMarker: 2) { Self.shaped(-1, count: units.count) }
        }
        #expect(cache.hits == 1)
        #expect(Self.numbers(cache, segment) == Self.numbers(cache: Self.shaped(Double(count - 1), count: last.count)))
    }

    static func numbers(cache shaped: ShapedSegmentCache.Shaped) -> [Double] {
        shaped.advances + shaped.lineEndAdjustments.sorted { $0.key < $1.key }.map(\.value)
    }
}
