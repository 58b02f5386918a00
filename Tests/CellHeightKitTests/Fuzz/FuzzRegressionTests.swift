import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Inputs the fuzzer (Sources/CellHeightFuzz) found crashing, replayed the way it runs them:
/// the first byte picks the format (index into `RowFormat.plainFormats`, or with 0x20 into
/// `CatalogFormat.allCases`) and lossy decoding (0x80);
/// every row is laid out in DejaVu Sans 16 px at 1, 57.5 and 320 px.
@Suite("fuzz regressions")
struct FuzzRegressionTests {
    struct Finding: Sendable, CustomTestStringConvertible {
        var name: String
        var base64: String
        var testDescription: String { name }
    }

    static let findings: [Finding] = [
        // Tabs, soft hyphens and U+008B controls (lossy lines): an emergency cut at the paragraph's
        // end passed break opportunities the wrapper then went back to ("Range requires
        // lowerBound <= upperBound" in LineWrapper.wrap).
        Finding(name: "emergency cut past break opportunities", base64: "i4sJAAAAAAAAAIuLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4sBc3VwZXJ1cGVyZXLCrWNhbGnCrWZyYS1pbGlzdGlleIuLi4uLi4uLi4uLi4uLi4uLi4uLi4uLcGnCrQ=="),
        // An Android strings.xml whose element name has 0xF8 bytes: libxml2 let them through and
        // Foundation's XMLParser trapped turning the name into a String (catalog readers now check
        // that a UTF-8 document is UTF-8 before parsing it).
        Finding(name: "xml element name that is not UTF-8", base64: "JDw/eG1sIHZlcnNpb249IjEuMCIgZW5jb2Rpbmc9InV0Zi04Ij8+CjxBIS0tIFN0cmluZ3MgZnJvbSBHVEsgMyAoRGViaWFuJ3MgbGliZ3RrLTMtY29tbW9uLCBndGszMC5tbykgYXMgYW4gQW5kcm9pZCBhcHAgd291bGQga2VlcCB0aGVtOgogIAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEgICBzZWUgZml4dHVyZXMvUkVBRE1FLm1kLiAtLT4KPHJlc291cmNlcyB4bWxudzp4bGlmZj0idXJuOm9hc2lzOm5hbWVzOnRjOnhsaWZmOmRvY3VtZW50OjEuMiI+CiAgICA8c3T4+Pj4cmluZyBuYW1lPSJhcHBfbmFtZSIgdHJhbnNsYXRhYmxlPSJmYWxzZSI+RmlsZXM8L3N0cmluZz4KICAgIDxzdHJpbmcgbmFtZT0ic2VsZWN0X2ZpbGUiPlNlbGVjdCBhIEZpbGU8L3N0cmluZz4KICAgIDxzdHJpbmcgbmFtZT0iY3JlYXRlX2ZvbGRlciI+Q3JlYXRlIEZvbGRlcjwvc3RyaW5nPgogICAgPHN0cmluZyBuYW1lPSJmb2xkZXJfZXhpc3RzIj5BIGZvbGRlciB3aXRoIHRoYXQgbmFtZQogICAgICAgIGFscmVhZHkgZXhpc3RzPC9zdHJpbmc+CiAgICA8c3RyaW5nIG5hbWU9InJlYWRfZXJyb3IiPjwhW0NRIv/+LwAqAERBVEFbQ291bGQgbm90IA=="),
        // The same trap behind a broken encoding declaration (`encoding="ug>`), with which libxml2
        // passed the raw bytes on (XML catalogs must now be UTF-8 or UTF-16 and declare no other).
        Finding(name: "xml name after a broken encoding declaration", base64: "JDw/eG1sIHZlcnNpb249IjEuMCIgZW5jb2Rpbmc9InVnPgogICAgPHN0cmluZ////wllPSJyZWFkX2Vycm9yIj48IVtDREFUQVtDb3VsZCBub3QgcmVhZCB0aGUgY29udGVudHMgb2YgPGI+JTAkczwvYj5dXT48L3N0cmluZz4KICAgIDxzdHJpbmcgbmFtZT0icGFnZV9yYW5nZXsiPlNwZWNpZnkgb25lIG9yIG1vcmUgcGEveGxpZmY6Zz4gLS1oZWxwXCIgZm9yIG1vcmUgaW5mb3JtYXRpb24uPC9zdHJpbmc+CiAgICA8cGx1cmFscyBuYW1lPSJvcGVuaW5nX2l0ZW1zIj4KICAgICAgICA8aXRlbSBxdWFudGl0eT0ib25lIj5PcGVuaW5nICVkIEkJdGVtPC9pdGU/PgogICAgICAgIDxpdGVtIHF1YW50aXR5PSJvdGhlciI+T3BlbmluZyAlZCBJdGVtczwvaXRlbT4KICAgIDwvcGx1cmFscz4KICAgIDxzdHJpbmctYXJyYXkgbmFtZT0icGxhCiAgICAgICAgPGl0ZW0+UmVjZW50PC9pdGVtPgogICAgPC9zdHJpbmctYXJyRG91YmxlYXk+CjwvcmVzb3VyY2VzPgo="),
        // A processing instruction without data (`<?HuaTianKaiTi?>`): libxml2 hands XMLParser a
        // null pointer, on which swift-corelibs-foundation calls strlen (SEGV). Such documents are
        // now refused before parsing.
        Finding(name: "xml processing instruction without data", base64: "JDw/SHVhVGlhbkthaVRpPz4KTGFuZ3VhZ2UtVGVhbS1FbmNvZGluY2VzPgo="),
    ]

    @Test("fuzz regression", arguments: findings)
    func replay(_ finding: Finding) throws {
        let bytes = try #require(Data(base64Encoded: finding.base64))
        let selector = bytes[0]
        let rows: [Row]
        if selector & 0x20 != 0 {
            let format = CatalogFormat.allCases[Int(selector & 0x1F) % CatalogFormat.allCases.count]
            // As in the fuzz target, an error is an outcome like any other: only a crash is a finding.
            rows = (try? readCatalogRows(Array(bytes.dropFirst()), format: format, path: "fuzz")) ?? []
        } else {
            let format = RowFormat.plainFormats[Int(selector) % RowFormat.plainFormats.count]
            let decoded = try decodeText(bytes.dropFirst(), source: "fuzz", lossy: selector & 0x80 != 0)
            rows = try parseRows(in: decoded.text, format: format, source: "fuzz", requireText: selector & 0x40 == 0)
        }
        let engine = try TestFonts.engine(TestFonts.dejaVuSans, size: 16)
        for row in rows {
            let prepared = engine.prepare(row.text)
            for width in [1.0, 57.5, 320] {
                let layout = engine.layout(prepared, width: width)
                #expect(layout.lineCount <= max(1, row.text.utf16.count + 1))
                // The lines cover the text in order, without gaps or overlaps.
                for (line, next) in zip(layout.lines, layout.lines.dropFirst()) where !line.range.isEmpty {
                    #expect(line.range.upperBound <= next.range.lowerBound)
                }
            }
        }
    }
}
