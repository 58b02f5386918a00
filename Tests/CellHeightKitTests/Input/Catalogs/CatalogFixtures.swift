import Foundation
import Testing
@testable import CellHeightKit

/// The catalog fixtures in `fixtures/catalogs/` (see fixtures/README.md) and how tests compare rows.
enum CatalogFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Catalogs
        .deletingLastPathComponent() // Input
        .deletingLastPathComponent() // CellHeightKitTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // package root
        .appendingPathComponent("fixtures/catalogs")

    /// A fixture's path as the readers see it, e.g. ".../fixtures/catalogs/app/de.lproj/Localizable.strings".
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The rows of a fixture, read in `format`.
    static func rows(_ name: String, _ format: CatalogFormat) throws -> [Row] {
        try readCatalogRows(bytes(name), format: format, path: path(name))
    }
}

/// What a test checks of a row: id, text, locale, line, and the fields beyond those every row has.
struct ExpectedCatalogRow: Equatable, CustomStringConvertible {
    var id: String
    var text: String
    var locale: String
    var line: Int
    /// Fields other than text, id, key and locale, e.g. ["plural": "one"].
    var extra: [String: String] = [:]

    init(_ id: String, _ text: String, locale: String, line: Int, _ extra: [String: String] = [:]) {
        self.id = id
        self.text = text
        self.locale = locale
        self.line = line
        self.extra = extra
    }

    init(_ row: Row) {
        var fields = row.fields ?? [:]
        id = row.id ?? ""
        text = row.text
        locale = fields["locale"] ?? "?"
        line = row.sourceLine
        for name in ["text", "id", "key", "locale"] { fields[name] = nil }
        extra = fields
    }

    var description: String {
        "(\(id.debugDescription), \(text.debugDescription), \(locale), line \(line)\(extra.isEmpty ? "" : ", \(extra)"))"
    }
}

extension Array where Element == Row {
    var expectedForm: [ExpectedCatalogRow] { map(ExpectedCatalogRow.init) }
}

/// Checks the fields every catalog row has: text and id as the row's own, key the id without its
/// variants, indexes counting from 0.
func checkCatalogRowInvariants(_ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation) {
    for (index, row) in rows.enumerated() {
        #expect(row.index == index, sourceLocation: sourceLocation)
        #expect(row.fields?["text"] == row.text, sourceLocation: sourceLocation)
        #expect(row.fields?["id"] == row.id, sourceLocation: sourceLocation)
        if let key = row.fields?["key"], let id = row.id {
            #expect(id.hasPrefix(key), sourceLocation: sourceLocation)
        } else {
            Issue.record("row \(index) has no key or id", sourceLocation: sourceLocation)
        }
    }
}

/// The one error reading `bytes` gives: the catalog's `invalidInput`, or a failure.
func catalogError(reading bytes: [UInt8], format: CatalogFormat, path: String) -> (line: Int?, reason: String)? {
    do {
        let rows = try readCatalogRows(bytes, format: format, path: path)
        Issue.record("expected an error, read \(rows.count) rows")
    } catch CellHeightError.invalidInput(let source, let line, let reason) {
        #expect(source == path)
        return (line, reason)
    } catch {
        Issue.record("expected invalidInput, got \(error)")
    }
    return nil
}

/// A malformed-input case: the file, and the line and a part of the reason its error must have.
struct MalformedCatalogCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [UInt8]
    var line: Int?
    var reason: String
    var path = "catalog"
    var testDescription: String { name }

    init(_ name: String, _ input: String, line: Int?, _ reason: String, path: String = "catalog") {
        self.init(name, Array(input.utf8), line: line, reason, path: path)
    }

    init(_ name: String, _ input: [UInt8], line: Int?, _ reason: String, path: String = "catalog") {
        self.name = name
        self.input = input
        self.line = line
        self.reason = reason
        self.path = path
    }
}

/// Checks that `testCase` fails with exactly its line and a reason containing its text.
func checkMalformed(_ testCase: MalformedCatalogCase, _ format: CatalogFormat,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = catalogError(reading: testCase.input, format: format, path: testCase.path) else { return }
    #expect(error.line == testCase.line, "reason: \(error.reason)", sourceLocation: sourceLocation)
    #expect(error.reason.contains(testCase.reason), "reason: \(error.reason)", sourceLocation: sourceLocation)
}
