import Foundation
import Testing
@testable import CellHeightKit

/// Issue 31, item 3: device variations, plural substitutions and ICU branches, each bounded on its
/// own, multiplied into 442,369 rows from a 2.6 KB `.xcstrings` (21 s, 1.1 GB) and 110,592 from a
/// 1.4 KB `.stringsdict`. One entry now gives at most 1,000 rows and a small file 10,000; the
/// error names the entry.
@Suite("catalogs: amplification bounded")
struct CatalogAmplificationTests {
    static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// An ICU select of `count` branches ("{g, select, b0 {Ordner} b1 {Ordner} … other {Ordner}}").
    static func select(_ count: Int) -> String {
        "{g, select, " + (0..<(count - 1)).map { "b\($0) {Ordner}" }.joined(separator: " ") + " other {Ordner}}"
    }

    /// A String Catalog whose key "files" has, in German, 5 devices x 6 x 6 substitution variants
    /// (the first variable's holding an ICU select of `branches`).
    static func stringCatalog(branches: Int) -> String {
        func substitution(_ name: String, _ text: String) -> String {
            "\"\(name)\": {\"argNum\": 1, \"formatSpecifier\": \"lld\", \"variations\": {\"plural\": {"
                + categories.map { "\"\($0)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"%arg \(text)\"}}" }
                    .joined(separator: ", ") + "}}}"
        }
        let devices = ["iphone", "ipad", "mac", "watch", "other"].map {
            "\"\($0)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"%#@a@ in %#@b@\"}}"
        }.joined(separator: ",\n")
        return """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "files": {"localizations": {"de": {
                "substitutions": {\(substitution("a", select(branches))), \(substitution("b", "Ordner"))},
                "variations": {"device": {
            \(devices)
                }}}}}}}
            """
    }

    @Test("xcstrings: devices x substitutions x ICU branches beyond 1,000 rows is an error naming the entry")
    func stringCatalogProduct() throws {
        // 5 x 36 x 5 = 900 rows, and the source language's (the key itself): measured.
        let fitting = try readCatalogRows(Array(Self.stringCatalog(branches: 5).utf8), format: .xcstrings, path: "Localizable.xcstrings")
        #expect(fitting.count == 901)
        // 5 x 36 x 6 = 1,080: refused, though each factor is far below its own bound.
        #expect {
            try readCatalogRows(Array(Self.stringCatalog(branches: 6).utf8), format: .xcstrings, path: "Localizable.xcstrings")
        } throws: { error in
            (error as? CellHeightError)?.description == "Localizable.xcstrings:3: \"files\" (de) gives more than 1000 rows once "
                + "its device variations, plural substitutions and ICU branches are combined"
        }
    }

    /// A `.stringsdict` entry: two plural variables of six categories, the first one's variants
    /// holding an ICU select.
    static func stringsDictEntry(_ key: String, branches: Int) -> String {
        "<key>\(key)</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key>\n<string>%#@a@ in %#@b@</string>\n"
            + StringsDictReaderTests.variable("a", categories.map { ($0, "%d " + select(branches)) }) + "\n"
            + StringsDictReaderTests.variable("b", categories.map { ($0, "%d Ordner") }) + "\n</dict>"
    }

    @Test("stringsdict: substitutions x ICU branches beyond 1,000 rows, and 10,000 in a small file, are errors")
    func stringsDictProduct() throws {
        let path = "de.lproj/Localizable.stringsdict"
        // 36 x 27 = 972 rows, fine; 36 x 28 = 1,008 refused.
        let fitting = try StringsDictReaderTests.rows(StringsDictReaderTests.plist(Self.stringsDictEntry("files", branches: 27)), path: path)
        #expect(fitting.count == 972)
        #expect {
            try StringsDictReaderTests.rows(StringsDictReaderTests.plist(Self.stringsDictEntry("files", branches: 28)), path: path)
        } throws: { error in
            (error as? CellHeightError)?.description.hasSuffix(
                "\"files\" (de) gives more than 1000 rows once its device variations, plural substitutions and ICU branches are combined") == true
        }
        // Eleven entries of 972 rows each: 10,692 rows from a file under 40 KB, whose bound is 10,000.
        let many = (0..<11).map { Self.stringsDictEntry("files\($0)", branches: 27) }.joined(separator: "\n")
        let text = StringsDictReaderTests.plist(many)
        #expect(text.utf8.count / 4 < 10_000)
        #expect {
            try StringsDictReaderTests.rows(text, path: path)
        } throws: { error in
            (error as? CellHeightError)?.description.contains(
                "more than 10000 rows from one file (at \"files10\" (de)): its variations, substitutions and branches multiply") == true
        }
    }
}
