import Foundation
import Testing
@testable import CellHeightKit

@Suite("catalogs: format detection and locales from paths")
struct CatalogFormatDetectionTests {
    struct DetectionCase: Sendable, CustomTestStringConvertible {
        var path: String
        var firstBytes: String = ""
        var expected: CatalogFormat?
        var testDescription: String { path + (firstBytes.isEmpty ? "" : " starting \(firstBytes.prefix(24).debugDescription)") }
    }

    @Test("detection: by extension, and .xml by its root element", arguments: [
        DetectionCase(path: "po/de.po", expected: .po),
        DetectionCase(path: "po/app.pot", expected: .po),
        DetectionCase(path: "/usr/share/locale/ja/LC_MESSAGES/gtk30.mo", expected: .mo),
        DetectionCase(path: "de.lproj/Localizable.strings", expected: .strings),
        DetectionCase(path: "Resources/Localizable.xcstrings", expected: .xcstrings),
        DetectionCase(path: "de.lproj/Localizable.stringsdict", expected: .stringsdict),
        DetectionCase(path: "de.lproj/InfoPlist.STRINGSDICT", expected: .stringsdict),
        DetectionCase(path: "app.de.xlf", expected: .xliff),
        DetectionCase(path: "APP.XLIFF", expected: .xliff),
        DetectionCase(path: "res/values-de/strings.xml", expected: .androidXML),
        DetectionCase(path: "res/values/arrays.xml", firstBytes: "<?xml version=\"1.0\"?>\n<!-- c -->\n<resources>", expected: .androidXML),
        DetectionCase(path: "export.xml", firstBytes: "\u{FEFF}<!DOCTYPE x>\n<xliff version=\"1.2\">", expected: .xliff),
        DetectionCase(path: "layout.xml", firstBytes: "<LinearLayout/>", expected: nil),
        DetectionCase(path: "rows.json", firstBytes: "[]", expected: nil),
        DetectionCase(path: "notes.txt", expected: nil),
        DetectionCase(path: "Makefile", expected: nil),
        DetectionCase(path: "po.d/README", expected: nil),
    ])
    func detection(_ testCase: DetectionCase) {
        #expect(CatalogFormat(detectingPath: testCase.path, firstBytes: Array(testCase.firstBytes.utf8)) == testCase.expected)
    }

    @Test("detection: the root of a UTF-16 document")
    func utf16Root() {
        let bytes: [UInt8] = [0xFF, 0xFE] + "<?xml version=\"1.0\" encoding=\"UTF-16\"?><resources/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(CatalogFormat(detectingPath: "x.xml", firstBytes: bytes) == .androidXML)
    }

    @Test("catalog formats: raw values are the --format names")
    func rawValues() {
        #expect(CatalogFormat.allCases.map(\.rawValue) == ["po", "mo", "strings", "xcstrings", "android", "xliff", "stringsdict"])
        #expect(CatalogFormat.allCases.map { RowFormat(rawValue: $0.rawValue)?.catalogFormat } == CatalogFormat.allCases)
    }

    @Test("locales: gettext from the file or the LC_MESSAGES folder", arguments: [
        ("ja.po", "ja"), ("po/pt_BR.po", "pt_BR"), ("sr@latin.po", "sr@latin"), ("gtk30.de.po", "de"),
        ("/usr/share/locale/zh_TW/LC_MESSAGES/glib20.mo", "zh_TW"), ("app.po", ""), ("messages.pot", ""), ("fil_PH.po", "fil_PH"),
        // Debian's iso-codes catalogs: the folder says the locale, not the name (iso_639 would read as a locale).
        ("/usr/share/locale/de/LC_MESSAGES/iso_639.mo", "de"), ("/usr/share/locale/pt_BR/LC_MESSAGES/iso_3166-1.mo", "pt_BR"),
    ])
    func gettextLocales(_ path: String, _ locale: String) {
        #expect(gettextLocale(fromPath: path) == locale)
    }

    @Test("locales: .strings from the .lproj folder", arguments: [
        ("ja.lproj/Localizable.strings", "ja"), ("App/pt-BR.lproj/InfoPlist.strings", "pt-BR"),
        ("Base.lproj/Main.strings", ""), ("Localizable.strings", ""),
    ])
    func lprojLocales(_ path: String, _ locale: String) {
        #expect(lprojLocale(fromPath: path) == locale)
    }

    @Test("input: --format auto reads a catalog by its file name, whole, as one batch")
    func streamingAuto() throws {
        let reader = try StreamingRowReader(path: CatalogFixtures.path("gtk30.ru.po"), format: .auto, lossy: false,
                                            requireText: true, chunkSize: 64)
        let first = try #require(try reader.nextBatch())
        #expect(try reader.nextBatch() == nil)
        #expect(first.count == 45)  // 41 messages: 39 with one form, 2 with Russian's 3 plural forms
        #expect(first.map(\.index) == Array(0..<45))
        #expect(first.first { $0.id == "Opening %d Item[2]" }?.text == "Открывается %d элементов")
    }

    @Test("input: --format mo reads standard input's bytes undecoded")
    func explicitFormat() throws {
        let bytes = try CatalogFixtures.bytes("gtk30.ja.mo")
        let rows = try readCatalogRows(bytes, format: .mo, path: "<stdin>")
        #expect(rows.count == 41)  // 41 messages; Japanese has one plural form
        #expect(rows.allSatisfy { $0.fields?["locale"] == "ja" })
    }

    @Test("input: a plain text file next to catalogs is still lines")
    func plainTextStillLines() throws {
        let path = NSTemporaryDirectory() + "cellheight-catalog-\(UUID().uuidString).txt"
        try Data("msgid \"a\"\nmsgstr \"b\"\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try StreamingRowReader(path: path, format: .auto, lossy: false, requireText: true)
        #expect(try reader.nextBatch()?.map(\.text) == ["msgid \"a\"", "msgstr \"b\""])
    }
}
