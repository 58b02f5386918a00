@testable import CellHeightEngine
import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// The narrowest fitting width ("fits at"): the search that skips widths giving the same lines and
/// follows guesses finds what a plain bisection over every LayoutUnit finds, on made-up step
/// functions (checked against every width) and on real texts, fonts, templates and budgets.
@Suite("fitting width search")
struct FittingWidthSearchTests {
    /// A made-up row: its layouts change at `changes` (ascending LayoutUnits, each the first width
    /// of a new layout), and it fits from `answer` (one of them) on.
    struct Steps {
        var changes: [Int]
        var answer: Int

        func sameLines(_ unit: Int) -> ClosedRange<Int> {
            let next = changes.firstIndex { $0 > unit } ?? changes.count
            let from = next > 0 ? changes[next - 1] : 0
            return from...((next < changes.count ? changes[next] : Int.max) - 1)
        }

        /// The narrowest fitting width in `(low, maximum]`, width by width.
        func exhaustive(above low: Int, maximum: Int) -> Int? {
            ((low + 1)...maximum).first { $0 >= answer }
        }
    }

    static func randomSteps(_ generator: inout some RandomNumberGenerator, maximum: Int) -> Steps {
        var changes: [Int] = [], unit = 0
        let spacing = Int.random(in: 1...400, using: &generator)
        while true {
            unit += Int.random(in: 1...(2 * spacing), using: &generator)
            guard unit <= maximum + 500 else { break }
            changes.append(unit)
        }
        return Steps(changes: changes, answer: changes.randomElement(using: &generator) ?? maximum + 1)
    }

    /// Guesses of every quality: exact, near, far, always too narrow or too wide, none.
    static let guessers: [(name: String, guess: (Steps, Int, inout SplitMix) -> Int?)] = [
        ("exact", { steps, _, _ in steps.answer }),
        ("near", { steps, _, generator in steps.answer + Int.random(in: -300...300, using: &generator) }),
        ("far", { steps, _, generator in steps.answer + Int.random(in: -20_000...20_000, using: &generator) }),
        ("too narrow", { _, unit, _ in unit - 1 }),
        ("too wide", { _, _, _ in Int.max / 4 }),
        ("none", { _, _, _ in nil }),
    ]

    @Test("made-up step functions: the answer of a search width by width, whatever the guesses")
    func madeUpSteps() {
        var generator = SplitMix(seed: 14)
        var probesByGuesser: [String: Int] = [:]
        for trial in 0..<3_000 {
            let maximum = [2_000, 20_000, 100_000][trial % 3]
            let steps = Self.randomSteps(&generator, maximum: maximum)
            let low = Int.random(in: 0..<min(steps.answer, maximum), using: &generator)
            let expected = steps.exhaustive(above: low, maximum: maximum)
            for guesser in Self.guessers {
                var probes = 0
                var random = SplitMix(seed: UInt64(trial))
                let found = FittingWidthSearch.narrowest(above: low, maximum: maximum,
                                                         firstGuess: guesser.guess(steps, low, &random)) { unit in
                    probes += 1
                    #expect(unit > low && unit <= maximum)
                    return .init(fits: unit >= steps.answer, sameLines: steps.sameLines(unit),
                                 guess: guesser.guess(steps, unit, &random))
                }
                #expect(found == expected, "\(guesser.name): low \(low), answer \(steps.answer), maximum \(maximum)")
                // A poor guess costs at most about twice a bisection (doubling up to the maximum, then halving).
                #expect(probes <= 4 * Int(log2(Double(maximum))) + 4, "\(guesser.name)")
                probesByGuesser[guesser.name, default: 0] += probes
            }
        }
        // Good guesses and ranges make fewer probes than none.
        #expect(probesByGuesser["exact"]! < probesByGuesser["near"]!)
        #expect(probesByGuesser["near"]! < probesByGuesser["none"]!)
    }

    @Test("without guesses and ranges it probes as a plain search: doubling, then halving")
    func plainSequence() {
        for (low, answer, maximum) in [(20_480, 26_188, 64_000_000), (100, 101, 1_000), (0, 5, 100), (500, 2_000, 1_500)] {
            var probed: [Int] = []
            let found = FittingWidthSearch.narrowest(above: low, maximum: maximum, firstGuess: nil) { unit in
                probed.append(unit)
                return .init(fits: unit >= answer, at: unit)
            }
            // The plain search, written out.
            var expected: [Int] = []
            var (tooNarrow, wide) = (low, min(max(2 * low, 64), maximum))
            var result: Int? = nil
            while true {
                expected.append(wide)
                if wide >= answer { break }
                if wide >= maximum { wide = -1; break }
                (tooNarrow, wide) = (wide, min(2 * wide, maximum))
            }
            if wide >= 0 {
                while wide - tooNarrow > 1 {
                    let middle = tooNarrow + (wide - tooNarrow) / 2
                    expected.append(middle)
                    if middle >= answer { wide = middle } else { tooNarrow = middle }
                }
                result = wide
            }
            #expect(probed == expected)
            #expect(found == result)
        }
    }

    @Test("the guess: the model's narrowest limit for so many lines (to a LayoutUnit), against every limit")
    func guess() {
        var generator = SplitMix(seed: 2026)
        for _ in 0..<300 {
            let paragraphs = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                FittingWidthGuess.Paragraph(contentWidth: Int.random(in: 0...30_000, using: &generator),
                                            waste: Int.random(in: 0...3_000, using: &generator))
            }
            let lineCount = Int.random(in: 1...12, using: &generator)
            func lines(at limit: Int) -> Int {
                paragraphs.reduce(0) { sum, p in
                    sum + (p.contentWidth <= limit ? 1 : Int((Double(p.contentWidth) / Double(max(limit - p.waste, 1))).rounded(.up)))
                }
            }
            let guess = FittingWidthGuess.narrowestLimit(paragraphs, lineCount: lineCount)
            guard paragraphs.count <= lineCount else {
                #expect(guess == nil)
                continue
            }
            let narrowest = (1...30_001).first { lines(at: $0) <= lineCount }!
            let found = try! #require(guess)
            #expect(found >= narrowest && found <= narrowest + LineWrapper.unitsPerLayoutUnit, "\(paragraphs) \(lineCount)")
            #expect(lines(at: found) <= lineCount)
        }
    }

    @Test("a height budget of any size beside a line budget: the guess is bounded, the answer the line budget's")
    func hugeHeightBudget() throws {
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 16, lineHeight: .normal)
        let engines = try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        let measurer = try CellMeasurer(template: cell, engines: engines, widths: [40])
        let row = Row(index: 0, text: "abc abc abc", sourceLine: 1)
        let lines = measurer.measure(row, budget: Budget(maxLines: 1)).budgetCheck?.violations.first?.fittingWidth
        for maxHeight in [Double.greatestFiniteMagnitude, 1e30, -5] {
            let violation = measurer.measure(row, budget: Budget(maxLines: 1, maxHeight: maxHeight)).budgetCheck?.violations.first
            #expect(violation?.fittingWidth == (maxHeight > 0 ? lines : nil))
        }
    }

    // MARK: - Real texts

    /// Engines by font, size and line height, shared by the cases.
    final class Engines: @unchecked Sendable {
        private var engines: [String: TextLayoutEngine] = [:]

        func engine(_ font: String, _ size: Double, _ lineHeight: LineHeight) throws -> TextLayoutEngine {
            let key = "\(font)|\(size)|\(lineHeight)"
            if let engine = engines[key] { return engine }
            let label = LabelTemplate(field: "text", font: font, fontSize: size, lineHeight: lineHeight)
            let engine = try makeLabelEngines(for: [label], fallbackSpecs: nil, whiteSpace: .preWrap).engines[0]
            engines[key] = engine
            return engine
        }
    }

    /// The narrowest fitting width of a plain search: every probe a measurer at that width (its own
    /// layout of the row, no budget), doubling from the width the row breaks its budget at, then
    /// halving, to 1/64 px.
    static func plainFittingWidth(_ row: Row, template: CellTemplate, engines: [TextLayoutEngine], budget: Budget,
                                  above width: Double) throws -> Double? {
        func fits(_ unit: Int) throws -> Bool {
            let cellWidth = Double(unit) / 64
            guard template.labels.indices.allSatisfy({ template.textWidth(ofLabel: $0, cellWidth: cellWidth) > 0 }) else {
                return false
            }
            let cell = try CellMeasurer(template: template, engines: engines, widths: [cellWidth]).measure(row).results[0]
            return budget.admits(lineCount: cell.lineCount, height: cell.height)
        }
        let maximum = Int(CellTemplate.maximumWidth * 64)
        var tooNarrow = Int((width * 64).rounded(.down)), wide = max(2 * tooNarrow, 64)
        while try !fits(wide) {
            guard wide < maximum else { return nil }
            (tooNarrow, wide) = (wide, min(2 * wide, maximum))
        }
        while wide - tooNarrow > 1 {
            let middle = tooNarrow + (wide - tooNarrow) / 2
            if try fits(middle) { wide = middle } else { tooNarrow = middle }
        }
        return Double(wide) / 64
    }

    /// Checks every violation's fitting width against the plain search's; returns how many there were.
    static func compareWithPlainSearch(_ texts: [(text: String, font: String, size: Double, lineHeight: LineHeight)],
                                       cell: (CellTemplate) -> CellTemplate, widths: (Double) -> [Double],
                                       budgets: (_ lineCount: Int, _ height: Double) -> [Budget]) throws -> Int {
        let engines = Engines()
        var checked = 0
        for (n, item) in texts.enumerated() {
            let engine = try engines.engine(item.font, item.size, item.lineHeight)
            let template = cell(CellTemplate.singleLabel(font: item.font, fontSize: item.size, lineHeight: item.lineHeight))
            let labelEngines = Array(repeating: engine, count: template.labels.count)
            let row = Row(index: n, text: item.text, sourceLine: n + 1,
                          fields: template.labels.count > 1 ? ["title": item.text, "subtitle": item.text] : nil)
            let measurer = try CellMeasurer(template: template, engines: labelEngines, widths: widths(item.size))
            let plain = measurer.measure(row).results
            for budget in budgets(plain.map(\.lineCount).max()!, plain.map(\.height).max()!) {
                let check = try #require(measurer.measure(row, budget: budget).budgetCheck)
                guard let widest = check.violations.map(\.width).max() else { continue }
                let expected = try plainFittingWidth(row, template: template, engines: labelEngines, budget: budget, above: widest)
                for violation in check.violations {
                    #expect(violation.fittingWidth == expected, "\(item.text.prefix(40)) \(budget)")
                    checked += 1
                }
            }
        }
        return checked
    }

    static func oracleTexts(_ file: String, every: Int) throws -> [(text: String, font: String, size: Double, lineHeight: LineHeight)] {
        try OracleCase.load(file).enumerated().filter { $0.offset % every == 0 && $0.element.fontFamily == nil }.compactMap {
            let c = $0.element
            return LineHeight(parsing: c.lineHeight).map { (c.text, c.font, c.size, $0) }
        }
    }

    @Test("oracle texts (many scripts and fonts) at their widths and narrower: every line and height budget")
    func oracleTexts() throws {
        let texts = try Self.oracleTexts("fixtures/public.jsonl", every: 3)
        let checked = try Self.compareWithPlainSearch(texts, cell: { $0 }, widths: { _ in [60, 120] }) { lines, height in
            (1..<min(lines, 4)).map { Budget(maxLines: $0) } + [Budget(maxHeight: height / 2), Budget(maxLines: 1, maxHeight: height)]
        }
        #expect(checked > 500)
    }

    @Test("edge cases (soft hyphens, tabs, URLs, long words, NBSP, newlines) in a cell with padding, insets, a minimum height and a line limit")
    func edgeCasesInCells() throws {
        let texts = try Self.oracleTexts("fixtures/chromium-local.jsonl", every: 5)
        let checked = try Self.compareWithPlainSearch(texts, cell: { template in
            var cell = template
            cell.padding = Padding(top: 3.3, right: 10.1, bottom: 2, left: 7.7)
            cell.minHeight = 30
            cell.labels[0].leftInset = 1.5
            cell.labels[0].lineLimit = LineLimit(maxLines: 3)
            return cell
        }, widths: { _ in [50, 90] }) { lines, height in
            (1..<min(lines, 3)).map { Budget(maxLines: $0) } + [Budget(maxHeight: height - 1)]
        }
        #expect(checked > 500)
    }

    @Test("long texts of many paragraphs (the licenses), with line budgets")
    func licenses() throws {
        let directory = "/usr/share/common-licenses"
        let texts = try ["Apache-2.0", "GPL-2", "MPL-2.0", "BSD"].map { name in
            let text = try String(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)"), encoding: .utf8)
            return (String(text.prefix(4_000)), TestFonts.dejaVuSans, 14.0, LineHeight.normal)
        }
        let checked = try Self.compareWithPlainSearch(texts, cell: { $0 }, widths: { _ in [320] }) { lines, _ in
            [lines - 1, lines / 2, lines * 2 / 3].filter { $0 > 0 }.map { Budget(maxLines: $0) }
        }
        #expect(checked >= 8)
    }

    @Test("a template of two labels: searched plainly, same answers")
    func twoLabels() throws {
        let texts = try Array(Self.oracleTexts("fixtures/public.jsonl", every: 40))
        let checked = try Self.compareWithPlainSearch(texts, cell: { template in
            var title = template.labels[0], subtitle = template.labels[0]
            (title.field, subtitle.field, subtitle.lineLimit) = ("title", "subtitle", LineLimit(maxLines: 2))
            return CellTemplate(padding: Padding(top: 4, right: 8, bottom: 4, left: 8), labels: [title, subtitle])
        }, widths: { _ in [120] }) { lines, _ in [Budget(maxLines: max(1, lines - 1))] }
        #expect(checked > 20)
    }
}

/// A small seeded generator, so that the made-up cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
