@testable import CellHeightEngine
import Testing

/// Grapheme boundaries with Unicode 15.1's GB9c over Debian's ICU 72 (Unicode 15.0): the conjuncts
/// of the six scripts whose viramas are linkers are one cluster, as in Chromium 156's ICU 78;
/// other viramas (Kannada, Tamil) still end a cluster.
@Suite("grapheme boundaries: Unicode 15.1's GB9c")
struct IndicConjunctBreakTests {
    @Test("conjuncts of linker scripts are one cluster, others split", arguments: [
        ("\u{0915}\u{094D}\u{0937}", [3]),                          // क्ष
        ("\u{0915}\u{094D}\u{0937}\u{094D}\u{092E}", [5]),          // क्ष्म: chained
        ("\u{0915}\u{094D}\u{200D}\u{0937}", [4]),                  // ZWJ after the virama
        ("\u{0915}\u{093C}\u{094D}\u{0937}", [4]),                  // a nukta before it
        ("\u{0915}\u{094D}\u{200C}\u{0937}", [3, 4]),               // ZWNJ is no InCB extender
        ("\u{0995}\u{09CD}\u{09B7}", [3]),                          // Bengali ক্ষ
        ("\u{0C15}\u{0C4D}\u{0C37}", [3]),                          // Telugu క్ష
        ("\u{0D15}\u{0D4D}\u{0D37}", [3]),                          // Malayalam ക്ഷ
        ("\u{0CB8}\u{0CCD}\u{0CA5}", [2, 3]),                       // Kannada ಸ್ಥ: no linker
        ("\u{0B95}\u{0BCD}\u{0BB7}", [2, 3]),                       // Tamil க்ஷ
        ("\u{0915}\u{094D} \u{0937}", [2, 3, 4]),                   // a space between
        ("\u{0915}\u{094D}\u{0041}", [2, 3]),                       // no consonant after
        ("\u{0905}\u{094D}\u{0937}", [2, 3]),                       // a vowel before the virama
    ])
    func boundaries(text: String, expected: [Int]) throws {
        let icu = try ICUBreakIterator(.grapheme)
        #expect(icu.boundaries(Array(text.utf16)) == expected)
    }

    @Test("line breaks are not filtered")
    func lineBreaks() throws {
        let icu = try ICUBreakIterator(.line)
        #expect(icu.boundaries(Array("\u{0915}\u{094D}\u{0937} \u{0915}".utf16)) == [4, 5])
    }
}
