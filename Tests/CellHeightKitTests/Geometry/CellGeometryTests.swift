@testable import CellHeightEngine
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

@Suite("cell geometry")
struct CellGeometryTests {
    // MARK: - Padding

    struct PaddingCase: Sendable, CustomTestStringConvertible {
        var input: String
        /// top, right, bottom, left; nil when the text is invalid.
        var expected: [Double]?
        var testDescription: String { "'\(input)'" }
    }

    static let paddingCases: [PaddingCase] = [
        PaddingCase(input: "10", expected: [10, 10, 10, 10]),
        PaddingCase(input: "10 15", expected: [10, 15, 10, 15]),
        PaddingCase(input: "8 5 4", expected: [8, 5, 4, 5]),
        PaddingCase(input: "8 5 4 2", expected: [8, 5, 4, 2]),
        PaddingCase(input: "8px 5.5px", expected: [8, 5.5, 8, 5.5]),
        PaddingCase(input: " 8, 5 ", expected: [8, 5, 8, 5]),
        PaddingCase(input: "0", expected: [0, 0, 0, 0]),
        PaddingCase(input: "", expected: nil),
        PaddingCase(input: "1 2 3 4 5", expected: nil),
        PaddingCase(input: "-1", expected: nil),
        PaddingCase(input: "10 auto", expected: nil),
        PaddingCase(input: "10em", expected: nil),
        PaddingCase(input: "nan", expected: nil),
        PaddingCase(input: "1e999", expected: nil),
    ]

    @Test("padding: CSS shorthand", arguments: paddingCases)
    func paddingShorthand(_ testCase: PaddingCase) {
        let padding = Padding(parsing: testCase.input)
        #expect(padding.map { [$0.top, $0.right, $0.bottom, $0.left] } == testCase.expected)
    }

    // MARK: - Rounding

    struct RoundingCase: Sendable, CustomTestStringConvertible {
        var rounding: TextRounding
        var height: Double
        var expected: Double
        var testDescription: String { "\(rounding.rawValue) \(height)" }
    }

    static let roundingCases: [RoundingCase] = [
        // 18.1875 = 1.3 × 14 px floored to 1/64 px.
        RoundingCase(rounding: .none, height: 18.1875, expected: 18.1875),
        RoundingCase(rounding: .ceil, height: 18.1875, expected: 19),
        RoundingCase(rounding: .ceil2x, height: 18.1875, expected: 18.5),  // 36.375 → 37 → 18.5
        RoundingCase(rounding: .ceil3x, height: 18.1875, expected: 55.0 / 3),  // 54.5625 → 55 → 18.33…
        RoundingCase(rounding: .ceil, height: 16, expected: 16),
        RoundingCase(rounding: .ceil2x, height: 16.5, expected: 16.5),
        RoundingCase(rounding: .ceil3x, height: 16, expected: 16),
        RoundingCase(rounding: .ceil, height: 0, expected: 0),
    ]

    /// Issue 16: Chromium floors every CSS length to 1/64 px. Padding 7.3 is 7.296875 (467/64),
    /// a minimum height of 60.6 is 60.59375 (3878/64), a width of 100.3 is 100.296875.
    @Test("geometry: CSS lengths are floored to 1/64 px, as Chromium keeps them")
    func lengthsFlooredToLayoutUnits() {
        let label = LabelTemplate(field: "text", font: "x", fontSize: 16, lineHeight: .pixels(20), leftInset: 0.01,
                                  spacingAfter: 4.3)
        let cell = CellTemplate(padding: Padding(top: 7.3, right: 7.3, bottom: 7.3, left: 7.3), minHeight: 60.6,
                                separator: 0.5, labels: [label, label])
        // 100.296875 − 2 × 7.296875 − 0 (0.01 floors to 0).
        #expect(cell.textWidth(ofLabel: 0, cellWidth: 100.3) == 85.703125)
        let shown = label.layout(showing: TextLayout(width: 85, lineCount: 1, height: 20), visibleHeight: 20, rounding: .none)
        // 20 + 4.296875 + 20 + 2 × 7.296875 = 58.890625 < 60.59375; + 0.5 separator, as given.
        #expect(cell.cellHeight(labels: [shown, shown]) == 60.59375 + 0.5)
        let tall = label.layout(showing: TextLayout(width: 85, lineCount: 2, height: 40), visibleHeight: 40, rounding: .none)
        // 40 + 4.296875 + 40 + 14.59375 = 98.890625.
        #expect(cell.cellHeight(labels: [tall, tall]) == 98.890625 + 0.5)
    }

    @Test("rounding: up to px or device pixels", arguments: roundingCases)
    func rounding(_ testCase: RoundingCase) {
        #expect(testCase.rounding.apply(to: testCase.height) == testCase.expected)
    }

    @Test("rounding: raw values are the option's spelling")
    func roundingNames() {
        #expect(TextRounding.allCases.map(\.rawValue) == ["none", "ceil", "ceil@2x", "ceil@3x"])
    }

    // MARK: - Ordering

    /// A label layout of `lines` lines of `lineHeight` px, shown whole.
    static func text(lines: Int, lineHeight: Double, width: Double = 300) -> TextLayout {
        TextLayout(width: width, lineCount: lines, height: Double(lines) * lineHeight)
    }

    struct OrderingCase: Sendable, CustomTestStringConvertible {
        var name: String
        var cell: CellTemplate
        var textHeight: Double
        var expected: Double
        var testDescription: String { name }
    }

    static func oneLabel(padding: Padding = .zero, minHeight: Double = 0, separator: Double = 0,
                         rounding: TextRounding = .none) -> CellTemplate {
        .singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .multiple(1.3), padding: padding,
                     minHeight: minHeight, separator: separator, rounding: rounding)
    }

    static let orderingCases: [OrderingCase] = [
        OrderingCase(name: "bare text: the height is the text height", cell: oneLabel(), textHeight: 18.1875,
                     expected: 18.1875),
        // 18.1875 → ceil 19 → + 8 + 8 = 35 → max(35, 44) = 44 → + 1 = 45.
        OrderingCase(name: "one line: the minimum wins, then the separator",
                     cell: oneLabel(padding: Padding(top: 8, right: 15, bottom: 8, left: 15), minHeight: 44,
                                    separator: 1, rounding: .ceil),
                     textHeight: 18.1875, expected: 45),
        // 3 × 18.1875 = 54.5625 → 55 → 71 → max(71, 44) = 71 → 72.
        OrderingCase(name: "three lines: taller than the minimum",
                     cell: oneLabel(padding: Padding(top: 8, right: 15, bottom: 8, left: 15), minHeight: 44,
                                    separator: 1, rounding: .ceil),
                     textHeight: 54.5625, expected: 72),
        // Rounding comes before the padding: ceil(18.1875) + 0.25 + 0.25 = 19.5 (rounding after the
        // padding would give ceil(18.6875) = 19).
        OrderingCase(name: "rounding applies to the text, not to the padding",
                     cell: oneLabel(padding: Padding(top: 0.25, right: 0, bottom: 0.25, left: 0), rounding: .ceil),
                     textHeight: 18.1875, expected: 19.5),
        // The minimum includes the padding (border-box): max(30 + 20, 44) = 50, not max(30, 44) + 20 = 64.
        OrderingCase(name: "the minimum height includes the padding",
                     cell: oneLabel(padding: Padding(top: 10, right: 0, bottom: 10, left: 0), minHeight: 44),
                     textHeight: 30, expected: 50),
        // The separator is added after the minimum: max(16, 44) + 1 = 45.
        OrderingCase(name: "the separator is added below the minimum",
                     cell: oneLabel(minHeight: 44, separator: 1), textHeight: 16, expected: 45),
    ]

    @Test("ordering: text → rounding → + padding → max(min height) → + separator", arguments: orderingCases)
    func ordering(_ testCase: OrderingCase) {
        let layout = TextLayout(width: 300, lineCount: 1, height: testCase.textHeight)
        let label = testCase.cell.labels[0].layout(showing: layout, visibleHeight: testCase.textHeight,
                                                   rounding: testCase.cell.rounding)
        #expect(testCase.cell.cellHeight(labels: [label]) == testCase.expected)
    }

    // MARK: - Labels in a stack

    static let stack = CellTemplate(padding: Padding(top: 15, right: 0, bottom: 15, left: 0), labels: [
        LabelTemplate(field: "title", spacingAfter: 3),
        LabelTemplate(field: "subtitle", spacingAfter: 7),
        LabelTemplate(field: "body"),
    ])

    /// The stack's labels with `lines` lines each (nil: hidden), at 20, 18 and 17 px per line.
    static func stackHeight(_ cell: CellTemplate, lines: [Int?]) -> Double {
        let lineHeights = [20.0, 18, 17]
        let layouts = zip(cell.labels, zip(lines, lineHeights)).map { label, entry -> LabelLayout in
            guard let count = entry.0 else { return label.hiddenLayout(textWidth: 220) }
            let text = text(lines: count, lineHeight: entry.1, width: 220)
            return label.layout(showing: text, visibleHeight: text.height, rounding: cell.rounding)
        }
        return cell.cellHeight(labels: layouts)
    }

    @Test("stack: spacing only between shown labels")
    func stackSpacing() {
        // 15 + 20 + 3 + 2 × 18 + 7 + 3 × 17 + 15 = 147.
        #expect(Self.stackHeight(Self.stack, lines: [1, 2, 3]) == 147)
        // Hidden subtitle: the title's 3 px separates title and body: 15 + 20 + 3 + 17 + 15 = 70.
        #expect(Self.stackHeight(Self.stack, lines: [1, nil, 1]) == 70)
        // Hidden body: no spacing after the last label shown: 15 + 20 + 3 + 18 + 15 = 71.
        #expect(Self.stackHeight(Self.stack, lines: [1, 1, nil]) == 71)
        // Everything hidden: just the padding.
        #expect(Self.stackHeight(Self.stack, lines: [nil, nil, nil]) == 30)
        // Shown but empty (collapseEmpty false): 0 px with both spacings: 15 + 20 + 3 + 0 + 7 + 17 + 15 = 77.
        #expect(Self.stackHeight(Self.stack, lines: [1, 0, 1]) == 77)
    }

    @Test("labels: fixed height wins, minimum height raises")
    func labelHeights() {
        let fixed = LabelTemplate(field: "title", fixedHeight: 17)
        let twoLines = Self.text(lines: 2, lineHeight: 16)
        #expect(fixed.layout(showing: twoLines, visibleHeight: 32, rounding: .none).height == 17)
        let atLeast44 = LabelTemplate(field: "text", minHeight: 44)
        #expect(atLeast44.layout(showing: twoLines, visibleHeight: 32, rounding: .none).height == 44)
        #expect(atLeast44.layout(showing: Self.text(lines: 3, lineHeight: 16), visibleHeight: 48, rounding: .none)
            .height == 48)
        // The text height is rounded before the minimum applies: ceil(43.5) = 44 = the minimum.
        #expect(atLeast44.layout(showing: twoLines, visibleHeight: 43.5, rounding: .ceil).textHeight == 44)
    }

    // MARK: - Line limits

    @Test("line limit: the first N line boxes, whatever their heights")
    func lineLimit() {
        // A first line with a taller fallback font (23 px), then two 19 px lines.
        let boxes = [23.0, 19, 19].enumerated().map { index, height in
            LineBox(range: index..<(index + 1), text: "x", width: 10, height: height)
        }
        let layout = TextLayout(width: 100, lines: boxes, height: 61)
        #expect(LineLimit(maxLines: 2).visibleHeight(of: layout) { boxes } == 42)
        #expect(LineLimit(maxLines: 2).visibleLineCount(of: 3) == 2)
        #expect(LineLimit(maxLines: 1).visibleHeight(of: layout) { boxes } == 23)
        // Not truncated: the layout's own height; the line boxes are not needed.
        #expect(LineLimit(maxLines: 3).visibleHeight(of: layout) { Issue.record("not needed"); return [] } == 61)
        #expect(LineLimit.none.visibleHeight(of: layout) { Issue.record("not needed"); return [] } == 61)
        #expect(LineLimit.none.visibleLineCount(of: 3) == 3)
    }

    // MARK: - Measuring

    static func measurer(_ cell: CellTemplate, widths: [Double], details: Bool = false) throws -> CellMeasurer {
        let engines = try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        return try CellMeasurer(template: cell, engines: engines, widths: widths, details: details)
    }

    @Test("measuring: the engine's integer lane gives the cells and budget checks of prepare and layout")
    func plainTextLaneEqualsPrepareAndLayout() throws {
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal,
                                            padding: Padding(top: 3, right: 5, bottom: 4, left: 6))
        let widths = [60.0, 180, 320]
        let lane = try Self.measurer(cell, widths: widths)
        let engines = try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        for engine in engines { engine.usesPairwiseLane = false }
        let general = try CellMeasurer(template: cell, engines: engines, widths: widths)
        let lines = Array(try TestTexts.prose().prefix(1500))
        let texts = lines + TestTexts.paragraphs(lines) + [""]
        let budget = Budget(maxLines: 3, maxHeight: 60)
        var violations = 0
        for (index, text) in texts.enumerated() {
            let row = Row(index: index, text: text, sourceLine: index + 1)
            #expect(lane.measure(row) == general.measure(row), "\(text)")
            let checked = lane.measure(row, budget: budget)
            #expect(checked == general.measure(row, budget: budget), "\(text)")
            violations += checked.budgetCheck?.violations.count ?? 0
        }
        #expect(violations > 100, "some rows should break the budget, so the fitting width is searched")
    }

    /// Rows laid out alike share their results' arrays: each row still gets exactly the results a
    /// measurer of its own gives it, with lines of other heights (fallback fonts), a line limit
    /// and several widths, and no arrays are shared with line boxes.
    @Test("measuring: shared results are each row's own", arguments: [[180.0], [90.0, 180]])
    func sharedResults(widths: [Double]) throws {
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal,
                                            padding: Padding(top: 3, right: 5, bottom: 4, left: 6),
                                            lineLimit: LineLimit(maxLines: 3))
        let shared = try Self.measurer(cell, widths: widths)
        let texts = ["Open the file", "Save the file", "ファイルを開く", "Datei öffnen", "Ouvrir le fichier",
                     "한국어 텍스트를 여기에", "Open\nthe file", "Save\nthe file", "A longer text that wraps at the narrower width",
                     "Another longer text that wraps at the narrow width", "Open the file", "عربى and English", ""]
        var sharing = 0
        var earlier: [MeasuredCell] = []
        for (index, text) in texts.enumerated() {
            let row = Row(index: index, text: text, sourceLine: index + 1)
            let measured = shared.measure(row)
            #expect(measured == (try Self.measurer(cell, widths: widths).measure(row)), "\(text)")
            measured.results.withUnsafeBufferPointer { results in
                sharing += earlier.contains { $0.results.withUnsafeBufferPointer { $0.baseAddress == results.baseAddress } } ? 1 : 0
            }
            earlier.append(measured)
        }
        #expect(sharing >= 3, "rows laid out alike share their results")
        let detailed = try Self.measurer(cell, widths: widths, details: true)
        let first = detailed.measure(Row(index: 0, text: "Open the file", sourceLine: 1))
        let second = detailed.measure(Row(index: 1, text: "Save the file", sourceLine: 2))
        #expect(first.results.last!.labels[0].text.lines.map(\.text) == ["Open the file"])
        #expect(second.results.last!.labels[0].text.lines.map(\.text) == ["Save the file"])
    }

    /// Oracle case p-de-0057: 4 lines at DejaVu Sans 14 px, 110 px, 16 px lines.
    static let fourLines = "ungültige Prüfsumme für Datei »%s«: »%s«"

    @Test("measuring: a line limit truncates and reports the full line count", arguments: [false, true])
    func truncation(details: Bool) throws {
        // Text width 140 − 15 − 15 = 110: 4 lines; 2 shown: 2 × 16 = 32, + 8 + 8 = 48.
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .pixels(16),
                                            padding: Padding(top: 8, right: 15, bottom: 8, left: 15),
                                            lineLimit: LineLimit(maxLines: 2))
        let measured = try Self.measurer(cell, widths: [140], details: details)
            .measure(Row(index: 0, text: Self.fourLines, sourceLine: 1))
        let label = measured.results[0].labels[0]
        #expect(label.text.lineCount == 4)
        #expect(label.visibleLineCount == 2)
        #expect(label.isTruncated)
        #expect(label.textHeight == 32)
        #expect(measured.results[0].height == 48)
        #expect(label.text.lines.count == (details ? 4 : 0))
    }

    @Test("measuring: an empty text is a hidden label")
    func emptyText() throws {
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal,
                                            padding: Padding(top: 10, right: 10, bottom: 10, left: 10))
        let label = try Self.measurer(cell, widths: [320]).measure(Row(index: 0, text: "", sourceLine: 1))
        #expect(label.results[0].labels[0].isHidden)
        #expect(label.results[0].labels[0].text.lineCount == 0)
        #expect(label.results[0].height == 20)
    }

    @Test("measuring: padding and insets must leave room for the text")
    func noRoom() throws {
        var cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal,
                                            padding: Padding(top: 0, right: 100, bottom: 0, left: 100))
        #expect(throws: CellGeometryError.noRoomForText(label: 0, cellWidth: 150, textWidth: -50)) {
            try Self.measurer(cell, widths: [320, 150])
        }
        cell.padding = Padding(top: 0, right: 0, bottom: 0, left: 0)
        cell.labels[0].leftInset = 75
        cell.labels[0].rightInset = 75
        #expect(throws: CellGeometryError.noRoomForText(label: 0, cellWidth: 150, textWidth: 0)) {
            try Self.measurer(cell, widths: [150])
        }
    }

    @Test("measuring: a label's width is the cell's minus padding and insets")
    func textWidth() {
        var cell = CellTemplate(padding: Padding(top: 8, right: 5, bottom: 8, left: 15), labels: [
            LabelTemplate(field: "a"), LabelTemplate(field: "b", leftInset: 5, rightInset: 7),
        ])
        #expect(cell.textWidth(ofLabel: 0, cellWidth: 320) == 300)
        #expect(cell.textWidth(ofLabel: 1, cellWidth: 320) == 288)
        cell.padding = .zero
        #expect(cell.textWidth(ofLabel: 1, cellWidth: 320) == 308)
    }

    @Test("measuring: labels with the same font, size and line height share an engine")
    func sharedEngines() throws {
        let labels = [
            LabelTemplate(field: "a", font: TestFonts.dejaVuSans, fontSize: 14),
            LabelTemplate(field: "b", font: TestFonts.dejaVuSans, fontSize: 12),
            LabelTemplate(field: "c", font: TestFonts.dejaVuSans, fontSize: 14),
        ]
        let engines = try makeLabelEngines(for: labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        #expect(engines[0] === engines[2])
        #expect(engines[0] !== engines[1])
    }

    @Test("measuring: a label's font error goes through fontError, a fallback's does not")
    func fontErrors() {
        let labels = [LabelTemplate(field: "a", font: TestFonts.dejaVuSans), LabelTemplate(field: "b", font: "/nonexistent/b.ttf")]
        #expect(throws: CellHeightError.usage("label 1: font not found: /nonexistent/b.ttf")) {
            try makeLabelEngines(for: labels, fallbackSpecs: nil, whiteSpace: .preWrap) { index, error in
                .usage("label \(index): \(error)")
            }
        }
        #expect(throws: CellHeightError.font("font not found: /nonexistent/f.ttf")) {
            try makeLabelEngines(for: [labels[0]], fallbackSpecs: ["/nonexistent/f.ttf"], whiteSpace: .preWrap) { _, _ in
                .usage("not the label's font")
            }
        }
    }
}
