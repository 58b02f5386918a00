import Foundation
import Testing
@testable import CellHeightKit

/// Issue 30 (1): the tables behind `--dynamic-type` and `--font-scale`, against their sources as
/// copied by hand into fixtures/sizes (not from the code): Apple's Dynamic Type sizes (all 12
/// categories, each entry checked against the guidelines' tables: see the fixture's header), and
/// values worked out by hand from AOSP's font scaling tables.
@Suite("user text sizes: Dynamic Type and Android font scale tables")
struct UserTextSizeTablesTests {
    static let fixtures = CellHeightProcess.packageRoot.appendingPathComponent("fixtures/sizes")

    /// The fixture's lines, comments left out, split at tabs.
    static func records(_ name: String) throws -> [[String]] {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: "\t").map(String.init)
        }
    }

    /// The guidelines' names of the categories and styles, as the tables write them.
    static let categoryNames = ["xSmall": ContentSizeCategory.xSmall, "Small": .small, "Medium": .medium,
                                "Large (default)": .large, "xLarge": .xLarge, "xxLarge": .xxLarge,
                                "xxxLarge": .xxxLarge,
                                "AX1": .ax1, "AX2": .ax2, "AX3": .ax3, "AX4": .ax4, "AX5": .ax5]
    static let styleNames = ["Large Title": TextStyle.largeTitle, "Title 1": .title1, "Title 2": .title2,
                             "Title 3": .title3,
                             "Headline": .headline, "Body": .body, "Callout": .callout, "Subhead": .subheadline,
                             "Footnote": .footnote, "Caption 1": .caption1, "Caption 2": .caption2]

    @Test("every style at every category: the guidelines' size and leading (132 entries)")
    func dynamicTypeTable() throws {
        let records = try Self.records("ios-dynamic-type-sizes.tsv")
        #expect(records.count == 12 * 11)
        var seen = Set<String>()
        for record in records {
            let category = try #require(Self.categoryNames[record[0]]), style = try #require(Self.styleNames[record[1]])
            let metrics = style.metrics(at: category)
            #expect(metrics.size == Double(record[3]) && metrics.leading == Double(record[4]), "\(record)")
            seen.insert(record[0] + "/" + record[1])
        }
        #expect(seen.count == 132)
    }

    @Test("the sizes UIKit reports (iOS 13.3 simulator, temoki/UIKit_DynamicType) agree but Caption 2 at AX5")
    func agreesWithUIKit() {
        // Body and Caption 2 at xSmall … AX5, as that README's table gives them.
        let body: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let caption2: [Double] = [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        for category in ContentSizeCategory.allCases {
            #expect(TextStyle.body.metrics(at: category).size == body[category.rawValue])
            let expected = category == .ax5 ? 40 : caption2[category.rawValue]  // the guidelines say 40 at AX5
            #expect(TextStyle.caption2.metrics(at: category).size == expected)
        }
    }

    @Test("--dynamic-type names: all, one, ranges, lists, UIKit's and SwiftUI's names; nonsense refused")
    func categoryLists() {
        #expect(ContentSizeCategory.parseList("all") == ContentSizeCategory.allCases)
        #expect(ContentSizeCategory.parseList("large") == [.large])
        #expect(ContentSizeCategory.parseList("xSmall-xxxLarge")?.count == 7)
        #expect(ContentSizeCategory.parseList("AX1-AX5") == [.ax1, .ax2, .ax3, .ax4, .ax5])
        #expect(ContentSizeCategory.parseList("large,AX3, ax5") == [.large, .ax3, .ax5])
        #expect(ContentSizeCategory.parseList("accessibilityMedium,extraSmall") == [.ax1, .xSmall])
        #expect(ContentSizeCategory.parseList("xSmall-large,medium") == [.xSmall, .small, .medium, .large])
        for bad in ["", "huge", "AX5-AX1", "large,", "AX6", "xSmall-"] {
            #expect(ContentSizeCategory.parseList(bad) == nil, "\(bad)")
        }
        #expect(ContentSizeCategory.ax1.isAccessibility && !ContentSizeCategory.xxxLarge.isAccessibility)
        #expect(TextStyle(name: "subhead") == .subheadline && TextStyle(name: "Caption 2") == .caption2)
        #expect(TextStyle(name: "title") == .title1 && TextStyle(name: "huge") == nil)
    }

    @Test("Android's scaling of sp at a font scale: linear below 1.13, the tables from 1.15 to 2, interpolated between")
    func androidFontScale() throws {
        let records = try Self.records("android-font-scale.tsv")
        #expect(records.count == 19)
        for record in records {
            let scale = try #require(Double(record[0])), sp = try #require(Double(record[1]))
            let dp = try #require(Double(record[2]))
            let computed = AndroidFontScale.pixels(sp: sp, scale: scale)
            #expect(abs(computed - dp) < 0.001, "\(record[3]): \(sp) sp at \(scale) is \(computed), not \(dp)")
        }
        // Exact table entries come out as Android's floats say them, not widened noise.
        #expect(AndroidFontScale.pixels(sp: 14, scale: 1.3) == 18.8)
        #expect(AndroidFontScale.pixels(sp: 14, scale: 0.85) == 11.9)
        #expect(AndroidFontScale.parseList("0.85,1, 1.3,2") == [0.85, 1, 1.3, 2])
        for bad in ["", "0", "-1", "1,,2", "5", "x"] { #expect(AndroidFontScale.parseList(bad) == nil, "\(bad)") }
    }

    @Test("rules at a category: a text style's size and leading there, a budget by category; at a font scale, sp")
    func rulesAtSizes() throws {
        let yaml = """
            rules:
              - keys: "*"
                textStyle: footnote
                maxLines: 2
                byCategory: {AX1-AX5: {maxLines: 4}, "xSmall,small": {maxHeight: 40}}
              - keys: "fixed.*"
                size: 14
                byFontScale: {"1.3-2": {maxLines: 3}}
            """
        let rules = try parseBudgetRules(Data(yaml.utf8), file: "rules.yaml")
        #expect(rules.rules[0].textStyle == .footnote && rules.rules[0].sizeBudgets.count == 2)
        let ax2 = rules.at(SizeStep(label: .category(.ax2), fontSize: 33), keepsLineHeight: false).rules
        #expect(ax2[0].fontSize == 27 && ax2[0].lineHeight == .pixels(33) && ax2[0].maxLines == 4)
        let small = rules.at(SizeStep(label: .category(.small), fontSize: 15), keepsLineHeight: true).rules
        #expect(small[0].fontSize == 12 && small[0].lineHeight == nil)
        #expect(small[0].maxLines == 2 && small[0].maxHeight == 40)
        let none = rules.at(nil, keepsLineHeight: false).rules
        #expect(none[0].fontSize == 13 && none[0].lineHeight == .pixels(18) && none[1].fontSize == 14)
        let scaled = rules.at(SizeStep(label: .fontScale(2), fontSize: 32), keepsLineHeight: false).rules
        #expect(scaled[1].fontSize == 26 && scaled[1].maxLines == 3)
        let below = rules.at(SizeStep(label: .fontScale(1.15), fontSize: 18.4), keepsLineHeight: false).rules
        #expect(below[1].maxLines == nil)
    }

    @Test("rules that give a size and a text style, a bad style or category: refused at their place")
    func badRules() {
        let cases = [
            ("rules: [{textStyle: body, size: 14}]", "$.rules[0].textStyle"),
            ("rules: [{textStyle: huge}]", "$.rules[0].textStyle"),
            ("rules: [{byCategory: {AX9: {maxLines: 2}}}]", "$.rules[0].byCategory.AX9"),
            ("rules: [{byCategory: {AX1: {lines: 2}}}]", "$.rules[0].byCategory.AX1"),
            ("rules: [{byFontScale: {\"2-1\": {maxLines: 2}}}]", "$.rules[0].byFontScale"),
        ]
        for (yaml, path) in cases {
            #expect {
                _ = try parseBudgetRules(Data(yaml.utf8), file: "rules.yaml")
            } throws: { error in
                "\(error)".contains(path)
            }
        }
    }
}
