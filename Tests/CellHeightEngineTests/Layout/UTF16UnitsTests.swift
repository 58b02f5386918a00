@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// The code units the engine lays out are the string's own UTF-16 (as `String.utf16` gives them):
/// decoded from UTF-8 by hand for speed, they must agree on every script and on the edges of the
/// encoding (two-, three- and four-byte characters, surrogate pairs at either end).
@Suite("UTF-16 units: the string's own, from its UTF-8")
struct UTF16UnitsTests {
    @Test("real messages of 20 scripts, emoji and edges give String.utf16's units, in an array of that size")
    func agreesWithTheStandardLibrary() throws {
        var texts = try ShapedRangeCacheTests.messages(perLocale: 100)
        #expect(texts.count > 1000)
        texts += ["", "a", "é", "€", "😀", "a😀", "😀a", "👩🏽‍💻 ok", "\u{10FFFF}", "\u{FFFF}\u{10000}",
                  "ß\u{0301}ﬁ", "한국어 日本語 العربية हिन्दी", String(repeating: "𝄞é", count: 1000)]
        for text in texts {
            let units = utf16Units(of: text)
            #expect(units == Array(text.utf16), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(units.capacity < units.count + 16, "sized to the text")
        }
    }
}
