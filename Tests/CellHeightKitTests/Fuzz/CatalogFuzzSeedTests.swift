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
        ("catalog-android-entities", .androidXML), ("catalog-stringsdict", .stringsdict),
        // Issue 31: at the edges of the bounds on entity chains and on variation products.
        ("catalog-android-entity-chain", .androidXML), ("catalog-xcstrings-variation-product", .xcstrings),
        ("catalog-stringsdict-variation-product", .stringsdict),
    ])
    func seed(_ name: String, _ format: CatalogFormat) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        // libFuzzer is run with -max_len=4096 (Makefile): a longer seed would be cut.
        #expect(bytes.count <= 4096)
        let selector = try #require(bytes.first)
        #expect(selector & 0x20 != 0)
        #expect(selector & 0x10 == 0)
        #expect(CatalogFormat.allCases[Int(selector & 0x0F) % CatalogFormat.allCases.count] == format)
        let rows = try readCatalogRows(Array(bytes.dropFirst()), format: format, path: "fuzz")
        #expect(!rows.isEmpty)
    }

    /// Issue 31: a chain of replacements that feed each other, within the bound on growth.
    @Test("the replacement chain seed reads as a rules file")
    func replacementChainSeed() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("rules-replacement-chain")))
        #expect(bytes.first == 0x30)
        let rules = try parseBudgetRules(Data(bytes.dropFirst()), file: "fuzz.yaml")
        #expect(rules.rules.flatMap(\.text.replacements).count == 7)
    }

    /// Seeds nested just past the bound: the fuzzer starts at the edge of the depth check.
    @Test("deep catalog seeds are refused at the depth bound", arguments: [
        ("catalog-android-deep", CatalogFormat.androidXML), ("catalog-xliff12-deep-groups", .xliff),
    ])
    func deepSeed(_ name: String, _ format: CatalogFormat) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        #expect(bytes.count <= 4096)
        #expect(throws: CellHeightError.invalidInput(source: "fuzz", line: 1, reason: "invalid XML: elements nested deeper than 256")) {
            _ = try readCatalogRows(Array(bytes.dropFirst()), format: format, path: "fuzz")
        }
    }

    /// The configuration seeds (first byte 0x30: a rules file, 0x31: a template).
    @Test("configuration seeds read as rules files and templates")
    func configurationSeeds() throws {
        for name in ["rules-yaml", "rules-yaml-aliases", "rules-yaml-deep", "template-json"] {
            let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            #expect(bytes.count <= 4096)
            #expect(bytes[0] & 0x30 == 0x30)
        }
        func data(_ name: String) throws -> Data { try Data(contentsOf: Self.corpus.appendingPathComponent(name)).dropFirst() }
        #expect(try parseBudgetRules(try data("rules-yaml"), file: "fuzz.yaml").rules.count == 2)
        #expect(try parseBudgetRules(try data("rules-yaml-aliases"), file: "fuzz.yaml").rules.first?.keys == ["x", "x", "x", "x"])
        #expect(throws: CellHeightError.self) { _ = try parseBudgetRules(try data("rules-yaml-deep"), file: "fuzz.yaml") }
        #expect(try parseCellTemplate(try data("template-json"), file: "fuzz.json").labels.count == 3)
    }
}
