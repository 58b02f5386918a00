import CHarfBuzz
@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// The fallback loop's range cache: texts shaped through it must come out exactly as when every
/// range is shaped (same advances, clusters, fonts, line-end adjustments, lines), on real
/// translated text of many scripts; keys are code units (an NFD word is not an NFC word), the
/// context counts where HarfBuzz reads it, and the cache stays bounded.
@Suite("range cache: cached fallback shaping equals shaping every range", .serialized)
struct ShapedRangeCacheTests {
    /// Locales of the system's gettext catalogs, for their scripts: CJK, Hangul, Arabic (joining),
    /// Hebrew, Thai, Lao, Khmer, Myanmar, Indic, Sinhala, Georgian, Ethiopic, Cyrillic, Greek, Latin.
    static let locales = ["ja", "zh_CN", "zh_TW", "ko", "ar", "fa", "ur", "he", "th", "lo", "km", "my", "hi", "bn",
                          "ta", "te", "gu", "si", "ka", "am", "ru", "el", "vi"]

    /// Up to `perLocale` translated messages of each locale, from its .mo files in name order.
    static func messages(perLocale: Int) throws -> [String] {
        var texts: [String] = []
        for locale in locales {
            let directory = "/usr/share/locale/\(locale)/LC_MESSAGES"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            var taken = 0
            for name in names.sorted() where name.hasSuffix(".mo") && taken < perLocale {
                let path = directory + "/" + name
                guard let translations = gettextTranslations(atPath: path) else { continue }
                for text in translations.prefix(perLocale - taken) where !text.isEmpty {
                    texts.append(text)
                    taken += 1
                }
            }
        }
        return texts
    }

    @Test("same numbers and lines as shaping every range, on catalogs of 20 scripts",
          arguments: [TestFonts.dejaVuSans, TestFonts.liberationSerif])
    func equivalence(font: String) throws {
        let texts = try Self.messages(perLocale: 400)
        #expect(texts.count > 5000)
        let chain = try TestFonts.chromiumChain(font)
        let cached = try TextLayoutEngine(chain: chain, fontSize: 14, lineHeight: .normal)
        let uncached = try TextLayoutEngine(chain: chain, fontSize: 14, lineHeight: .normal)
        uncached.usesRangeCache = false
        // The ranges of every paragraph go through the caches (word records would take most
        // words before the range cache sees them: `WordRecordTests` compares those).
        cached.usesWordRecords = false
        uncached.usesWordRecords = false
        var differing: [String] = []
        for text in texts {
            let a = cached.prepare(text), b = uncached.prepare(text)
            let layoutsAgree = [30.0, 160, 320].allSatisfy { cached.layout(a, width: $0) == uncached.layout(b, width: $0) }
            if !a.hasSameNumbers(as: b, engine: cached, otherEngine: uncached) || !layoutsAgree { differing.append(text) }
        }
        let (hits, misses) = cached.rangeCacheStatistics
        print("range cache, \(URL(fileURLWithPath: font).lastPathComponent): \(texts.count) texts, "
              + "\(differing.count) differ; \(hits) hits, \(misses) misses")
        #expect(hits > misses / 2, "catalogs repeat their words")
        #expect(differing.isEmpty, "first differing texts: \(differing.prefix(5))")
    }

    @Test("an NFD word is not the NFC word: each is shaped as itself")
    func canonicalEquivalents() throws {
        let chain = try TestFonts.chromiumChain(TestFonts.dejaVuSans)
        let cached = try TextLayoutEngine(chain: chain, fontSize: 14, lineHeight: .normal)
        let uncached = try TextLayoutEngine(chain: chain, fontSize: 14, lineHeight: .normal)
        uncached.usesRangeCache = false
        // Hangul syllables (NFC) and their conjoining jamo (NFD), Devanagari with a nukta
        // precomposed and not (U+0929 is NFC; U+0928 U+093C its NFD), Vietnamese in a Khmer run.
        let pairs = ["파일 열기 한국어", "ऩ नहीं ऩ", "ស្វាគមន៍ Việt ស្វាគមន៍"].map {
            ($0.precomposedStringWithCanonicalMapping, $0.decomposedStringWithCanonicalMapping)
        }
        for (nfc, nfd) in pairs {
            #expect(Array(nfc.utf16) != Array(nfd.utf16))
            for text in [nfc, nfd, nfc, nfd] {
                let a = cached.prepare(text), b = uncached.prepare(text)
                #expect(a.units == Array(text.utf16), "the prepared text keeps its own code units")
                #expect(a.hasSameNumbers(as: b, engine: cached, otherEngine: uncached), "\(Array(text.unicodeScalars))")
            }
        }
        // Cache level: the NFD word after the NFC one is a miss, not the NFC word's clusters.
        var cache = ShapedRangeCache()
        let face = try TestFonts.face(TestFonts.notoSansCJK)
        var shaped = 0
        for word in ["한국어", "한국어".decomposedStringWithCanonicalMapping, "한국어"] {
            let units = Array(word.utf16)
            let clusters = cache.clusters(units, range: 0..<units.count, script: HB_SCRIPT_HANGUL, face: face) {
                shaped += 1
                return (0..<units.count).map { Shaper.Cluster(range: $0..<($0 + 1), advance: Double(units.count), missing: false) }
            }
            #expect(clusters.count == units.count)
        }
        #expect(shaped == 2)
        #expect(cache.hits == 1)
    }

    @Test("context: part of the key for Arabic (joining reads it), not for Hangul")
    func context() throws {
        let face = try TestFonts.face(TestFonts.notoSansArabic)
        var cache = ShapedRangeCache()
        var shaped = 0
        func look(_ text: String, _ range: Range<Int>, _ script: hb_script_t) {
            _ = cache.clusters(Array(text.utf16), range: range, script: script, face: face) {
                shaped += 1
                return [Shaper.Cluster(range: range, advance: 1, missing: false)]
            }
        }
        look("بب", 1..<2, HB_SCRIPT_ARABIC)    // a beh after a joining beh
        look(" ب", 1..<2, HB_SCRIPT_ARABIC)    // after a space: another entry
        look("بب", 1..<2, HB_SCRIPT_ARABIC)    // the first again: a hit
        #expect(shaped == 2)
        look("가나", 1..<2, HB_SCRIPT_HANGUL)
        look("다나", 1..<2, HB_SCRIPT_HANGUL)  // another neighbour, the same shaping
        #expect(shaped == 3)
        #expect(cache.hits == 2)
    }

    @Test("bounded: two generations of `capacity` entries; one used once a generation stays, one left alone goes")
    func eviction() {
        var cache = ShapedRangeCache()
        let face = try? TestFonts.face(TestFonts.dejaVuSans)
        var shaped = 0
        func look(_ n: Int) {
            let units: [UInt16] = [UInt16(0x4E00 + n / 256), UInt16(0x4E00 + n % 256)]
            _ = cache.clusters(units, range: 0..<2, script: HB_SCRIPT_HAN, face: face!) {
                shaped += 1
                return [Shaper.Cluster(range: 0..<2, advance: Double(n % 1024), missing: false)]
            }
        }
        look(7)
        for n in 8..<(4 * ShapedRangeCache.capacity) {
            look(n)
            if n % 1000 == 0 { look(7) }  // used again once a generation: kept
            #expect(cache.count <= 2 * ShapedRangeCache.capacity)
        }
        let before = shaped
        look(7)
        #expect(shaped == before, "an entry in use is kept")
        look(8)
        #expect(shaped == before + 1, "an entry left unused is evicted")
    }
}
