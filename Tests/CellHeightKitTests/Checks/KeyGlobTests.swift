import Foundation
import Testing
@testable import CellHeightKit

/// A rules file's key patterns: the forms compared byte by byte answer as `fnmatch` does.
@Suite("key globs")
struct KeyGlobTests {
    static let patterns = ["*", "", "*.title", "settings.*", "greeting.title", "*é", "é*", "*.title*", "a*b",
                           "?.title", "[ab].title", "\\*.title", "**", "*\u{0}x", "onboarding.*.title", "*ти"]
    static let keys = ["", "greeting.title", "settings.wifi", "settings.", "title", ".title", "x.title.y", "café",
                       "écran", "a.title", "ab", "*.title", "settings", "a\u{0}.title", "главная.заголовок.ти",
                       "onboarding.step1.title", "ЭКРАН.title", "settings.*"]

    @Test("every pattern against every key: the answer fnmatch gives")
    func sameAsFnmatch() {
        for pattern in Self.patterns {
            for key in Self.keys {
                #expect(keyGlobMatches(pattern, key) == (fnmatch(pattern, key, 0) == 0), "\(pattern) \(key)")
            }
        }
    }

    @Test("the forms answered by bytes")
    func forms() {
        #expect(keyGlobMatches("*.title", "greeting.title") && !keyGlobMatches("*.title", "greeting.titles"))
        #expect(keyGlobMatches("settings.*", "settings.wifi") && !keyGlobMatches("settings.*", "setting"))
        #expect(keyGlobMatches("*", "") && keyGlobMatches("greeting.title", "greeting.title"))
        #expect(!keyGlobMatches("*é", "cafe\u{301}"))  // bytes, as fnmatch: NFD is another key
    }
}
