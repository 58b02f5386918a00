@testable import CellHeightEngine
import Foundation
import Testing
@testable import CellHeightKit

/// The `html` and `svg` reports' markup: exact snippets for the hand-made rows of `ReportFixtures`
/// (at 320 px: "Datei öffnen…" in one 18.625 px line; "ファイルを開く\n" (23 px) then "فتح الملف"
/// (18.625 px)), and escaping of texts, ids and file names.
@Suite("html and svg reports")
struct DrawnReportTests {
    static let settings = ReportFixtures.settings(widths: [320])

    static func html(_ rows: [MeasuredRow] = ReportFixtures.oneWidthRows, settings: ReportSettings = settings,
                     options: ReportOptions = ReportOptions()) -> String {
        render(rows.map(MeasuredCell.init(bare:)), settings: settings, format: .html, options: options)
    }

    static func svg(_ rows: [MeasuredRow] = ReportFixtures.oneWidthRows, options: ReportOptions = ReportOptions()) -> String {
        render(rows.map(MeasuredCell.init(bare:)), settings: settings, format: .svg, options: options)
    }

    /// The rows' cells with the check the measurer records for `budget`, written out by hand: a
    /// violation at each width where a cell is taller than `maxHeight` or has more lines than `maxLines`.
    static func checked(_ rows: [MeasuredRow], _ budget: Budget, fittingWidth: Double?) -> [MeasuredCell] {
        rows.map(MeasuredCell.init(bare:)).map { cell in
            var cell = cell
            let over = cell.results.filter { !budget.admits(lineCount: $0.lineCount, height: $0.height) }
            cell.budgetCheck = BudgetCheck(budget: budget, violations: over.map {
                BudgetViolation(width: $0.width, lineCount: $0.lineCount, height: $0.height, budget: budget, fittingWidth: fittingWidth)
            })
            return cell
        }
    }

    /// A row whose text and id need escaping everywhere they appear.
    static let markupRow: MeasuredRow = {
        let text = #"a < b & "c" 'd' </script>"#
        let line = LineBox(range: 0..<25, text: text, width: 190.5, height: 18.625, fonts: ["DejaVu Sans"])
        return MeasuredRow(row: Row(index: 0, id: "<b>&", text: text, sourceLine: 1),
                           layouts: [TextLayout(width: 320, lines: [line], height: 18.625)])
    }()

    @Test("html: the font by file URL, a class per label, the page's title")
    func htmlHead() {
        let page = Self.html()
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(page.contains("<title>cellheight report: rows.json</title>"))
        let expected1: String = "@font-face { font-family: \"cellheight-0\"; "
            + "src: url(\"file:///usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\"); }\n"
            + ".f0 { font: 16px/normal \"cellheight-0\"; }\n"
            + ".browser { white-space: pre-wrap; }\n.label > p { white-space: pre; }\n"
        #expect(page.contains(expected1))
        #expect(page.hasSuffix("</script>\n</body>\n</html>\n"))
    }

    @Test("html: an embedded font is a base64 data URL")
    func htmlEmbeddedFont() {
        let page = Self.html(options: ReportOptions(embeddedFonts: [ReportFixtures.settings(widths: [320]).subject.fonts[0].fontPath: [0, 1, 2]]))
        #expect(page.contains("@font-face { font-family: \"cellheight-0\"; src: url(\"data:font/ttf;base64,AAEC\"); }\n"))
        #expect(!page.contains("file:///"))
    }

    @Test("html: settings, with the date when given, and the summary per width")
    func htmlHeader() {
        var settings = Self.settings
        settings.budget = Budget(maxHeight: 30)
        let page = render(Self.checked(ReportFixtures.oneWidthRows, settings.budget, fittingWidth: nil), settings: settings,
                          format: .html, options: ReportOptions(date: Date(timeIntervalSince1970: 1_700_000_000)))
        let expected2: String = "<dt>font</dt><dd>/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf (DejaVu Sans)</dd>\n"
            + "<dt>font SHA-256</dt><dd>abc123</dd>\n<dt>size</dt><dd>16 px</dd>\n"
            + "<dt>line height</dt><dd>normal (18.625 px)</dd>\n<dt>width</dt><dd>320 px</dd>\n"
            + "<dt>height budget</dt><dd>30 px</dd>\n<dt>white-space</dt><dd>pre-wrap</dd>\n"
            + "<dt>fallback fonts</dt><dd>/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc</dd>\n"
            + "<dt>input</dt><dd>rows.json</dd>\n<dt>date</dt><dd>2023-11-14T22:13:20Z</dd>\n"
        #expect(page.contains(expected2))
        // Heights 18.625 and 41.625: mean 30.125 (30.13 to 2 decimals), p95 the larger; one over 30 px.
        let expected3: String = "<tr><th>320 px</th><td>2</td><td title=\"18.625\">18.63</td>"
            + "<td title=\"41.625\">41.63</td><td title=\"30.125\">30.13</td><td title=\"30.125\">30.13</td>"
            + "<td title=\"41.625\">41.63</td><td title=\"60.25\">60.25</td><td>0</td><td>1</td></tr>"
        #expect(page.contains(expected3))
        #expect(!Self.html().contains("<dt>date</dt>"))
    }

    @Test("html: a row's box with its lines, and the browser's side")
    func htmlRow() {
        let page = Self.html()
        // (Issue 28: rows written compactly: no zero left and top, lines as <p> of the label's --h.)
        let expected4: String = "<section class=\"row\" id=\"row-0\">\n<h2><span class=\"index\">#0</span>"
            + "</h2>\n<div class=\"widths\">\n"
            + "<figure class=\"cell\"><figcaption>320 px · 1 line · 18.625 px</figcaption><div class=\"sides\">"
            + "<div class=\"box\" style=\"width:320px;height:18.625px\">"
            + "<div class=\"label f0\" style=\"width:320px;height:18.625px;--h:18.625px\">"
            + "<p>Datei öffnen…</p></div></div>"
            + "<div class=\"browser-side\"><div class=\"browser f0\" style=\"width:320px\" data-row=\"0\" "
            + "data-height=\"18.625\"></div></div></div></figure>\n"
        #expect(page.contains(expected4))
        // The second line stacks below the first, with its own height; the forced break is not drawn.
        let expected5: String = "--h:23px\"><p>ファイルを開く</p><p style=\"--h:18.625px\">فتح الملف</p>"
        #expect(page.contains(expected5))
        #expect(page.contains("<span class=\"id\">dialog &quot;open&quot;, title</span>"))
        // Rows sit in chunks the browser renders lazily, sized from cellheight's heights:
        // (18.625 + 66 → 85) + (41.625 + 66 → 108).
        #expect(page.contains("<div class=\"chunk\" style=\"contain-intrinsic-size: auto 193px\">\n<section"))
    }

    @Test("html: the texts for the browser's check as script-safe JSON")
    func htmlTexts() {
        let page = Self.html()
        let expected6: String = "<script type=\"application/json\" id=\"cellheight-texts\">"
            + "[[\"Datei öffnen…\"],[\"ファイルを開く\\nفتح الملف\"]]</script>"
        #expect(page.contains(expected6))
    }

    @Test("html: <, &, quotes in texts, ids and file names are escaped")
    func htmlEscaping() {
        var settings = Self.settings
        settings.inputName = "a<b>&\"c\".txt"
        let page = Self.html([Self.markupRow], settings: settings)
        #expect(page.contains("<title>cellheight report: a&lt;b&gt;&amp;&quot;c&quot;.txt</title>"))
        #expect(page.contains("<span class=\"id\">&lt;b&gt;&amp;</span>"))
        #expect(page.contains(">a &lt; b &amp; &quot;c&quot; &#39;d&#39; &lt;/script&gt;</p>"))
        #expect(page.contains(#"[["a \u003c b & \"c\" 'd' \u003c/script>"]]</script>"#))
        #expect(!page.contains("<b>"))
        #expect(page.components(separatedBy: "</script>").count == 3)  // the JSON's and the check's
    }

    @Test("html: truncated and over-budget rows are marked")
    func htmlHighlights() {
        let truncated = LabelLayout(field: "text", text: ReportFixtures.oneWidthRows[1].layouts[0], visibleLineCount: 1,
                                    textHeight: 23, height: 23, isHidden: false)
        let cell = MeasuredCell(row: ReportFixtures.mixedRow, results: [CellLayout(width: 320, height: 23, labels: [truncated])])
        let template = CellTemplate.singleLabel(font: "DejaVu Sans", fontSize: 16, lineHeight: .normal, lineLimit: LineLimit(maxLines: 1))
        var settings = Self.settings
        if case .text(let font, _) = settings.subject { settings.subject = .text(font, cell: template) }
        var checked = cell
        let budget = Budget(maxHeight: 20)
        checked.budgetCheck = BudgetCheck(budget: budget, violations: [
            BudgetViolation(width: 320, lineCount: 2, height: 23, budget: budget, fittingWidth: 400.015625),
        ])
        let page = render([checked], settings: settings, format: .html, options: ReportOptions())
        #expect(page.contains("<section class=\"row truncated over-budget\" id=\"row-0\">"))
        // The narrowest fitting width rounded up to 1/100 px, as in the diagnostics.
        #expect(page.contains("<figure class=\"cell truncated over-budget\"><figcaption>320 px · 1/2 lines · 23 px · "
            + "over the 20 px budget · fits at 400.02 px</figcaption>"))
        // Only the shown line is drawn; the browser lays out (and checks) the whole text.
        #expect(!page.contains("فتح الملف</div>"))
        #expect(page.contains("data-height=\"41.625\""))
        #expect(page.contains("<dt>lines shown</dt><dd>1</dd>"))
    }

    @Test("svg: boxes with their lines at their places")
    func svgRows() {
        let picture = Self.svg()
        #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"840\" height=\""))
        #expect(picture.contains("<title>cellheight report: rows.json</title>"))
        #expect(picture.contains(".f0 { font-family: \"cellheight-0\", \"DejaVu Sans\"; font-size: 16px; }\n"))
        // Row 0 at y 80 (16 margin + 64 header): caption, then the box at 96, 112 px from the left
        // (16 margin + 96 for the row's number); the line's text centred on its line box.
        let expected7: String = "<g class=\"row\" id=\"row-0\">\n<text class=\"heading\" x=\"16\" y=\"108\">#0</text>\n"
            + "<text class=\"caption\" x=\"112\" y=\"91\">320 px · 1 line · 18.625 px</text>\n"
            + "<rect class=\"box\" x=\"112\" y=\"96\" width=\"320\" height=\"18.625\"/>\n"
            + "<rect class=\"line\" x=\"112\" y=\"96\" width=\"320\" height=\"18.625\"/>\n"
            + "<text class=\"f0\" x=\"112\" y=\"105.3125\" dominant-baseline=\"central\">Datei öffnen…</text>\n</g>\n"
        #expect(picture.contains(expected7))
        // Row 1 starts 14 px below row 0's box: 96 + 18.625 + 14 = 128.625; its box at 144.625.
        let expected8: String = "<rect class=\"line alternate\" x=\"112\" y=\"167.625\" width=\"320\" height=\"18.625\"/>\n"
            + "<text class=\"f0\" x=\"112\" y=\"176.9375\" dominant-baseline=\"central\">فتح الملف</text>\n"
        #expect(picture.contains(expected8))
        #expect(picture.hasSuffix("</g>\n</svg>\n"))
    }

    @Test("svg: <, &, quotes are escaped; over-budget boxes are marked")
    func svgEscaping() {
        let picture = render(Self.checked([Self.markupRow], Budget(maxHeight: 10), fittingWidth: nil), settings: Self.settings,
                             format: .svg, options: ReportOptions())
        #expect(picture.contains(">a &lt; b &amp; &quot;c&quot; &#39;d&#39; &lt;/script&gt;</text>"))
        #expect(picture.contains("<text class=\"id\" x=\"16\" y=\"124\">&lt;b&gt;&amp;</text>"))
        #expect(picture.contains("<rect class=\"box over-budget\" x=\"112\" y=\"96\""))
    }

    @Test("html: every budget, not only a height budget: rows over a line budget are marked and listed in a sortable table")
    func htmlFailingRows() {
        // One line at most: row 1 ("ファイルを開く\n" then "فتح الملف", 2 lines, 41.625 px) breaks it; its
        // forced line break leaves it no width to fit at. Row 0 (1 line) fits.
        var settings = Self.settings
        settings.budget = Budget(maxLines: 1)
        let page = render(Self.checked(ReportFixtures.oneWidthRows, settings.budget, fittingWidth: nil), settings: settings,
                          format: .html, options: ReportOptions())
        #expect(page.contains("<dt>line budget</dt><dd>1</dd>"))
        #expect(page.contains("<section class=\"failing\" id=\"failing\">\n<h2>1 of 2 checked rows over budget</h2>\n"))
        #expect(page.contains("<input type=\"checkbox\" id=\"only-failing\">"))
        #expect(page.contains("<th data-type=\"number\" title=\"sort\">lines over</th>"))
        let line: String = "<tr><td data-value=\"1\"><a href=\"#row-1\">#1</a></td><td>dialog &quot;open&quot;, title</td>"
            + "<td data-value=\"320\">320</td><td>1 line</td><td data-value=\"2\">2</td><td data-value=\"1\">+1</td>"
            + "<td data-value=\"41.625\">41.625</td><td data-value=\"\"></td><td data-value=\"Infinity\">no width</td>"
            + "<td data-value=\"Infinity\">–</td></tr>\n"
        #expect(page.contains(line))
        #expect(!page.contains("<a href=\"#row-0\">"))
        #expect(page.contains("<section class=\"row over-budget\" id=\"row-1\">"))
        #expect(page.contains("<section class=\"row\" id=\"row-0\">"))
        #expect(page.contains("<figcaption>320 px · 2 lines · 41.625 px · over the 1-line budget · fits at no width</figcaption>"))
        // The summary counts it under "over budget"; the script sorts the table and hides the other rows.
        #expect(page.contains("<td title=\"60.25\">60.25</td><td>0</td><td>1</td></tr>"))
        #expect(page.contains("document.getElementById(\"failing-rows\")"))
        #expect(page.contains("body.only-failing .row:not(.over-budget) { display: none; }"))
        // No budget at all: no such section, no such column.
        #expect(!Self.html().contains("id=\"failing\""))
        #expect(!Self.html().contains("<th>over budget</th>"))
    }

    @Test("html: every checked row fits; untranslated rows left out are counted")
    func htmlNothingFails() {
        var cells = Self.checked(ReportFixtures.oneWidthRows, Budget(maxLines: 2), fittingWidth: nil)
        cells[1].budgetCheck = nil
        cells[1].skipsUntranslatedCheck = true
        let page = render(cells, settings: Self.settings, format: .html, options: ReportOptions())
        #expect(page.contains("<h2>0 of 1 checked row over budget (1 untranslated row not checked)</h2>\n</section>"))
        #expect(!page.contains("id=\"failing-rows\""))
    }

    @Test("svg: a row over a line budget is marked, its box captioned with the budget")
    func svgFailingRow() {
        let picture = render(Self.checked(ReportFixtures.oneWidthRows, Budget(maxLines: 1, maxHeight: 40), fittingWidth: nil),
                             settings: Self.settings, format: .svg, options: ReportOptions())
        #expect(picture.contains("<g class=\"row\" id=\"row-0\">"))
        #expect(picture.contains("<g class=\"row over-budget\" id=\"row-1\">\n<rect class=\"row-mark\""))
        #expect(picture.contains(">over budget</text>"))
        #expect(picture.contains("320 px · 2 lines · 41.625 px · over the 1-line, 40 px budget · fits at no width</text>"))
        #expect(picture.contains("<rect class=\"budget-bar\""))
        #expect(picture.contains("· 1 of 2 rows over budget</text>"))
    }

    @Test("markup escaping and script-safe JSON")
    func escaping() {
        #expect(escapeMarkup(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(escapeMarkup("tab\tnew\nline\u{1}\u{7F}é") == "tab\tnew\nline\u{2401}\u{2421}é")
        #expect(scriptSafeJSON(#"["</script><!--"]"#) == #"["\u003c/script>\u003c!--"]"#)
    }

    @Test("histogram: one bin per height when few, equal ranges when many")
    func histogram() {
        #expect(HeightHistogram(heights: [32, 16, 32, 48]).bins == [
            .init(lower: 16, upper: 16, count: 1), .init(lower: 32, upper: 32, count: 2), .init(lower: 48, upper: 48, count: 1),
        ])
        let many = HeightHistogram(heights: (0...48).map(Double.init))
        #expect(many.bins.count == HeightHistogram.maximumBins)
        #expect(many.bins.first == .init(lower: 0, upper: 2, count: 2))
        #expect(many.bins.last == .init(lower: 46, upper: 48, count: 3))  // the maximum falls in the last bin
        #expect(many.bins.map(\.count).reduce(0, +) == 49)
        #expect(HeightHistogram(heights: []).bins.isEmpty)
    }
}
