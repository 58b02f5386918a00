@testable import CellHeightEngine
import Foundation
import Testing
@testable import CellHeightKit

@Suite("baselines")
struct BaselineTests {
    // Written by `cellheight --output json` / `--output ndjson` (shapes from the README).
    static let oneWidth = """
    {"rows":[{"index":0,"id":"a","locale":"de","lineCount":2,"height":32},{"index":1,"id":"b","lineCount":1,"height":16},{"index":2,"id":null,"lineCount":1,"height":16},{"index":3,"id":"gone","lineCount":4,"height":64}],"totalHeight":128,"rowCount":4,"settings":{}}
    """
    static let twoWidths = """
    {"index":0,"id":"a","locale":"de","results":[{"width":160,"lineCount":3,"height":48},{"width":320,"lineCount":2,"height":32}]}
    {"index":1,"id":"t","results":[{"width":160,"height":40,"labels":[{"field":"title","lineCount":1,"height":16},{"field":"body","lineCount":1,"height":24}]},{"width":320,"height":40,"labels":[]}]}
    """

    /// Issue 31, item 25: a 0-byte baseline was read as no rows, so --fail-on-growth passed
    /// whatever grew; an empty (or blank) file is not a baseline. No rows at all is `{"rows": []}`.
    @Test("an empty file is not a baseline", arguments: ["", "\n \n"])
    func emptyBaseline(_ text: String) throws {
        #expect(throws: CellHeightError.emptyBaseline(file: "base.json")) {
            _ = try readBaseline(Data(text.utf8), file: "base.json")
        }
        #expect(try readBaseline(Data(#"{"rows": []}"#.utf8), file: "base.json").isEmpty)
    }

    @Test("reads json results")
    func json() throws {
        let rows = try readBaseline(Data(Self.oneWidth.utf8), file: "old.json")
        #expect(rows.map(\.key) == [BaselineKey(id: "a", locale: "de", index: 0), BaselineKey(id: "b", locale: nil, index: 1),
                                    BaselineKey(id: nil, locale: nil, index: 2), BaselineKey(id: "gone", locale: nil, index: 3)])
        #expect(rows[0].results == [BaselineResult(width: nil, lineCount: 2, height: 32)])
    }

    /// Ids are compared by code points: "Café" in NFC and in NFD are two rows, as in the catalogs.
    @Test("canonically equivalent ids are different rows")
    func canonicallyEquivalentIDs() {
        let nfc = BaselineKey(id: "Caf\u{E9}", locale: "fr", index: 0), nfd = BaselineKey(id: "Cafe\u{301}", locale: "fr", index: 1)
        #expect(nfc != nfd)
        #expect(Set([nfc, nfd, BaselineKey(id: "Caf\u{E9}", locale: "fr", index: 7)]).count == 2)
    }

    @Test("reads ndjson results with several widths, and template rows (lines of every label)")
    func ndjson() throws {
        let rows = try readBaseline(Data(Self.twoWidths.utf8), file: "old.ndjson")
        #expect(rows.map(\.line) == [1, 2])
        #expect(rows[0].results == [BaselineResult(width: 160, lineCount: 3, height: 48),
                                    BaselineResult(width: 320, lineCount: 2, height: 32)])
        #expect(rows[1].results[0] == BaselineResult(width: 160, lineCount: 2, height: 40))
    }

    static func cell(_ id: String?, locale: String? = nil, index: Int, lines: Int, height: Double, width: Double = 320) -> MeasuredCell {
        var fields: [String: String]?
        if let locale { fields = ["locale": locale, "text": ""] }
        let text = TextLayout(width: width, lineCount: lines, height: height)
        let label = LabelLayout(field: "text", text: text, visibleLineCount: lines, textHeight: height, height: height,
                                isHidden: false)
        return MeasuredCell(row: Row(index: index, id: id, text: "", sourceLine: index + 1, fields: fields),
                            results: [CellLayout(width: width, height: height, labels: [label])])
    }

    @Test("rows are matched by id and locale (or index), and each change is told")
    func comparison() throws {
        var comparison = BaselineComparison(try readBaseline(Data(Self.oneWidth.utf8), file: "old.json"), baselineWidth: 320)
        let before2 = BaselineResult(width: nil, lineCount: 2, height: 32)
        #expect(comparison.compare(Self.cell("a", locale: "de", index: 0, lines: 3, height: 48)) ==
                [.grew(width: 320, before: before2, after: BaselineResult(width: 320, lineCount: 3, height: 48))])
        // Same id, other locale: a new row.
        #expect(comparison.compare(Self.cell("a", locale: "ja", index: 1, lines: 1, height: 16)) == [.new])
        #expect(comparison.compare(Self.cell("b", index: 2, lines: 1, height: 16)).isEmpty)
        // Without an id the index matches: row 2 was one line.
        #expect(comparison.compare(Self.cell(nil, index: 2, lines: 1, height: 14)) ==
                [.shrank(width: 320, before: BaselineResult(width: nil, lineCount: 1, height: 16),
                         after: BaselineResult(width: 320, lineCount: 1, height: 14))])
        #expect(comparison.goneRows.map(\.key.id) == ["gone"])
    }

    @Test("messages")
    func messages() {
        let before = BaselineResult(width: 320, lineCount: 2, height: 32)
        let after = BaselineResult(width: 320, lineCount: 3, height: 48)
        #expect(baselineChangeMessage(.grew(width: 320, before: before, after: after))
                == "grew from 2 lines (32 px) to 3 lines (48 px) at 320 px")
        #expect(baselineChangeMessage(.shrank(width: 320, before: after, after: before))
                == "shrank from 3 lines (48 px) to 2 lines (32 px) at 320 px")
        #expect(baselineChangeMessage(.gone(BaselineRow(key: BaselineKey(id: "x", locale: nil, index: 0),
                                                        results: [BaselineResult(width: nil, lineCount: 1, height: 16)], line: 3)))
                == "gone: in the baseline (1 line (16 px)) but not in this run")
    }

    @Test("a file that is not a result is an error with its line", arguments: [
        ("{\"rows\": 3}\n", "old.json:1: not a cellheight JSON result (no \"rows\" array)"),
        ("{\"rows\": [3]}\n", "old.json:1: not a cellheight result row: expected an object, found a number"),
        ("{\"index\":0,\"id\":\"a\"}\n", "old.json:1: not a cellheight result row: no \"height\""),
        ("{\"index\":0}\n[1]\n", "old.json:1: not a cellheight result row: no \"height\""),
        ("{\"index\":0,\"height\":1,\"lineCount\":1}\n{\"index\":\n", "old.json:2:10: invalid JSON: expected a value, found end of input"),
    ])
    func errors(text: String, message: String) {
        #expect {
            _ = try readBaseline(Data(text.utf8), file: "old.json")
        } throws: { error in
            (error as? CellHeightError)?.description == message
        }
    }
}
