import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// The HTML report's self-check, run in headless Chromium: the page lays every row out with the
/// browser's own CSS and must find cellheight's heights everywhere (`data-disagreements="0"` for
/// all `data-rows`). These tests fail, not skip, when chromium is missing: `make deps` installs it.
///
/// Serialized: each test starts a Chromium, and the machine may have only a couple of cores.
@Suite("html report in headless Chromium", .serialized)
struct HTMLReportBrowserTests {
    static let root = CellHeightProcess.packageRoot

    /// Writes an HTML report with `arguments`, loads it in Chromium and returns its verdict.
    /// `status` is cellheight's expected exit status: 1 when rows are over a `--max-height` budget.
    static func verdict(of arguments: [String], in directory: URL, status: Int32 = 0) throws -> (ReportVerdict, URL) {
        let page = directory.appendingPathComponent("report.html")
        let result = try CellHeightProcess.run(arguments + ["--output", "html", "--output-file", page.path],
                                               in: root.path)
        #expect(result.status == status, "cellheight: \(result.stderrText)")
        #expect(result.stdout.isEmpty)
        return (ReportVerdict(dumpedDOM: try HeadlessChromium.dumpDOM(of: page)), page)
    }

    /// The verdict on a report made with `arguments`, in a directory of its own (removed after).
    static func verdict(of arguments: [String]) throws -> ReportVerdict {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try verdict(of: arguments, in: directory).0
    }

    static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cellheight-html-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("fixtures/sample.txt in a cell with truncation and a budget: no disagreements; a screenshot")
    func sampleRows() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (verdict, page) = try Self.verdict(of: [
            "--font", TestFonts.dejaVuSans, "--size", "14", "--width", "190,280", "--line-height", "1.3",
            "--padding", "8 15", "--round", "ceil", "--number-of-lines", "2", "--max-height", "50", "fixtures/sample.txt",
        ], in: directory, status: 1)
        #expect(verdict == ReportVerdict(rows: 14, disagreements: 0, fontErrors: nil))

        let png = directory.appendingPathComponent("report.png")
        try HeadlessChromium.screenshot(of: page, to: png)
        let bytes = [UInt8](try Data(contentsOf: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        // IHDR: width and height, big-endian, at bytes 16..<24.
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(bytes.count > 24 && bigEndian(16) == 1280 && bigEndian(20) == 2000)
        // A blank 1280 × 2000 page compresses to a few KB; a page of text and boxes to far more.
        #expect(bytes.count > 50_000, "the screenshot is only \(bytes.count) bytes")
    }

    /// Issue 28: browsers load a font collection's first face only, so a row a rule lays out in
    /// Noto Sans CJK KR (face 3 of the .ttc) is not checked rather than marked different.
    @Test("a rule's font in a .ttc's later face: those layouts are not checked, the others agree")
    func collectionFaces() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = #"{"id": "open", "locale": "ko", "text": "파일 열기 및 저장 위치 선택"}"# + "\n"
            + #"{"id": "open", "locale": "ja", "text": "ファイルを開いて保存場所を選択"}"# + "\n"
            + #"{"id": "open", "locale": "de", "text": "Datei öffnen und Speicherort wählen"}"# + "\n"
        try rows.write(to: directory.appendingPathComponent("rows.ndjson"), atomically: true, encoding: .utf8)
        try "rules:\n  - font: DejaVu Sans\n    fonts: {ko: Noto Sans CJK KR, ja: Noto Sans CJK JP}\n"
            .write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let (verdict, page) = try Self.verdict(of: ["--width", "120", "--embed-font",
                                                    "--rules", directory.appendingPathComponent("rules.yaml").path,
                                                    directory.appendingPathComponent("rows.ndjson").path], in: directory)
        #expect(verdict == ReportVerdict(rows: 3, disagreements: 0, fontErrors: nil))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.components(separatedBy: "data-unchecked=").count == 2)
        // The .ttc is embedded once, for both of its faces (beside the run's default font and DejaVu Sans).
        #expect(html.components(separatedBy: "@font-face").count == 4)
        #expect(html.components(separatedBy: "NotoSansCJK").count == 1 && html.components(separatedBy: "data:font/").count == 4)
        let dom = try HeadlessChromium.dumpDOM(of: page)
        #expect(dom.contains(#"data-unchecked="1""#))
    }

    @Test("fixtures/sample.txt at three sizes and two widths: the browser lays each size's text out as cellheight did")
    func severalSizes() throws {
        let verdict = try Self.verdict(of: [
            "--font", TestFonts.dejaVuSans, "--size", "14,17,20", "--width", "160,240", "--embed-font", "fixtures/sample.txt",
        ])
        #expect(verdict == ReportVerdict(rows: 14, disagreements: 0, fontErrors: nil))
    }

    @Test("Mastodon for iOS at all 12 Dynamic Type categories with text-style rules: each result drawn in its own size")
    func dynamicTypeCategories() throws {
        let mastodon = "fixtures/catalogs/mastodon-ios"
        let verdict = try Self.verdict(of: [
            "--dynamic-type", "all", "--rules", "\(mastodon)/rules.yaml", "\(mastodon)/de.lproj/Localizable.strings",
        ], in: try Self.makeDirectory(), status: 1).0
        #expect(verdict == ReportVerdict(rows: 30, disagreements: 0, fontErrors: nil))
    }

    /// The public oracle's four largest groups of texts sharing a font, size and line height
    /// (43 texts in 14 languages: Arabic, Hebrew, Thai, Hindi, Chinese, Japanese, Korean, Greek,
    /// Russian, Vietnamese and Latin-script ones), each text at every width of its group (435 layouts).
    static let oracleGroups: [[OracleCase]] = {
        guard let cases = try? OracleCase.loadPublic() else { return [] }
        let groups = Dictionary(grouping: cases) { "\($0.font)|\($0.size)|\($0.lineHeight)" }
        return groups.values.sorted { ($0.count, $1[0].id) > ($1.count, $0[0].id) }.prefix(4).map { $0 }
    }()

    /// Differences the page finds that are cellheight's own, confirmed with a plain page
    /// (`scripts/chromium_cases.py --remeasure`): at 46 px, Chromium breaks the Thai text of
    /// p-th-0071 into 7 lines ("…", "ตนเอ", "งบัวโน", "สไอ", "เรส"), cellheight into 8 (it leaves
    /// "ง" alone on a line). The oracle case itself is at 110 px, where they agree. A layout fix
    /// makes this test fail until the entry goes.
    static let knownDifferences = ["#9 p-th-0071 (46px: browser 189 px, cellheight 216 px)"]

    @Test("oracle texts of many scripts at every width of their group: no disagreements but the known one",
          arguments: 0..<4)
    func oracleTexts(group: Int) throws {
        let cases = try #require(Self.oracleGroups.count == 4 ? Self.oracleGroups[group] : nil)
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = directory.appendingPathComponent("rows.ndjson")
        let encoder = JSONEncoder()
        let lines = try cases.map { String(decoding: try encoder.encode(["id": $0.id, "text": $0.text]), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: rows, atomically: true, encoding: .utf8)
        let widths = Set(cases.map(\.width)).sorted().map { formatPixels($0) }.joined(separator: ",")
        let (verdict, _) = try Self.verdict(of: [
            "--font", cases[0].font, "--size", formatPixels(cases[0].size), "--line-height", cases[0].lineHeight,
            "--width", widths, rows.path,
        ], in: directory)
        let known = Self.knownDifferences.filter { known in cases.contains { known.contains(" \($0.id) ") } }
        #expect(verdict == ReportVerdict(rows: cases.count, disagreements: known.count, fontErrors: nil))
        #expect(verdict.differences == known)
    }

    @Test("a template's labels in two fonts: no disagreements")
    func templateRows() throws {
        let verdict = try Self.verdict(of: [
            "--template", "fixtures/templates/title-subtitle-body.json", "--format", "csv",
            "fixtures/templates/title-subtitle-body.rows.csv",
        ])
        #expect(verdict == ReportVerdict(rows: 4, disagreements: 0, fontErrors: nil))
    }

    @Test("rows a rules file gives fonts and sizes of their own (CJK locales in Noto Sans CJK) are drawn and laid out in them",
          arguments: [[String](), ["--embed-font"]])
    func rowsInTheirOwnFonts(extra: [String]) throws {
        let verdict = try Self.verdict(of: ["--rules", "fixtures/checks/rules.yaml", "fixtures/checks/ui.ndjson"] + extra,
                                       in: try Self.makeDirectory(), status: 1).0
        #expect(verdict == ReportVerdict(rows: 8, disagreements: 0, fontErrors: nil))
    }

    @Test("an embedded font loads from the page itself")
    func embeddedFont() throws {
        let verdict = try Self.verdict(of: [
            "--font", TestFonts.liberationSerif, "--size", "15", "--width", "120", "--embed-font", "fixtures/sample.json",
        ])
        #expect(verdict == ReportVerdict(rows: 5, disagreements: 0, fontErrors: nil))
    }

    /// The rows over budget of `fixtures/checks/ui.ndjson` with `fixtures/checks/rules.yaml`, as the
    /// CI gate's README example reports them (confirmed in Chromium, `fixtures/checks/ui-chromium.jsonl`):
    /// rows 0, 1, 4, 5, 7 must be 129.04, 32.77, 9.44, 18.82 and 1.05 px wider (309.04 − 180,
    /// 212.77 − 180, 189.44 − 180, 138.82 − 120, 181.05 − 180).
    @Test("rows over budget: the table sorts by how much wider a row must be; the switch hides the rows that fit")
    func failingRowsView() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("report.html")
        let result = try CellHeightProcess.run(["--rules", "fixtures/checks/rules.yaml", "fixtures/checks/ui.ndjson",
                                                "--output", "html", "--output-file", page.path], in: Self.root.path)
        #expect(result.status == 1)
        // Click "wider by" twice (ascending, then descending) and the switch, then say what the page shows.
        let probe = """
            <script>
            const heading = [...document.querySelectorAll("#failing-rows th")].find(th => th.textContent === "wider by");
            heading.click(); heading.click();
            const rows = [...document.querySelectorAll("#failing-rows tbody tr")];
            document.body.dataset.order = rows.map(row => row.cells[0].dataset.value).join(",");
            document.body.dataset.sort = heading.getAttribute("aria-sort");
            document.getElementById("only-failing").click();
            document.body.dataset.shown = [...document.querySelectorAll("section.row")]
              .filter(row => getComputedStyle(row).display !== "none").map(row => row.id).join(",");
            </script>
            </body>
            """
        let html = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "</body>", with: probe)
        try html.write(to: page, atomically: true, encoding: .utf8)
        let dom = try HeadlessChromium.dumpDOM(of: page)
        #expect(dom.contains("data-order=\"0,1,5,4,7\""))
        #expect(dom.contains("data-sort=\"descending\""))
        #expect(dom.contains("data-shown=\"row-0,row-1,row-4,row-5,row-7\""))
    }
}
