@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// Issue 7: a cluster of more than 64 marks or joiners is shaped in pieces (HarfBuzz 6.0 is
/// quadratic over one long cluster), and the result must equal shaping it whole.
@Suite("long clusters: shaped in pieces, same widths as shaped whole")
struct LongClusterPiecesTests {
    static func stack(_ base: String, _ marks: [Character], _ count: Int) -> String {
        base + String((0..<count).map { marks[$0 % marks.count] })
    }

    /// Texts with one long cluster between ordinary words, by the marks they stack.
    static let texts: [(name: String, make: (Int) -> String)] = [
        ("Latin acute accents", { "Zalgo " + stack("e", ["\u{301}"], $0) + " text here" }),
        ("Latin mixed marks above and below", { "one " + stack("a", ["\u{301}", "\u{316}", "\u{308}", "\u{327}"], $0) + "bc two" }),
        ("Devanagari letter and joiners", { "नमस्ते " + stack("क", ["\u{200D}"], $0) + " दुनिया" }),
        ("Hebrew points", { "שלום " + stack("ב", ["\u{5B0}", "\u{5B8}"], $0) + " עולם" }),
        ("Arabic harakat", { "مرحبا " + stack("ب", ["\u{64E}", "\u{651}"], $0) + " عالم" }),
        ("Thai tone marks", { "สวัสดี " + stack("ก", ["\u{E49}"], $0) }),
        ("enclosing keycaps", { "key " + stack("1", ["\u{20E3}"], $0) + " end" }),
        ("musical marks beyond the BMP", { "notes " + stack("\u{1D158}", ["\u{1D167}", "\u{1D168}"], $0) }),
    ]

    static let fonts = [TestFonts.dejaVuSans, TestFonts.liberationSerif, TestFonts.notoSans, TestFonts.notoSansDevanagari,
                        TestFonts.notoSansHebrew, TestFonts.notoSansArabic, TestFonts.notoSansThai]

    @Test("ordinary text is one piece")
    func ordinaryText() {
        for text in ["plain ASCII", "é\u{301}\u{302}", "नमस्ते दुनिया", "ปั้", String(repeating: "e\u{301}", count: 500)] {
            let units = Array(text.utf16)
            #expect(LongClusterPieces.pieces(of: units, range: 0..<units.count) == [0..<units.count])
        }
    }

    @Test("a run of marks is cut after every 64 marks", arguments: [(65, [0..<65, 65..<66]),
                                                                     (128, [0..<65, 65..<129]),
                                                                     (129, [0..<65, 65..<129, 129..<130])])
    func cutsEvery64(marks: Int, expected: [Range<Int>]) {
        let units = Array(Self.stack("e", ["\u{301}"], marks).utf16)
        #expect(LongClusterPieces.pieces(of: units, range: 0..<units.count) == expected)
    }

    @Test("joiners count as marks, surrogate pairs are never split")
    func joinersAndSurrogates() {
        let joiners = Array(Self.stack("क", ["\u{200D}", "\u{301}"], 100).utf16)
        #expect(LongClusterPieces.pieces(of: joiners, range: 0..<joiners.count) == [0..<65, 65..<101])
        let musical = Array(Self.stack("\u{1D158}", ["\u{1D167}"], 70).utf16)
        let pieces = LongClusterPieces.pieces(of: musical, range: 0..<musical.count)
        #expect(pieces == [0..<130, 130..<142])
    }

    @Test("same prefix widths, boundaries and lines as shaping whole", arguments: fonts)
    func sameAsWhole(font: String) throws {
        let chain = try TestFonts.chromiumChain(font)
        let pieces = try TextLayoutEngine(chain: chain, fontSize: 40, lineHeight: .normal)
        let whole = try TextLayoutEngine(chain: chain, fontSize: 40, lineHeight: .normal)
        whole.splitsLongClusters = false
        let piecesShaper = Shaper(chain: chain, fontSize: 40), wholeShaper = Shaper(chain: chain, fontSize: 40)
        wholeShaper.splitsLongClusters = false
        for (name, make) in Self.texts {
            for count in [65, 129, 300, 1000] {
                let text = make(count)
                let x = piecesShaper.shape(Array(text.utf16)), y = wholeShaper.shape(Array(text.utf16))
                #expect(x.advances == y.advances && x.clusterStarts == y.clusterStarts && x.fontIndices == y.fontIndices
                    && x.lineEndAdjustments == y.lineEndAdjustments && x.fonts.map(\.familyName) == y.fonts.map(\.familyName),
                    "\(name), \(count) marks: shaped paragraphs differ")
                let a = pieces.prepare(text), b = whole.prepare(text)
                #expect(a.hasSameNumbers(as: b, engine: pieces, otherEngine: whole), "\(name), \(count) marks")
                for width in [30.0, 120, 400] {
                    #expect(pieces.layout(a, width: width) == whole.layout(b, width: width), "\(name), \(count) marks at \(width)")
                }
            }
        }
    }
}
