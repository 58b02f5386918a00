import Foundation
import Testing
@testable import CellHeightKit

/// The catalog seeds of fuzz/corpus/ are read the way the fuzz target reads them (first byte 0x20
/// plus the index into `CatalogFormat.allCases`), and each must give rows: a seed the reader
/// refuses would only exercise its error paths.
@Suite("fuzz: catalog seeds")
struct CatalogFuzzSeedTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz/corpus")

    @Test("catalog seeds read as their formats", arguments: [
        ("catalog-po", CatalogFormat.po), ("catalog-mo-sysdep", .mo), ("catalog-strings-utf16", .strings),
        ("catalog-xcstrings", .xcstrings), ("catalog-android", .androidXML), ("catalog-xliff12", .xliff), ("catalog-xliff20", .xliff),
    ])
    func seed(_ name: String, _ format: CatalogFormat) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        // libFuzzer is run with -max_len=4096 (Makefile): a longer seed would be cut.
        #expect(bytes.count <= 4096)
        let selector = try #require(bytes.first)
        #expect(selector & 0x20 != 0)
        #expect(CatalogFormat.allCases[Int(selector & 0x1F) % CatalogFormat.allCases.count] == format)
        let rows = try readCatalogRows(Array(bytes.dropFirst()), format: format, path: "fuzz")
        #expect(!rows.isEmpty)
    }
}
