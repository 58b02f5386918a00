import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// The ready-made templates of fixtures/templates, each measured on its fixture input and checked
/// against heights derived by hand from line counts.
///
/// Line counts come from outside the code under test:
/// - a text narrower than its label is one line; widths quoted as "hb-shape" were measured with
///   HarfBuzz's `hb-shape` tool (sum of advances / units per em × size);
/// - a paragraph break ("\n") starts a new line;
/// - otherwise the count is Chromium's, from the oracle case named (same font, size and width; the
///   line height does not change where lines break).
///
/// Line heights: fixed ones are the template's; `normal` comes from the hhea metrics quoted in
/// `TestFonts`, each metric rounded to whole px at the size (and matches the oracle cases named).
@Suite("template recipes")
struct TemplateRecipeTests {
    static let templates = CellHeightProcess.packageRoot.appendingPathComponent("fixtures/templates")

    struct RecipeCase: Sendable, CustomTestStringConvertible {
        var template: String
        var input: String
        var format: RowFormat = .auto
        /// Per row: each label's line count (all lines, even hidden ones), then the cell height.
        var expected: [ExpectedCell]
        var testDescription: String { template }
    }

    struct ExpectedCell: Equatable, Sendable, CustomStringConvertible {
        var lineCounts: [Int]
        var height: Double
        var description: String { "\(lineCounts) → \(height)" }
    }

    static let cases: [RecipeCase] = [
        // Label width 320 − 10 − 10 = 300. DejaVu Sans 14 px, line-height normal:
        // round(1901/2048 × 14 = 12.995) + round(483/2048 × 14 = 3.302) = 13 + 3 = 16 px per line.
        RecipeCase(template: "basic-label", input: "basic-label.rows.jsonl", expected: [
            // "Peterborough" (hb-shape 94.5 px < 300): 1 line; max(16, 44) + 2 × 10 = 64.
            ExpectedCell(lineCounts: [1], height: 64),
            // 4 paragraphs, the widest "Νότια Καρολίνα" (hb-shape 111.8 px): 4 × 16 = 64; max(64, 44) + 20 = 84.
            ExpectedCell(lineCounts: [4], height: 84),
            // 3 paragraphs, the widest "NO WARRANTY" (hb-shape 104.6 px): 3 × 16 = 48; max(48, 44) + 20 = 68.
            ExpectedCell(lineCounts: [3], height: 68),
            // Empty text, 0 lines; collapseEmpty is false, so the label stays: max(0, 44) + 20 = 64.
            ExpectedCell(lineCounts: [0], height: 64),
        ]),
        // Labels 220 px wide (no horizontal padding). Title 20 px lines, subtitle 18, body 17;
        // padding 15 + 15; spacing 3 after the title, 7 after the subtitle.
        RecipeCase(template: "title-subtitle-body", input: "title-subtitle-body.rows.csv", format: .csv, expected: [
            // Title "Kópavogsbær" (bold 17 px, hb-shape 131.6), subtitle "Seyðisfjarðarkaupstaður" (15 px,
            // 182.5), body "Slovakische Gebärdensprache" (12 px: 1 line at 220 px, oracle p-de-0049):
            // 15 + 1 × 20 + 3 + 1 × 18 + 7 + 1 × 17 + 15 = 95.
            ExpectedCell(lineCounts: [1, 1, 1], height: 95),
            // Title 1 line (hb-shape 132.3); subtitle 2 paragraphs (77.0, 81.4); body 3 paragraphs, each
            // narrower than 220 (181.4, 171.4, 180.9): 1 × 20 + 3 + 2 × 18 + 7 + 3 × 17 + 30 padding = 147.
            ExpectedCell(lineCounts: [1, 2, 3], height: 147),
            // Empty subtitle: hidden with its 7 px; the title's 3 px now separates title and body
            // ("Highland Totonac", 103.5): 15 + 20 + 3 + 17 + 15 = 70.
            ExpectedCell(lineCounts: [1, 0, 1], height: 70),
            // Empty body: hidden; the subtitle ("Iran, Islamic Republic of", 179.6) is the last label shown,
            // so its 7 px spacing goes too: 15 + 20 + 3 + 18 + 15 = 71.
            ExpectedCell(lineCounts: [1, 1, 0], height: 71),
        ]),
        // Labels 320 − 15 − 5 = 300 px wide. Title fixed at 17 px; description 21 px lines; 8 px above,
        // between and below.
        RecipeCase(template: "self-sizing", input: "self-sizing.rows.json", expected: [
            // Title "Definitions:" (bold 14 px, hb-shape 91.3); description p-de-0085: 8 lines at
            // DejaVu Sans 16 px, 300 px (oracle): 8 + 17 + 8 + 8 × 21 + 8 = 209.
            ExpectedCell(lineCounts: [1, 8], height: 209),
            // Title 251.0 px, description "Wochentag in Uhr anzeigen" 220.9 px: 8 + 17 + 8 + 21 + 8 = 62.
            ExpectedCell(lineCounts: [1, 1], height: 62),
            // No description: hidden with the spacing before it: 8 + 17 + 8 = 33.
            ExpectedCell(lineCounts: [1, 0], height: 33),
            // A 2-line title still takes its fixed 17 px: 8 + 17 + 8 + 21 ("The End") + 8 = 62.
            ExpectedCell(lineCounts: [2, 1], height: 62),
        ]),
        // Label 390 − 16 − 16 = 358 px wide. DejaVu Sans 17 px, normal: round(15.78) + round(4.01) = 20 px
        // per line (oracle p-en-0194: 18 lines, 360 px). Margins 11 + 11, separator 1.
        RecipeCase(template: "separator-plus-one", input: "separator-plus-one.rows.jsonl", expected: [
            // "Peterborough" (hb-shape 114.8): 11 + 20 + 11 + 1 = 43 (the classic 43 + 1).
            ExpectedCell(lineCounts: [1], height: 43),
            // p-en-0115: 2 lines at DejaVu Sans 17 px, 358 px (oracle): 11 + 40 + 11 + 1 = 63.
            ExpectedCell(lineCounts: [2], height: 63),
            // 3 paragraphs, the widest 247.4 px: 11 + 60 + 11 + 1 = 83.
            ExpectedCell(lineCounts: [3], height: 83),
        ]),
        // Text 229 − 5 − 5 = 219 px wide. Liberation Sans 14 px, line-height 1.3: 18.2 floored to
        // 1/64 px = 18.1875 per line (oracle p-en-0017: 2 lines, 36.375). Rounded up, then + 8 + 8,
        // then at least 89.
        RecipeCase(template: "text-view", input: "text-view.rows.jsonl", expected: [
            // p-en-0017: 2 lines at 219 px (oracle): 36.375 → 37 → 53 → max(53, 89) = 89.
            ExpectedCell(lineCounts: [2], height: 89),
            // 5 paragraphs, the widest "Samoyedic languages" (hb-shape 137.8): 5 × 18.1875 = 90.9375
            // → 91 → 107 → max(107, 89) = 107.
            ExpectedCell(lineCounts: [5], height: 107),
            // "Kópavogsbær" (87.2): 18.1875 → 19 → 35 → 89.
            ExpectedCell(lineCounts: [1], height: 89),
        ]),
    ]

    @Test("templates: each recipe on its fixture", arguments: cases)
    func recipe(_ testCase: RecipeCase) throws {
        let templatePath = Self.templates.appendingPathComponent(testCase.template + ".json").path
        let inputPath = Self.templates.appendingPathComponent(testCase.input).path
        let template = try parseCellTemplate(try Data(contentsOf: URL(fileURLWithPath: templatePath)), file: templatePath)
        let engines = try makeLabelEngines(for: template.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        let text = try decodeText(try Data(contentsOf: URL(fileURLWithPath: inputPath)), source: inputPath).text
        let rows = try parseRows(in: text, format: testCase.format, source: inputPath, requireText: false)
        try template.checkFields(of: rows, templateFile: templatePath)

        let measurer = try CellMeasurer(template: template, engines: engines, widths: try #require(template.widths))
        let cells = measurer.measure(rows).map { cell in
            ExpectedCell(lineCounts: cell.results[0].labels.map(\.text.lineCount), height: cell.results[0].height)
        }
        #expect(cells == testCase.expected)
    }
}
