import CHarfBuzz
@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// The primary font's pass read without shaping where the font provably draws only spaces,
/// digits and punctuation of a run (`NotdefScan`): shaping with the scan must give exactly what
/// shaping every range gives (every advance, font, cluster start and line-end adjustment), on
/// real translated text of every script of the system's catalogs, in fonts that lack most of them.
@Suite("notdef scan: the primary font's pass read without shaping gives what shaping gives", .serialized)
struct NotdefScanTests {
    /// Up to `perLocale` paragraphs of every locale's catalogs (/usr/share/locale: every script
    /// the benchmark corpus has), from its .mo files in name order.
    static func paragraphs(perLocale: Int) throws -> [String] {
        let root = "/usr/share/locale"
        var texts: [String] = []
        for locale in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
            let directory = root + "/" + locale + "/LC_MESSAGES"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            var taken = 0
            for name in names.sorted() where name.hasSuffix(".mo") && taken < perLocale {
                for text in gettextTranslations(atPath: directory + "/" + name) ?? [] where taken < perLocale {
                    for paragraph in text.split(separator: "\n") {
                        texts.append(String(paragraph))
                        taken += 1
                    }
                }
            }
        }
        return texts
    }

    static func shaper(_ font: String, scans: Bool) throws -> Shaper {
        let shaper = Shaper(chain: try TestFonts.chromiumChain(font), fontSize: 14)
        shaper.usesNotdefScan = scans
        // Every range shaped here, not taken from what another shaper shared (so that the
        // shapings are counted alike).
        shaper.usesRangeCache = false
        shaper.usesSegmentCache = false
        return shaper
    }

    /// What differs between two shapings of one paragraph, nil when nothing does.
    static func difference(_ a: ShapedParagraph, _ b: ShapedParagraph) -> String? {
        if a.advances != b.advances { return "advances \(a.advances) vs \(b.advances)" }
        if a.clusterStarts != b.clusterStarts { return "cluster starts" }
        let fontsA = a.fontIndices.map { a.fonts[Int($0)].path }, fontsB = b.fontIndices.map { b.fonts[Int($0)].path }
        if fontsA != fontsB { return "fonts \(fontsA) vs \(fontsB)" }
        if a.lineEndAdjustments != b.lineEndAdjustments {
            return "line-end adjustments \(a.lineEndAdjustments) vs \(b.lineEndAdjustments)"
        }
        return nil
    }

    /// The fonts, each with how many ranges the scan answers at least: DejaVu Sans lacks every
    /// Indic script, Thai, Tibetan, Myanmar, Ethiopic... and kerns none of its punctuation for
    /// them; Liberation Sans has a legacy `kern` table that HarfBuzz applies to the scripts its
    /// GPOS does not kern, and Noto Sans kerns ASCII punctuation and digits for every script, so
    /// both are shaped (and the test shows nothing changes for them); Noto Sans Devanagari is
    /// scanned over a few runs.
    @Test("same shaping as every range shaped, on the catalogs of every locale",
          arguments: [(TestFonts.dejaVuSans, 1000), (TestFonts.liberationSans, 0), (TestFonts.notoSans, 0),
                      (TestFonts.notoSansDevanagari, 50)])
    func equivalence(font: String, minimumScans: Int) throws {
        let texts = try Self.paragraphs(perLocale: 120)
        #expect(texts.count > 5000)
        let scanning = try Self.shaper(font, scans: true), shaping = try Self.shaper(font, scans: false)
        var differing: [String] = []
        for text in texts {
            let units = Array(text.utf16)
            if let difference = Self.difference(scanning.shape(units), shaping.shape(units)) {
                differing.append("\(text): \(difference)")
            }
        }
        let scans = scanning.notdefScan.scans
        print("notdef scan, \(URL(fileURLWithPath: font).lastPathComponent): \(texts.count) paragraphs, "
              + "\(differing.count) differ; \(scans) ranges scanned; HarfBuzz called \(scanning.harfBuzzShapings) "
              + "times, \(shaping.harfBuzzShapings) without the scan")
        #expect(differing.isEmpty, "first differing: \(differing.prefix(3))")
        #expect(shaping.notdefScan.scans == 0)
        #expect(scans >= minimumScans, "the scan answers many ranges")
        #expect(scanning.harfBuzzShapings + scans <= shaping.harfBuzzShapings)
    }

    /// The ranges of missing clusters in `clusters`, each run of them as one (what the fallback
    /// loop hands on), and the clusters drawn.
    static func readAsTheLoopDoes(_ clusters: [Shaper.Cluster])
        -> (missing: [Range<Int>], drawn: [(Range<Int>, Double, Double, Bool)]) {
        var missing: [Range<Int>] = []
        for cluster in clusters where cluster.missing {
            if let last = missing.last, last.upperBound == cluster.range.lowerBound {
                missing[missing.count - 1] = last.lowerBound..<cluster.range.upperBound
            } else {
                missing.append(cluster.range)
            }
        }
        let drawn = clusters.filter { !$0.missing }
        return (missing, drawn.map { ($0.range, $0.advance, $0.nominalAdvance, $0.unsafeToBreakBefore) })
    }

    @Test("""
          the characters HarfBuzz may compose with the one before, found from ICU's canonical decompositions, are \
          those found by asking HarfBuzz about every code point of planes 0 to 2
          """)
    func composingSeconds() throws {
        let ranges = try #require(NotdefScan.canonicalDecompositions())
        let fromICU = NotdefScan.composingSeconds(among: ranges)
        let fromAll = NotdefScan.composingSeconds(among: [0...(NotdefScan.decomposedLimit - 1)])
        #expect(fromICU == fromAll, "\(fromAll.subtracting(fromICU).sorted().prefix(10)) missing")
        // A combining acute accent (é), a Hangul medial vowel and final consonant (각 = 가 + ᆨ, 가 = ᄀ + ᅡ),
        // a Devanagari nukta (ऩ), the kana voicing mark (が).
        for codePoint: UInt32 in [0x0301, 0x1161, 0x11A8, 0x093C, 0x3099] {
            #expect(fromICU.contains(codePoint), "U+\(String(codePoint, radix: 16))")
        }
        #expect(!fromICU.contains(0x0041) && !fromICU.contains(0xAC00), "A, 가")
    }

    @Test("scanned in DejaVu Sans: its spaces, digits and punctuation drawn as shaping draws them, its words missing",
          arguments: [("கோப்பைத் திறக்க முடியவில்லை: (2)", HB_SCRIPT_TAMIL, [0..<8, 9..<15, 16..<27]),
                      ("फ़ाइल नहीं खुली। फिर से कोशिश करें?", HB_SCRIPT_DEVANAGARI,
                       [0..<5, 6..<10, 11..<16, 17..<20, 21..<23, 24..<29, 30..<34]),
                      ("เปิดไฟล์ \"1\" ไม่ได้ 100%", HB_SCRIPT_THAI, [0..<8, 13..<19]),
                      ("ফাইল খোলা যায়নি, ১২৩টি বাকি", HB_SCRIPT_BENGALI, [0..<4, 5..<9, 10..<16, 18..<23, 24..<28]),
                      ("ཡིག་ཆ་ཁ་ཕྱེ་མ་ཐུབ། 42", HB_SCRIPT_TIBETAN, [0..<18]),
                      ("ፋይሉን መክፈት አልተቻለም።", HB_SCRIPT_ETHIOPIC, [0..<4, 5..<9, 10..<17]),
                      ("ဖိုင်ကို ဖွင့်၍မရပါ (1)", HB_SCRIPT_MYANMAR, [0..<8, 9..<19])])
    func scannedInDejaVuSans(text: String, script: hb_script_t, missing: [Range<Int>]) throws {
        let shaper = try Self.shaper(TestFonts.dejaVuSans, scans: true)
        let units = Array(text.utf16)
        let scanned = try #require(shaper.notdefScan.clusters(units, range: 0..<units.count, script: script,
                                                               face: shaper.chain.primary, fontSize: 14,
                                                               splitsLongClusters: true))
        let shaped = shaper.shapeClusters(units, range: 0..<units.count, script: script, face: shaper.chain.primary)
        let a = Self.readAsTheLoopDoes(scanned), b = Self.readAsTheLoopDoes(shaped)
        #expect(a.missing == missing)
        #expect(b.missing == missing)
        #expect(a.drawn.map(\.0) == b.drawn.map(\.0))
        #expect(a.drawn.map(\.1) == b.drawn.map(\.1))
        #expect(a.drawn.map(\.2) == b.drawn.map(\.2))
        #expect(b.drawn.allSatisfy { !$0.3 } && a.drawn.allSatisfy { !$0.3 })
        #expect(!a.drawn.isEmpty)
    }

    @Test("left to shaping: joiners, a mark after a space, Khmer, a script the font has, a script's own shaper",
          arguments: [("പ്‌ രണ്ട്", HB_SCRIPT_MALAYALAM, TestFonts.dejaVuSans),
                      ("नमस्ते \u{94D}क", HB_SCRIPT_DEVANAGARI, TestFonts.dejaVuSans),
                      ("ស្វាគមន៍ អ្នក", HB_SCRIPT_KHMER, TestFonts.dejaVuSans),
                      ("Привет мир", HB_SCRIPT_CYRILLIC, TestFonts.dejaVuSans),
                      ("நன்றி (1)", HB_SCRIPT_TAMIL, TestFonts.notoSansDevanagari)])
    func leftToShaping(text: String, script: hb_script_t, font: String) throws {
        let shaper = try Self.shaper(font, scans: true)
        let units = Array(text.utf16)
        let clusters = shaper.notdefScan.clusters(units, range: 0..<units.count, script: script,
                                                  face: shaper.chain.primary, fontSize: 14, splitsLongClusters: true)
        #expect(clusters == nil)
    }
}
