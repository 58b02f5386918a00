import Testing
@testable import CellHeightKit

/// Issue 15, section 2: `.stringsdict` plural catalogs read as catalogs, a row per variant.
@Suite("catalogs: stringsdict")
struct StringsDictReaderTests {
    /// A `.stringsdict` of `entries` (the XML inside the top `<dict>`), with Apple's header.
    static func plist(_ entries: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(entries)
        </dict>
        </plist>
        """
    }

    /// A plural variable's `<dict>` of `variants` (category, text), one element a line.
    static func variable(_ name: String, _ variants: [(String, String)]) -> String {
        (["<key>\(name)</key>", "<dict>", "<key>NSStringFormatSpecTypeKey</key>", "<string>NSStringPluralRuleType</string>",
          "<key>NSStringFormatValueTypeKey</key>", "<string>d</string>"]
            + variants.flatMap { ["<key>\($0.0)</key>", "<string>\($0.1)</string>"] } + ["</dict>"]).joined(separator: "\n")
    }

    static func rows(_ text: String, path: String = "ru.lproj/Localizable.stringsdict") throws -> [Row] {
        let rows = try readCatalogRows(Array(text.utf8), format: .stringsdict, path: path)
        checkCatalogRowInvariants(rows)
        return rows
    }

    /// fixtures/catalogs/app/de.lproj/Localizable.stringsdict, checked by hand: each line is the
    /// line of the (first variable's) variant's <string>.
    static let fixtureRows = [
        ExpectedCatalogRow("opening_items[one]", "%d Objekt wird geöffnet", locale: "de", line: 16, ["plural": "one"]),
        ExpectedCatalogRow("opening_items[other]", "%d Objekte werden geöffnet", locale: "de", line: 18, ["plural": "other"]),
        ExpectedCatalogRow("files_in_folders[one][one]", "%1$d Datei in %2$d Ordner gefunden", locale: "de", line: 32,
                           ["plural": "one,one"]),
        ExpectedCatalogRow("files_in_folders[one][other]", "%1$d Datei in %2$d Ordnern gefunden", locale: "de", line: 32,
                           ["plural": "one,other"]),
        ExpectedCatalogRow("files_in_folders[other][one]", "%1$d Dateien in %2$d Ordner gefunden", locale: "de", line: 34,
                           ["plural": "other,one"]),
        ExpectedCatalogRow("files_in_folders[other][other]", "%1$d Dateien in %2$d Ordnern gefunden", locale: "de", line: 34,
                           ["plural": "other,other"]),
        ExpectedCatalogRow("select_file[iphone]", "Datei wählen", locale: "de", line: 53, ["device": "iphone"]),
        ExpectedCatalogRow("select_file[mac]", "Datei auswählen & öffnen", locale: "de", line: 55, ["device": "mac"]),
    ]

    @Test("stringsdict: the app's German plurals, two variables combined, device rules")
    func fixture() throws {
        let rows = try CatalogFixtures.rows("app/de.lproj/Localizable.stringsdict", .stringsdict)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == Self.fixtureRows)
        #expect(rows.first { $0.id == "files_in_folders[other][one]" }?.fields?["key"] == "files_in_folders")
    }

    @Test("stringsdict: Russian one/few/many/other around the format's own text; zero and two kept")
    func russian() throws {
        let text = Self.plist("""
            <key>%d files</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>Осталось %#@files@.</string>
            \(Self.variable("files", [("zero", "ничего"), ("one", "%d файл"), ("two", "пара"), ("few", "%d файла"),
                                      ("many", "%d файлов"), ("other", "%d файла")]))
            </dict>
            """)
        let rows = try Self.rows(text)
        // Lines 1-4 are the header; the variants' <string>s are on lines 16, 18, ..., 26.
        #expect(rows.expectedForm == [
            ExpectedCatalogRow("%d files[zero]", "Осталось ничего.", locale: "ru", line: 16, ["plural": "zero"]),
            ExpectedCatalogRow("%d files[one]", "Осталось %d файл.", locale: "ru", line: 18, ["plural": "one"]),
            ExpectedCatalogRow("%d files[two]", "Осталось пара.", locale: "ru", line: 20, ["plural": "two"]),
            ExpectedCatalogRow("%d files[few]", "Осталось %d файла.", locale: "ru", line: 22, ["plural": "few"]),
            ExpectedCatalogRow("%d files[many]", "Осталось %d файлов.", locale: "ru", line: 24, ["plural": "many"]),
            ExpectedCatalogRow("%d files[other]", "Осталось %d файла.", locale: "ru", line: 26, ["plural": "other"]),
        ])
    }

    @Test("stringsdict: a variable used twice takes one variant; a variant may use another variable")
    func sharedAndNested() throws {
        let text = Self.plist("""
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@a@ / %#@a@</string>
            \(Self.variable("a", [("one", "A1 %#@b@"), ("other", "A2")]))
            \(Self.variable("b", [("one", "B1"), ("other", "B2")]))
            </dict>
            """)
        // a's variants are on lines 16 (one) and 18 (other), b's on 27 and 29.
        #expect(try Self.rows(text, path: "Localizable.stringsdict").expectedForm == [
            ExpectedCatalogRow("k[one][one]", "A1 B1 / A1 B1", locale: "", line: 16, ["plural": "one,one"]),
            ExpectedCatalogRow("k[one][other]", "A1 B2 / A1 B2", locale: "", line: 16, ["plural": "one,other"]),
            ExpectedCatalogRow("k[other]", "A2 / A2", locale: "", line: 18, ["plural": "other"]),
        ])
    }

    /// Issue 28, item 1: CoreFoundation reads `%1#@photos@` (a position without `$`) as `%1$#@photos@`;
    /// apps ship both, and each must be measured as the plural text the app shows, not the token.
    @Test("stringsdict: %1#@x@, %2$#@x@ and %#@x@ all resolve, side by side and nested")
    func positionalWithoutDollar() throws {
        let text = Self.plist("""
            <key>photos_in_albums</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%1#@photos@ w %2$#@albums@</string>
            \(Self.variable("photos", [("one", "%1$d zdjęcie"), ("few", "%1$d zdjęcia"), ("many", "%1$d zdjęć"), ("other", "%1$d zdjęcia")]))
            \(Self.variable("albums", [("one", "%2$d albumie"), ("other", "%2$d albumach")]))
            </dict>
            <key>shared_by</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%1#@people@</string>
            \(Self.variable("people", [("one", "Udostępnione przez %1$d osobę"), ("other", "Udostępnione przez %1$d osoby i %2#@more@")]))
            \(Self.variable("more", [("one", "%2$d inną"), ("other", "%2$d innych")]))
            </dict>
            """)
        let rows = try Self.rows(text, path: "pl.lproj/Localizable.stringsdict")
        #expect(rows.map(\.id) == [
            "photos_in_albums[one][one]", "photos_in_albums[one][other]", "photos_in_albums[few][one]", "photos_in_albums[few][other]",
            "photos_in_albums[many][one]", "photos_in_albums[many][other]", "photos_in_albums[other][one]", "photos_in_albums[other][other]",
            "shared_by[one]", "shared_by[other][one]", "shared_by[other][other]",
        ])
        #expect(rows[2].text == "%1$d zdjęcia w %2$d albumie")
        #expect(rows[10].text == "Udostępnione przez %1$d osoby i %2$d innych")
        #expect(!rows.contains { $0.text.contains("#@") })
        #expect(rows.allSatisfy { $0.locale == "pl" })
    }

    @Test("stringsdict: a format without variables, %% and a width rule")
    func plainAndWidths() throws {
        let text = Self.plist("""
            <key>p</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>100%%#@x@ fertig</string>
            </dict>
            <key>w</key>
            <dict>
            <key>NSStringVariableWidthRuleType</key>
            <dict>
            <key>20</key>
            <string>Kurz</string>
            <key>50</key>
            <string>Etwas länger</string>
            </dict>
            </dict>
            """)
        #expect(try Self.rows(text, path: "de.lproj/Localizable.stringsdict").expectedForm == [
            ExpectedCatalogRow("p", "100%%#@x@ fertig", locale: "de", line: 8),
            ExpectedCatalogRow("w[20]", "Kurz", locale: "de", line: 15),
            ExpectedCatalogRow("w[50]", "Etwas länger", locale: "de", line: 17),
        ])
    }

    static let sevenVariables = plist("""
        <key>k</key>
        <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%#@a@%#@b@%#@c@%#@d@%#@e@%#@f@%#@g@</string>
        """ + ["a", "b", "c", "d", "e", "f", "g"].map { variable($0, [("one", "1"), ("few", "2"), ("other", "3")]) }.joined(separator: "\n")
        + "\n</dict>")

    static let malformedCases = [
        MalformedCatalogCase("not a plist", "<resources/>", line: 1, "the root element is <resources>, expected <plist>"),
        MalformedCatalogCase("a key without a value", plist("<key>k</key>"), line: 5, "<key>k</key> without a value"),
        MalformedCatalogCase("an entry that is a string", plist("<key>k</key>\n<string>x</string>"), line: 6,
                             "the entry \"k\" must be a <dict>, found <string>"),
        MalformedCatalogCase("no format key", plist("<key>k</key>\n<dict>\n</dict>"), line: 6,
                             "the entry \"k\" needs NSStringLocalizedFormatKey"),
        MalformedCatalogCase("an undefined variable", plist("""
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@nope@</string>
            </dict>
            """), line: 8, "\"k\": no plural variable \"nope\" for %#@nope@"),
        MalformedCatalogCase("a variable that uses itself", plist("""
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@a@</string>
            \(variable("a", [("one", "x"), ("other", "again %#@a@")]))
            </dict>
            """), line: 8, "\"k\": the plural variable \"a\" uses itself"),
        MalformedCatalogCase("a variable of another rule type", plist("""
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@a@</string>
            <key>a</key>
            <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringGenderRuleType</string>
            <key>one</key>
            <string>x</string>
            </dict>
            </dict>
            """), line: 10, "needs NSStringFormatSpecTypeKey NSStringPluralRuleType, found \"NSStringGenderRuleType\""),
        MalformedCatalogCase("an unknown plural category", plist("""
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@a@</string>
            \(variable("a", [("One", "x")]))
            </dict>
            """), line: 16, "unknown key \"One\" in the plural variable \"a\" of \"k\""),
        MalformedCatalogCase("text beside the keys", plist("<key>k</key>\n<dict>\nstray\n</dict>"), line: 6, "text \"stray\" inside <dict>"),
        MalformedCatalogCase("3^7 combinations", sevenVariables, line: 8, "more than 1000 texts once its plural variables are combined"),
        MalformedCatalogCase("another DOCTYPE: an external DTD", """
            <?xml version="1.0"?>
            <!DOCTYPE plist SYSTEM "file:///etc/passwd">
            <plist><dict/></plist>
            """, line: 2, "an external DTD or entity"),
        MalformedCatalogCase("Apple's DOCTYPE with an internal subset", """
            <?xml version="1.0"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd" [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <plist><dict/></plist>
            """, line: 2, "an external DTD or entity"),
        MalformedCatalogCase("an entity Apple's DTD would have to declare", plist("""
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>&secret;</string>
            </dict>
            """), line: 8, "undeclared entity"),
    ]

    @Test("stringsdict: malformed catalogs give one error with the line", arguments: malformedCases)
    func malformed(_ testCase: MalformedCatalogCase) {
        checkMalformed(testCase, .stringsdict)
    }

    @Test("stringsdict: 3^6 combinations are read", arguments: [6])
    func manyCombinations(_ count: Int) throws {
        let names = ["a", "b", "c", "d", "e", "f"].prefix(count)
        let text = Self.plist("""
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>\(names.map { "%#@\($0)@" }.joined())</string>
            """ + names.map { Self.variable($0, [("one", "1"), ("few", "2"), ("other", "3")]) }.joined(separator: "\n") + "\n</dict>")
        let rows = try Self.rows(text)
        #expect(rows.count == 729)
        #expect(rows.first?.text == "111111")
        #expect(rows.last?.text == "333333")
        #expect(rows.last?.id == "k[other][other][other][other][other][other]")
    }
}
