import Testing
@testable import CellHeightKit

@Suite("catalogs: string catalog (xcstrings)")
struct StringCatalogReaderTests {
    /// fixtures/catalogs/app/Localizable.xcstrings, checked by hand: lines are those of each "value".
    static let fixtureRows = [
        // No English localization: the key is the English text.
        ExpectedCatalogRow("Connect to Server", "Connect to Server", locale: "en", line: 4),
        ExpectedCatalogRow("Connect to Server", "Mit Server verbinden", locale: "de", line: 9),
        ExpectedCatalogRow("Connect to Server", "サーバーへ接続", locale: "ja", line: 15),
        ExpectedCatalogRow("Connect to Server", "Подключиться к серверу", locale: "ru", line: 21),
        // "shouldTranslate": false: the source language only.
        ExpectedCatalogRow("Files", "Files", locale: "en", line: 26),
        ExpectedCatalogRow("folder_exists", "Ein Ordner gleichen Namens ist bereits vorhanden", locale: "de", line: 35),
        ExpectedCatalogRow("folder_exists", "A folder with that name already exists", locale: "en", line: 41),
        // State "new", empty value: the English text, from line 41.
        ExpectedCatalogRow("folder_exists", "A folder with that name already exists", locale: "ja", line: 41, ["untranslated": "true"]),
        ExpectedCatalogRow("folder_exists", "Папка с таким именем уже существует", locale: "ru", line: 53),
        ExpectedCatalogRow("opening_items[one]", "%lld Objekt wird geöffnet", locale: "de", line: 66, ["plural": "one"]),
        ExpectedCatalogRow("opening_items[other]", "%lld Objekte werden geöffnet", locale: "de", line: 72, ["plural": "other"]),
        ExpectedCatalogRow("opening_items[one]", "Opening %lld Item", locale: "en", line: 84, ["plural": "one"]),
        ExpectedCatalogRow("opening_items[other]", "Opening %lld Items", locale: "en", line: 90, ["plural": "other"]),
        ExpectedCatalogRow("opening_items[other]", "%lld 個のアイテムを開いています", locale: "ja", line: 102, ["plural": "other"]),
        ExpectedCatalogRow("opening_items[few]", "Открывается %lld элемента", locale: "ru", line: 114, ["plural": "few"]),
        ExpectedCatalogRow("opening_items[many]", "Открывается %lld элементов", locale: "ru", line: 120, ["plural": "many"]),
        ExpectedCatalogRow("opening_items[one]", "Открывается %lld элемент", locale: "ru", line: 126, ["plural": "one"]),
        ExpectedCatalogRow("opening_items[other]", "Открывается %lld элемента", locale: "ru", line: 132, ["plural": "other"]),
        ExpectedCatalogRow("page_ranges[iphone]", "Druckbereiche, z.B. 5-11,19,85", locale: "de", line: 148, ["device": "iphone"]),
        ExpectedCatalogRow("page_ranges[other]", "Geben Sie einen oder mehrere Druckbereiche ein,\nz.B. 5-11,19,85", locale: "de", line: 154,
                           ["device": "other"]),
        ExpectedCatalogRow("page_ranges", "Specify one or more page ranges,\n e.g. 1–3, 7, 11", locale: "en", line: 163),
    ]

    @Test("xcstrings: the app's catalog in en, de, ja and ru, plurals and devices")
    func fixture() throws {
        let rows = try CatalogFixtures.rows("app/Localizable.xcstrings", .xcstrings)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == Self.fixtureRows)
        #expect(rows.first { $0.id == "opening_items[few]" }?.fields?["key"] == "opening_items")
    }

    @Test("xcstrings: a device's plural variations; a substitution without variations stays as written")
    func nestedVariations() throws {
        let json = """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
              "variations": {"device": {"iphone": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%#@files@ left"}}}}}}},
              "substitutions": {"files": {"argNum": 1, "formatSpecifier": "lld"}}}}}}}
            """
        let rows = try readCatalogRows(Array(json.utf8), format: .xcstrings, path: "Localizable.xcstrings")
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == [ExpectedCatalogRow("k[iphone][one]", "%#@files@ left", locale: "en", line: 3,
                                                         ["device": "iphone", "plural": "one"])])
    }

    @Test("xcstrings: substitutions become a row per variant, %arg the argument; untranslated units use the source's")
    func substitutions() throws {
        let json = """
            {"sourceLanguage": "en", "strings": {"%lld followers": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "%#@followers@"},
                "substitutions": {"followers": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%arg follower"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%arg followers"}}}}}}},
              "de": {"stringUnit": {"state": "translated", "value": "%1$#@followers@ in %#@groups@"},
                "substitutions": {
                  "followers": {"formatSpecifier": "lld", "variations": {"plural": {
                    "one": {"stringUnit": {"state": "translated", "value": "%arg Follower"}},
                    "other": {"stringUnit": {"state": "translated", "value": "%arg Follower:innen"}}}}},
                  "groups": {"formatSpecifier": "@", "variations": {"plural": {
                    "other": {"stringUnit": {"state": "translated", "value": "%arg Gruppen"}}}}}}},
              "ja": {"stringUnit": {"state": "new"}},
              "ru": {"variations": {"plural": {
                "few": {"stringUnit": {"state": "translated", "value": "%lld читателя, %#@unknown@"}}}}}}}}}
            """
        let rows = try readCatalogRows(Array(json.utf8), format: .xcstrings, path: "Localizable.xcstrings")
        checkCatalogRowInvariants(rows)
        let key = "%lld followers"
        #expect(rows.expectedForm == [
            ExpectedCatalogRow("\(key)[one]", "%lld follower", locale: "en", line: 4, ["plural": "one"]),
            ExpectedCatalogRow("\(key)[other]", "%lld followers", locale: "en", line: 5, ["plural": "other"]),
            ExpectedCatalogRow("\(key)[one][other]", "%lld Follower in %@ Gruppen", locale: "de", line: 9, ["plural": "one,other"]),
            ExpectedCatalogRow("\(key)[other][other]", "%lld Follower:innen in %@ Gruppen", locale: "de", line: 10,
                               ["plural": "other,other"]),
            // State "new": the English text, its variants and lines.
            ExpectedCatalogRow("\(key)[one]", "%lld follower", locale: "ja", line: 4, ["plural": "one", "untranslated": "true"]),
            ExpectedCatalogRow("\(key)[other]", "%lld followers", locale: "ja", line: 5, ["plural": "other", "untranslated": "true"]),
            // No substitution of that name: as written.
            ExpectedCatalogRow("\(key)[few]", "%lld читателя, %#@unknown@", locale: "ru", line: 15, ["plural": "few"]),
        ])
    }

    static let malformedCases = [
        MalformedCatalogCase("JSON syntax error", "{\"sourceLanguage\": \"en\",\n \"strings\": {\n \"a\": {,}}}", line: 3,
                             "invalid JSON: expected a string key, found ',' (column 8)"),
        MalformedCatalogCase("not an object", "[\n1]", line: 1, "a String Catalog must be a JSON object, found an array"),
        MalformedCatalogCase("no sourceLanguage", "{\"strings\": {}}", line: 1, "needs \"sourceLanguage\""),
        MalformedCatalogCase("strings is an array", "{\"sourceLanguage\": \"en\",\n\"strings\": []}", line: 2,
                             "\"strings\" must be an object, found an array"),
        MalformedCatalogCase("a value that is a number", """
            {"sourceLanguage": "en", "strings": {"a": {"localizations": {
              "de": {"stringUnit": {"state": "translated",
                "value": 5}}}}}}
            """, line: 3, "\"value\" of \"a\" must be a string, found a number"),
        MalformedCatalogCase("an unknown plural category", """
            {"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"variations": {"plural": {
              "several": {"stringUnit": {"value": "x"}}}}}}}}}
            """, line: 2, "unknown plural category \"several\""),
        MalformedCatalogCase("an unknown variation", """
            {"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"variations": {
              "gender": {}}}}}}}
            """, line: 2, "unknown variation \"gender\""),
        MalformedCatalogCase("a substitution that uses itself", """
            {"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {
              "stringUnit": {"value": "%#@x@"},
              "substitutions": {"x": {"variations": {"plural": {"other": {"stringUnit": {"value": "%#@x@"}}}}}}}}}}}
            """, line: 2, "\"a\": the plural variable \"x\" uses itself"),
        MalformedCatalogCase("a substitution's unknown plural category", """
            {"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {
              "stringUnit": {"value": "%#@x@"},
              "substitutions": {"x": {"variations": {"plural": {
                "several": {"stringUnit": {"value": "y"}}}}}}}}}}}
            """, line: 4, "unknown plural category \"several\" of the substitution \"x\""),
    ]

    @Test("xcstrings: malformed catalogs give one error with the line", arguments: malformedCases)
    func malformed(_ testCase: MalformedCatalogCase) {
        checkMalformed(testCase, .xcstrings)
    }
}
