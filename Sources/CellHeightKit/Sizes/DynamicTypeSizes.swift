/// iOS Dynamic Type: the user's text size (a content size category) and the text styles whose
/// point size and leading follow it.
///
/// Source: Apple, Human Interface Guidelines, Typography, Specifications, the tables
/// "iOS, iPadOS Dynamic Type sizes" (xSmall to xxxLarge) and "iOS, iPadOS larger accessibility
/// type sizes" (AX1 to AX5): per text style, "Size (points)" and "Leading (points)".
/// https://developer.apple.com/design/human-interface-guidelines/typography#Specifications
/// The page shows one category at a time (a tab each). Checked entry by entry (size and leading,
/// 132 pairs, all equal): xSmall and AX1, the tabs open by default, against the page as Apple
/// exports it (the revision of December 16, 2025, "Added emphasized weights", in the Markdown
/// conversion of github.com/6639835/apple-hig, foundations/human-interface-guidelines-Typography);
/// all twelve against a transcription of every tab of the page made in September 2026 (a public
/// Markdown copy that says it keeps the specification tables as the original; its xSmall and AX1
/// tables agree with Apple's export). The leading of the ten other categories is therefore checked
/// against that copy, not against a page of Apple's own seen here.
/// The point sizes agree with those UIKit reports (`UIFont.preferredFont(forTextStyle:)`), as
/// measured in the iOS 13.3 simulator and published in github.com/temoki/UIKit_DynamicType
/// (README.md), except Caption 2 at AX5: 40 in the guidelines, 41 in the simulator; this table
/// follows the guidelines. An iOS point is a CSS px here (both are the layout unit at 1x).

/// A content size category, the user's text size setting (Settings › Display & Text Size ›
/// Larger Text): seven standard sizes, then five larger accessibility sizes.
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, ax1, ax2, ax3, ax4, ax5

    /// The name as the guidelines write it and reports show it, e.g. "xSmall", "large", "AX1".
    public var name: String {
        switch self {
        case .xSmall: return "xSmall"
        case .small: return "small"
        case .medium: return "medium"
        case .large: return "large"
        case .xLarge: return "xLarge"
        case .xxLarge: return "xxLarge"
        case .xxxLarge: return "xxxLarge"
        case .ax1: return "AX1"
        case .ax2: return "AX2"
        case .ax3: return "AX3"
        case .ax4: return "AX4"
        case .ax5: return "AX5"
        }
    }

    /// Whether it is one of the larger accessibility sizes (AX1 to AX5), UIKit's
    /// `isAccessibilityCategory`.
    public var isAccessibility: Bool { self >= .ax1 }

    /// The category named `name` (any case): "xSmall", "large", "AX3", "xxxl"… (also UIKit's
    /// names without prefix: "extraSmall", "accessibilityMedium"…, and SwiftUI's "accessibility1").
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "_" }
        guard let found = Self.allCases.first(where: { Self.aliases[$0.rawValue].contains(key) }) else { return nil }
        self = found
    }

    private static let aliases: [[String]] = [
        ["xsmall", "xs", "extrasmall"], ["small", "s"], ["medium", "m"], ["large", "l", "default"],
        ["xlarge", "xl", "extralarge"], ["xxlarge", "xxl", "extraextralarge"],
        ["xxxlarge", "xxxl", "extraextraextralarge"],
        ["ax1", "accessibility1", "accessibilitymedium"], ["ax2", "accessibility2", "accessibilitylarge"],
        ["ax3", "accessibility3", "accessibilityextralarge"], ["ax4", "accessibility4", "accessibilityextraextralarge"],
        ["ax5", "accessibility5", "accessibilityextraextraextralarge"],
    ]

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Categories as `--dynamic-type` and rules write them: "all", one name ("AX1"), a range of
    /// two names ("xSmall-xxxLarge", "AX1-AX5"), or a comma-separated list of those, in the order
    /// of the list (each once). Nil for anything else.
    public static func parseList(_ text: String) -> [ContentSizeCategory]? {
        var categories: [ContentSizeCategory] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let range = parseRange(String(item)) else { return nil }
            for category in range where !categories.contains(category) { categories.append(category) }
        }
        return categories.isEmpty ? nil : categories
    }

    /// One item of a list: "all", a name, or "FROM-TO" (FROM not after TO).
    static func parseRange(_ text: String) -> [ContentSizeCategory]? {
        let item = text.trimmingCharacters(in: .whitespaces)
        if item.lowercased() == "all" { return allCases }
        if let one = ContentSizeCategory(name: item) { return [one] }
        let ends = item.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let from = ContentSizeCategory(name: String(ends[0])),
              let to = ContentSizeCategory(name: String(ends[1])), from <= to else { return nil }
        return allCases.filter { $0 >= from && $0 <= to }
    }

    /// What `--dynamic-type` takes, for messages.
    public static let expectation = "'all', a category (xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, "
        + "AX1 to AX5), a range such as 'xSmall-xxxLarge' or 'AX1-AX5', or a comma-separated list of these"
}

/// An iOS text style (`UIFont.TextStyle`, SwiftUI's `Font.TextStyle`).
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style named `name` (any case; "title" is title1, "subhead" subheadline, "caption"
    /// caption1, as SwiftUI and the guidelines name them).
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        let aliases = ["title": Self.title1, "subhead": .subheadline, "caption": .caption1]
        guard let style = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) ?? aliases[key] else {
            return nil
        }
        self = style
    }

    /// What `--text-style` and a rule's `textStyle` take, for messages.
    public static let expectation = "one of " + allCases.map(\.rawValue).joined(separator: ", ")

    /// The style's point size and leading at `category`, from the guidelines' table.
    public func metrics(at category: ContentSizeCategory) -> (size: Double, leading: Double) {
        let entry = dynamicTypeTable[category.rawValue][Self.allCases.firstIndex(of: self)!]
        return (Double(entry.size), Double(entry.leading))
    }
}

/// Per category (xSmall … AX5), per style in `TextStyle` order (Large Title, Title 1, Title 2,
/// Title 3, Headline, Body, Callout, Subhead, Footnote, Caption 1, Caption 2): size and leading
/// in points, as the guidelines' tables give them.
private let dynamicTypeTable: [[(size: Int, leading: Int)]] = [
    // xSmall
    [(31, 38), (25, 31), (19, 24), (17, 22), (14, 19), (14, 19), (13, 18), (12, 16), (12, 16), (11, 13), (11, 13)],
    // Small
    [(32, 39), (26, 32), (20, 25), (18, 23), (15, 20), (15, 20), (14, 19), (13, 18), (12, 16), (11, 13), (11, 13)],
    // Medium
    [(33, 40), (27, 33), (21, 26), (19, 24), (16, 21), (16, 21), (15, 20), (14, 19), (12, 16), (11, 13), (11, 13)],
    // Large (default)
    [(34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (17, 22), (16, 21), (15, 20), (13, 18), (12, 16), (11, 13)],
    // xLarge
    [(36, 43), (30, 37), (24, 30), (22, 28), (19, 24), (19, 24), (18, 23), (17, 22), (15, 20), (14, 19), (13, 18)],
    // xxLarge
    [(38, 46), (32, 39), (26, 32), (24, 30), (21, 26), (21, 26), (20, 25), (19, 24), (17, 22), (16, 21), (15, 20)],
    // xxxLarge
    [(40, 48), (34, 41), (28, 34), (26, 32), (23, 29), (23, 29), (22, 28), (21, 28), (19, 24), (18, 23), (17, 22)],
    // AX1
    [(44, 52), (38, 46), (34, 41), (31, 38), (28, 34), (28, 34), (26, 32), (25, 31), (23, 29), (22, 28), (20, 25)],
    // AX2
    [(48, 57), (43, 51), (39, 47), (37, 44), (33, 40), (33, 40), (32, 39), (30, 37), (27, 33), (26, 32), (24, 30)],
    // AX3
    [(52, 61), (48, 57), (44, 52), (43, 51), (40, 48), (40, 48), (38, 46), (36, 43), (33, 40), (32, 39), (29, 35)],
    // AX4
    [(56, 66), (53, 62), (50, 59), (49, 58), (47, 56), (47, 56), (44, 52), (42, 50), (38, 46), (37, 44), (34, 41)],
    // AX5
    [(60, 70), (58, 68), (56, 66), (55, 65), (53, 62), (53, 62), (51, 60), (49, 58), (44, 52), (43, 51), (40, 48)],
]
