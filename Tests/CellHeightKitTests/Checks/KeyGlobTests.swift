import Foundation
import Testing
@testable import CellHeightKit

/// A rules file's key patterns answer as `fnmatch` does in a UTF-8 locale: character by character.
@Suite("key globs")
struct KeyGlobTests {
    static let patterns = ["*", "", "*.title", "settings.*", "greeting.title", "*é", "é*", "*.title*", "a*b",
                           "?.title", "[ab].title", "\\*.title", "**", "*\u{0}x", "onboarding.*.title", "*ти",
                           // Issue 31, item 13: characters beyond ASCII where one character is asked for.
                           "Ma?e", "Gr[öo]ße", "[!a]*", "[^é]*", "[[:alpha:]]*", "[[:upper:]]*", "*[ß-ü]*", "\\?x", "[]a]*",
                           "*[[:digit:]]", "?", "??", "*?*?", "[é-ë]cran", "Gr??e"]
    static let keys = ["", "greeting.title", "settings.wifi", "settings.", "title", ".title", "x.title.y", "café",
                       "écran", "a.title", "ab", "*.title", "settings", "a\u{0}.title", "главная.заголовок.ти",
                       "onboarding.step1.title", "ЭКРАН.title", "settings.*",
                       "Maße", "Mase", "Größe", "Grosse", "Grüße", "é", "ß", "?x", "]b", "step2", "ëcran", "Écran"]

    /// Where bytes and characters agree (ASCII keys, or patterns with no `?` or `[…]`), the
    /// answer of the process's byte-wise `fnmatch`.
    @Test("every pattern against every key: the answer fnmatch gives where bytes are characters")
    func sameAsFnmatch() {
        for pattern in Self.patterns {
            for key in Self.keys where key.allSatisfy(\.isASCII) || !pattern.contains(where: { $0 == "?" || $0 == "[" }) {
                #expect(keyGlobMatches(pattern, key) == (fnmatch(pattern, key, 0) == 0), "\(pattern) \(key)")
            }
        }
    }

    @Test("one character beyond ASCII for ? or […]", arguments: [
        ("Ma?e", "Maße", true), ("Ma?e", "Mase", true), ("Gr[öo]ße", "Größe", true), ("Gr[öo]ße", "Grüße", false),
        ("Gr??e", "Größe", true), ("Gr???e", "Größe", false), ("??", "é", false), ("?", "é", true), ("??", "ßé", true),
        ("[!a]*", "écran", true), ("[^é]*", "écran", false), ("[[:alpha:]]*", "Écran", true), ("[[:upper:]]*", "écran", false),
        ("[[:upper:]]*", "ЭКРАН.title", true), ("*[ß-ü]*", "Grüße", true), ("*[ß-ü]*", "ЭКРАН.title", false),
        ("[é-ë]cran", "ëcran", true), ("[é-ë]cran", "écran", true), ("[é-ë]cran", "Écran", false), ("*?*?", "é", false),
        ("*[[:digit:]]", "step2", true), ("[]a]*", "]b", true), ("\\?x", "?x", true), ("\\?x", "éx", false),
    ])
    func characterPatterns(_ pattern: String, _ key: String, _ matches: Bool) {
        #expect(keyGlobMatches(pattern, key) == matches)
    }

    @Test("characters, not bytes: Ma?e matches Maße, Gr[öo]ße matches Größe")
    func characters() {
        #expect(keyGlobMatches("Ma?e", "Maße") && keyGlobMatches("Gr[öo]ße", "Größe") && keyGlobMatches("Gr[öo]ße", "Große"))
        #expect(!keyGlobMatches("Ma?e", "Maaae") && !keyGlobMatches("Gr[!ö]ße", "Größe"))
    }

    @Test("the forms answered by bytes")
    func forms() {
        #expect(keyGlobMatches("*.title", "greeting.title") && !keyGlobMatches("*.title", "greeting.titles"))
        #expect(keyGlobMatches("settings.*", "settings.wifi") && !keyGlobMatches("settings.*", "setting"))
        #expect(keyGlobMatches("*", "") && keyGlobMatches("greeting.title", "greeting.title"))
        #expect(!keyGlobMatches("*é", "cafe\u{301}"))  // bytes, as fnmatch: NFD is another key
    }
}
