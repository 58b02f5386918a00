import Foundation
import Testing
@testable import CellHeightKit

@Suite("catalogs: gettext mo")
struct MOCatalogReaderTests {
    /// An MO file of `messages` (original, translation; NUL-separated plural parts as gettext
    /// writes them), in either byte order, strings right after the two tables.
    static func makeMO(_ messages: [(String, String)], bigEndian: Bool = false, revision: UInt32 = 0) -> [UInt8] {
        func word(_ value: UInt32) -> [UInt8] {
            let little = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
            return bigEndian ? little.reversed() : little
        }
        let count = UInt32(messages.count)
        let originals: UInt32 = 28, translations = 28 + 8 * count
        var strings: [UInt8] = []
        var originalTable: [UInt8] = [], translationTable: [UInt8] = []
        let stringsStart = translations + 8 * count
        for (original, _) in messages {
            originalTable += word(UInt32(original.utf8.count)) + word(stringsStart + UInt32(strings.count))
            strings += Array(original.utf8) + [0]
        }
        for (_, translation) in messages {
            translationTable += word(UInt32(translation.utf8.count)) + word(stringsStart + UInt32(strings.count))
            strings += Array(translation.utf8) + [0]
        }
        return word(0x9504_12DE) + word(revision) + word(count) + word(originals) + word(translations) + word(0) + word(0)
            + originalTable + translationTable + strings
    }

    static let header = ("", "Language: de\nContent-Type: text/plain; charset=UTF-8\n")
    static let messages = [header, ("Menu\u{4}Open", "Öffnen"), ("Size", "Größe"), ("%d file\0%d files", "%d Datei\0%d Dateien")]
    static let expected = [
        ExpectedCatalogRow("Menu|Open", "Öffnen", locale: "de", line: 2, ["context": "Menu"]),
        ExpectedCatalogRow("Size", "Größe", locale: "de", line: 3),
        ExpectedCatalogRow("%d file[0]", "%d Datei", locale: "de", line: 4, ["plural": "0"]),
        ExpectedCatalogRow("%d file[1]", "%d Dateien", locale: "de", line: 4, ["plural": "1"]),
    ]

    @Test("mo: either byte order; the line is the message's 1-based index", arguments: [false, true])
    func byteOrders(_ bigEndian: Bool) throws {
        let rows = try readCatalogRows(Self.makeMO(Self.messages, bigEndian: bigEndian), format: .mo, path: "x.mo")
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == Self.expected)
    }

    @Test("mo: the locale from the path when the header has none")
    func localeFromPath() throws {
        let bytes = Self.makeMO([("Size", "Taille")])
        let rows = try readCatalogRows(bytes, format: .mo, path: "/usr/share/locale/fr/LC_MESSAGES/gtk30.mo")
        #expect(rows.expectedForm == [ExpectedCatalogRow("Size", "Taille", locale: "fr", line: 1)])
    }

    @Test("mo: the .mo msgfmt compiled agrees with its .po, but for lines",
          arguments: ["de", "ja", "ru", "ar", "pl"])
    func agreesWithPO(_ locale: String) throws {
        let fromPO = try CatalogFixtures.rows("gtk30.\(locale).po", .po)
        let fromMO = try CatalogFixtures.rows("gtk30.\(locale).mo", .mo)
        checkCatalogRowInvariants(fromMO)
        func comparable(_ rows: [Row]) -> [String] {
            rows.map { "\($0.id!)\u{0}\($0.text)\u{0}\(($0.fields ?? [:]).sorted { $0.key < $1.key })" }.sorted()
        }
        #expect(fromMO.count == fromPO.count)
        #expect(comparable(fromMO) == comparable(fromPO))
        // msgfmt sorts by msgid: the header ("") is message 1, so the first row is message 2.
        #expect(fromMO.first?.sourceLine == 2)
        #expect(fromMO.map(\.sourceLine) == fromMO.map(\.sourceLine).sorted())
    }

    static var malformedCases: [MalformedCatalogCase] {
        let good = makeMO(messages)
        var hugeCount = good
        hugeCount.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0x0F])
        var stringPastEnd = good
        // The second original string's offset (entry 1 of the table at 28: length at 36, offset at 40).
        stringPastEnd.replaceSubrange(40..<44, with: [0xF0, 0xFF, 0x00, 0x00])
        var tablePastEnd = good
        tablePastEnd.replaceSubrange(16..<20, with: [0x00, 0x00, 0x01, 0x00])
        // 200 messages whose strings all point at the whole file: a quadratic copy, refused.
        var overlapping = makeMO(Array(repeating: ("x", "y"), count: 200) + [("z", String(repeating: "w", count: 600))])
        for entry in 0..<402 {
            let length = UInt32(overlapping.count - 28)
            overlapping.replaceSubrange((28 + entry * 8)..<(36 + entry * 8),
                                        with: [UInt8(length & 0xFF), UInt8(length >> 8), 0, 0, 28, 0, 0, 0])
        }
        var revision2 = good
        revision2.replaceSubrange(4..<8, with: [0, 0, 2, 0])
        return [
            MalformedCatalogCase("empty file", [], line: nil, "offset 0: too short for an MO file (0 bytes)"),
            MalformedCatalogCase("not an MO file", "msgid \"a\"\nmsgstr \"b\"\n", line: nil, "offset 0: not an MO file"),
            MalformedCatalogCase("truncated inside the header", Array(good.prefix(10)), line: nil,
                                 "offset 8: truncated: the file ends inside the header"),
            MalformedCatalogCase("truncated inside the tables", Array(good.prefix(40)), line: nil,
                                 "offset 28: truncated: 4 messages do not fit in the original strings table"),
            MalformedCatalogCase("truncated inside the strings", Array(good.prefix(good.count - 5)), line: nil,
                                 "offset 84: translation 4 (19 bytes at offset 195) goes past the end of the file (210 bytes)"),
            MalformedCatalogCase("a count far beyond the file", hugeCount, line: nil, "do not fit"),
            MalformedCatalogCase("a string past the end", stringPastEnd, line: nil,
                                 "offset 36: original string 2 (9 bytes at offset 65520) goes past the end of the file"),
            MalformedCatalogCase("a table past the end", tablePastEnd, line: nil, "offset 65536: truncated"),
            MalformedCatalogCase("strings that overlap far too much", overlapping, line: nil,
                                 "the strings overlap far more than an MO file's can"),
            MalformedCatalogCase("an unknown revision", revision2, line: nil, "offset 4: unknown MO revision 2.0"),
            MalformedCatalogCase("invalid UTF-8 in a translation", makeMO([("a", "b")]).dropLast(2) + [0xFF, 0], line: nil,
                                 "message 1: invalid UTF-8 in the translation"),
        ]
    }

    @Test("mo: malformed files give one error with the offset", arguments: malformedCases)
    func malformed(_ testCase: MalformedCatalogCase) {
        checkMalformed(testCase, .mo)
    }
}

extension MOCatalogReaderTests {
    /// Debian's own compiled catalogs, whole (thousands of messages), against `msgunfmt`'s PO.
    @Test("mo: Debian's catalogs agree with msgunfmt's PO of them", arguments: [
        "/usr/share/locale/ar/LC_MESSAGES/gtk30.mo", "/usr/share/locale/ru/LC_MESSAGES/glib20.mo",
        "/usr/share/locale/ja/LC_MESSAGES/gtk30.mo",
    ])
    func debianCatalog(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path), FileManager.default.isExecutableFile(atPath: "/usr/bin/msgunfmt") else {
            return  // not a Debian machine with these catalogs (make deps installs gettext; the catalogs come with GTK and GLib)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/msgunfmt")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let po = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let fromPO = try readCatalogRows([UInt8](po), format: .po, path: path.replacingOccurrences(of: ".mo", with: ".po"))
        let fromMO = try readCatalogRows([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), format: .mo, path: path)
        #expect(fromMO.count > 500)
        #expect(fromMO.map { "\($0.id!)\u{0}\($0.text)" }.sorted() == fromPO.map { "\($0.id!)\u{0}\($0.text)" }.sorted())
    }
}
