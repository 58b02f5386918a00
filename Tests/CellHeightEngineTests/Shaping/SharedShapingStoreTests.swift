import CHarfBuzz
@testable import CellHeightEngine
import Foundation
import Synchronization
import Testing
import CellHeightTestSupport

/// The store the workers share behind their own word and range caches: a second engine, on another
/// thread with faces of its own, gets what the first one shaped without calling HarfBuzz, and
/// exactly what shaping alone gives; keys differ wherever shaping differs (code units, size,
/// font, the context Arabic joining reads); the store stays bounded (in entries and in key units)
/// and safe under threads.
///
/// Each test uses a font size no other test uses, so that what it counts is its own shaping.
@Suite("shared shaping store: workers share what they shape")
struct SharedShapingStoreTests {
    /// Runs `body` on a thread of its own and waits for it (as a worker of its own would run it).
    static func onAnotherThread(_ body: @escaping () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }

    /// An engine that shapes every text in full, caching nothing: what shaping alone gives.
    static func shapingAlone(_ font: String, size: Double) throws -> TextLayoutEngine {
        let engine = try TestFonts.engine(font, size: size)
        engine.usesRangeCache = false
        engine.usesSegmentCache = false
        engine.usesPairwiseLane = false
        return engine
    }

    /// An engine as a worker has one, preparing every text by shaping (not in the pairwise lane,
    /// whose pairs are shared otherwise), so that each shaping goes through the caches.
    static func worker(_ font: String, size: Double) throws -> TextLayoutEngine {
        let engine = try TestFonts.engine(font, size: size)
        engine.usesPairwiseLane = false
        return engine
    }

    /// Words of real translated messages of 20 scripts (a word alone fits one cached range; no
    /// fullwidth closing bracket, whose line-end trim is shaped each time) and lines of prose in
    /// ASCII (shaped word by word).
    static func texts() throws -> [String] {
        let words = try ShapedRangeCacheTests.messages(perLocale: 40).flatMap { $0.split(separator: " ").map(String.init) }
        let alone = words.filter { word in
            word.utf16.count <= ShapedRangeCache.maximumUnits / 2
                && !word.unicodeScalars.contains { HanKerning.unicodeType($0.value) == .close }
        }
        let prose = try String(contentsOfFile: "/usr/share/common-licenses/Apache-2.0", encoding: .utf8)
            .split(separator: "\n").prefix(120).map(String.init)
        return Array(Set(alone)).sorted() + prose
    }

    func layoutsAgree(_ a: PreparedText, _ engine: TextLayoutEngine, _ b: PreparedText, _ other: TextLayoutEngine) -> Bool {
        a.hasSameNumbers(as: b, engine: engine, otherEngine: other)
            && [30.0, 160, 320].allSatisfy { engine.layout(a, width: $0) == other.layout(b, width: $0) }
    }

    @Test("a second worker gets the first one's words and ranges without calling HarfBuzz, as shaping alone gives them")
    func secondWorkerShapesNothing() throws {
        let size = 14.375
        let texts = try Self.texts()
        #expect(texts.count > 1000)
        let first = try Self.worker(TestFonts.dejaVuSans, size: size)
        let second = try Self.worker(TestFonts.dejaVuSans, size: size)
        #expect(first.chain.primary !== second.chain.primary, "each worker opens faces of its own")
        Self.onAnotherThread { for text in texts { _ = first.prepare(text) } }
        var prepared: [PreparedText] = []
        Self.onAnotherThread { prepared = texts.map { second.prepare($0) } }
        print("shared store: \(texts.count) texts; the first worker called HarfBuzz \(first.harfBuzzShapings) times, "
              + "the second \(second.harfBuzzShapings) times, its \(second.rangeCacheStatistics.misses) range and "
              + "\(second.segmentCacheStatistics.misses) word misses answered by the store")
        #expect(first.harfBuzzShapings > 1000)
        #expect(second.harfBuzzShapings == 0, "every word and range was shaped by the first worker")
        #expect(second.rangeCacheSharedHits == second.rangeCacheStatistics.misses)
        #expect(second.rangeCacheSharedHits > 500)
        #expect(second.segmentCacheStatistics.misses > 500, "the second worker's own cache was empty")
        let alone = try Self.shapingAlone(TestFonts.dejaVuSans, size: size)
        let differing = zip(texts, prepared).filter { text, shared in !layoutsAgree(shared, second, alone.prepare(text), alone) }
        #expect(differing.isEmpty, "first differing texts: \(differing.prefix(5).map(\.0))")
    }

    @Test("the NFD word is not the NFC word, another size or another font is not this one: each is shaped")
    func keysThatMustDiffer() throws {
        let size = 14.625
        // Hangul syllables and their conjoining jamo, Devanagari with a nukta precomposed and not,
        // Vietnamese; the NFC texts are shaped by the first worker.
        let words = ["한국어", "파일", "ऩ", "Việt", "tiếng"]
        let nfc = words.map(\.precomposedStringWithCanonicalMapping)
        let nfd = words.map(\.decomposedStringWithCanonicalMapping)
        #expect(zip(nfc, nfd).allSatisfy { Array($0.utf16) != Array($1.utf16) })
        let first = try Self.worker(TestFonts.dejaVuSans, size: size)
        Self.onAnotherThread { for text in nfc { _ = first.prepare(text) } }
        #expect(first.harfBuzzShapings > 0)

        let cases: [(name: String, font: String, size: Double, texts: [String])] = [
            ("NFD", TestFonts.dejaVuSans, size, nfd), ("another size", TestFonts.dejaVuSans, size + 1, nfc),
            ("another font", TestFonts.dejaVuSerif, size, nfc),
        ]
        for (name, font, size, texts) in cases {
            let worker = try Self.worker(font, size: size)
            let alone = try Self.shapingAlone(font, size: size)
            let face = try FontFace(path: font)
            for text in texts {
                let shapingsBefore = worker.harfBuzzShapings
                let shared = worker.prepare(text)
                // A text the other font draws itself is shaped with it; one it leaves to a fallback
                // font (DejaVu Serif has no Devanagari; its pass over "ऩ" is read, `NotdefScan`) may
                // come from that font's store, which the first worker filled at this size.
                if name != "another font" || text.unicodeScalars.allSatisfy({ face.hasGlyph($0.value) }) {
                    let scalars = Array(text.unicodeScalars)
                    #expect(worker.harfBuzzShapings > shapingsBefore, "\(name): \(scalars) is shaped")
                }
                #expect(layoutsAgree(shared, worker, alone.prepare(text), alone), "\(name): \(Array(text.unicodeScalars))")
            }
        }
        // The NFC words again, by another worker: all from the store.
        let again = try Self.worker(TestFonts.dejaVuSans, size: size)
        for text in nfc { _ = again.prepare(text) }
        #expect(again.harfBuzzShapings == 0)
    }

    @Test("range keys: the context counts for Arabic (joining reads it), not for Hangul, across workers' caches")
    func context() throws {
        let shared = SharedShapes<[ShapedRangeCache.StoredCluster]>(capacity: 64)
        let face = try TestFonts.face(TestFonts.notoSansArabic)
        // Two workers' caches, each with a face of its own.
        var caches = [ShapedRangeCache(), ShapedRangeCache()]
        let faces = [face, try TestFonts.face(TestFonts.notoSansArabic)]
        var shaped = 0
        func look(_ worker: Int, _ text: String, _ range: Range<Int>, _ script: hb_script_t) {
            _ = caches[worker].clusters(Array(text.utf16), range: range, script: script, face: faces[worker],
                                        shared: { shared }) {
                shaped += 1
                return [Shaper.Cluster(range: range, advance: 1, missing: false)]
            }
        }
        look(0, "بب", 1..<2, HB_SCRIPT_ARABIC)    // a beh after a joining beh
        look(1, " ب", 1..<2, HB_SCRIPT_ARABIC)    // after a space: another entry
        look(1, "بب", 1..<2, HB_SCRIPT_ARABIC)    // the first worker's: from the store
        #expect(shaped == 2)
        look(0, "가나", 1..<2, HB_SCRIPT_HANGUL)
        look(1, "다나", 1..<2, HB_SCRIPT_HANGUL)  // another neighbour, the same shaping
        #expect(shaped == 3)
        #expect(caches[1].sharedHits == 2)
        #expect(caches[0].sharedHits == 0)
    }

    @Test("bounded: a full generation makes way for a new one, keeping the entries in use")
    func generations() {
        let capacity = 4 * SharedShapes<Int>.shardCount
        let store = SharedShapes<Int>(capacity: capacity)
        let kept = ShapingKey([0xAC00])
        store.insert(-1, for: kept)
        for n in 0..<(50 * capacity) {
            store.insert(n, for: ShapingKey([UInt16(n & 0xFFFF), UInt16(n >> 16)]))
            #expect(store.value(for: kept) == -1, "an entry in use is kept")
        }
        #expect(store.count <= 2 * capacity)
        #expect(store.value(for: ShapingKey([0, 0])) == nil, "an entry left unused is forgotten")
        let last = 50 * capacity - 1
        #expect(store.value(for: ShapingKey([UInt16(last & 0xFFFF), UInt16(last >> 16)])) == last)
    }

    @Test("bounded in key units: long keys fill a generation sooner, and one too long is not kept")
    func unitBound() {
        let shardUnits = 1000
        let store = SharedShapes<Int>(capacity: 1 << 20, unitCapacity: shardUnits * SharedShapes<Int>.shardCount)
        for n in 0..<2000 { store.insert(n, for: ShapingKey([UInt16(n)] + Array(repeating: 0x61, count: 99))) }
        #expect(store.count <= 2 * 10 * SharedShapes<Int>.shardCount, "at most 10 keys of 100 units a shard's generation")
        let tooLong = ShapingKey(Array(repeating: 0x62, count: shardUnits + 1))
        store.insert(1, for: tooLong)
        #expect(store.value(for: tooLong) == nil)
    }

    @Test("threads storing and finding the same keys at once get each key's own value")
    func concurrentWorkers() {
        let store = SharedShapes<[UInt16]>(capacity: 256)
        // A key's value is its units reversed: any mix-up between keys shows.
        let keys = (0..<1000).map { n in ShapingKey([0x0627, UInt16(n), UInt16(n % 7)]) }
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for n in 0..<20_000 {
                let key = keys[(n * (worker + 1)) % keys.count]
                let value = store.value(for: key) { key.units.reversed() }
                if value != key.units.reversed() { wrong.withLock { $0 += 1 } }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
        #expect(store.count <= 2 * 256)
    }
}
