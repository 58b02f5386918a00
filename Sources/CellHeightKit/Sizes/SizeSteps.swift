import CellHeightEngine

/// What a size of a run at several sizes stands for, when it stands for a user's text size: an
/// iOS content size category (`--dynamic-type`) or an Android font scale (`--font-scale`).
/// Reports name it beside each result ("category": "AX1", "fontScale": 1.3).
public enum SizeLabel: Hashable, Sendable, CustomStringConvertible {
    case category(ContentSizeCategory)
    case fontScale(Double)

    /// "AX1", or "font scale 1.3", for tables, captions and messages.
    public var description: String {
        switch self {
        case .category(let category): return category.name
        case .fontScale(let scale): return "font scale \(formatPixels(scale))"
        }
    }

    /// The category's name ("AX1") or the scale ("1.3"), for a column of its own.
    public var value: String {
        switch self {
        case .category(let category): return category.name
        case .fontScale(let scale): return formatPixels(scale)
        }
    }
}

/// One size of a run at several sizes: the font size (and, for a Dynamic Type category, the
/// leading the text style implies), and what it stands for. The command line resolves its
/// options (`--size 14,17`, `--text-style body --dynamic-type all`, `--font-scale 1,1.3`) into a
/// list of them, and the run measures every row at each.
public struct SizeStep: Equatable, Sendable {
    /// The category or font scale; nil for a size given as such (`--size 14,17`).
    public var label: SizeLabel?
    /// The font size in px, e.g. 28.
    public var fontSize: Double
    /// The line height at this size, when the size implies one (a text style's leading); nil
    /// keeps the run's.
    public var lineHeight: LineHeight?

    public init(label: SizeLabel? = nil, fontSize: Double, lineHeight: LineHeight? = nil) {
        self.label = label
        self.fontSize = fontSize
        self.lineHeight = lineHeight
    }

    /// `style` at each of `categories`, with its leading as the line height unless `keepsLineHeight`
    /// (the line height was given).
    public static func dynamicType(_ style: TextStyle, categories: [ContentSizeCategory],
                                   keepsLineHeight: Bool) -> [SizeStep] {
        categories.map { category in
            let metrics = style.metrics(at: category)
            return SizeStep(label: .category(category), fontSize: metrics.size,
                            lineHeight: keepsLineHeight ? nil : .pixels(metrics.leading))
        }
    }

    /// `sp` at each of the font `scales` (see `AndroidFontScale`); a line height in px is in sp
    /// too, and scales the same way (a multiple of the size follows the size).
    public static func fontScales(_ scales: [Double], sp: Double, lineHeight: LineHeight) -> [SizeStep] {
        scales.map { scale in
            var scaled: LineHeight?
            if case .pixels(let height) = lineHeight {
                scaled = .pixels(AndroidFontScale.pixels(sp: height, scale: scale))
            }
            return SizeStep(label: .fontScale(scale), fontSize: AndroidFontScale.pixels(sp: sp, scale: scale),
                            lineHeight: scaled)
        }
    }
}

/// Which sizes of a run a rule's budget by size is for (`byCategory:` and `byFontScale:` in a
/// rules file): a list of categories, or a closed range of font scales.
public enum SizeRange: Equatable, Sendable {
    case categories([ContentSizeCategory])
    case fontScales(ClosedRange<Double>)

    /// Whether a result at `label` is in the range (never one at a size without a label).
    public func contains(_ label: SizeLabel?) -> Bool {
        switch (self, label) {
        case (.categories(let categories), .category(let category)?): return categories.contains(category)
        case (.fontScales(let range), .fontScale(let scale)?): return range.contains(scale)
        default: return false
        }
    }

    /// Font scales as a rule writes them: "1.3" or "1.3-2".
    static func parseFontScales(_ text: String) -> ClosedRange<Double>? {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard (1...2).contains(ends.count), let low = ends[0], let high = ends[ends.count - 1],
              low.isFinite, high.isFinite, low > 0, low <= high else { return nil }
        return low...high
    }
}

extension BudgetRule {
    /// A budget for the results at some sizes only: its `maxLines` and `maxHeight` (those it
    /// gives) replace the rule's own there.
    public struct SizeBudget: Equatable, Sendable {
        public var sizes: SizeRange
        public var maxLines: Int?
        public var maxHeight: Double?

        public init(sizes: SizeRange, maxLines: Int? = nil, maxHeight: Double? = nil) {
            self.sizes = sizes
            self.maxLines = maxLines
            self.maxHeight = maxHeight
        }
    }
}

extension BudgetRules {
    /// The rules as they stand at `step` of a run at several sizes: a rule's text style becomes
    /// the style's size (and leading, unless the rule or the command line gives a line height) at
    /// the step's category (Large without one); at a font scale a rule's size is in sp and is
    /// scaled; a rule's budget by size replaces its budget (what it gives) where the step is in its range.
    public func at(_ step: SizeStep?, keepsLineHeight: Bool) -> BudgetRules {
        var rules = self
        for index in rules.rules.indices {
            var rule = rules.rules[index]
            if let style = rule.textStyle {
                var category = ContentSizeCategory.large
                if case .category(let stepCategory)? = step?.label { category = stepCategory }
                let metrics = style.metrics(at: category)
                rule.fontSize = metrics.size
                if rule.lineHeight == nil && !keepsLineHeight { rule.lineHeight = .pixels(metrics.leading) }
            } else if case .fontScale(let scale)? = step?.label, let size = rule.fontSize {
                rule.fontSize = AndroidFontScale.pixels(sp: size, scale: scale)
                if case .pixels(let height)? = rule.lineHeight {
                    rule.lineHeight = .pixels(AndroidFontScale.pixels(sp: height, scale: scale))
                }
            }
            for budget in rule.sizeBudgets where budget.sizes.contains(step?.label) {
                if let maxLines = budget.maxLines { rule.maxLines = maxLines }
                if let maxHeight = budget.maxHeight { rule.maxHeight = maxHeight }
            }
            rules.rules[index] = rule
        }
        return rules
    }
}

extension RowSettings {
    /// The settings at `step`: its size, and its line height when it implies one; as they are
    /// without a step.
    func at(_ step: SizeStep?) -> RowSettings {
        guard let step else { return self }
        var sized = self
        sized.fontSize = step.fontSize
        if let lineHeight = step.lineHeight { sized.lineHeight = lineHeight }
        return sized
    }
}

extension LabelTemplate {
    /// The label at `step`'s size and line height (see `RowSettings.at`).
    func at(_ step: SizeStep) -> LabelTemplate {
        var label = self
        label.fontSize = step.fontSize
        if let lineHeight = step.lineHeight { label.lineHeight = lineHeight }
        return label
    }
}

extension HeightRunRequest {
    /// The cell, its text at the first of `sizeSteps` (a single text's; a template keeps its own).
    var cellAtFirstStep: CellTemplate {
        guard let first = sizeSteps.first, templateFile == nil else { return cell }
        var cell = self.cell
        cell.labels[0] = cell.labels[0].at(first)
        return cell
    }
}

/// How captions name a result's size: "AX1 · size 28 px · ", "size 17 px · ", or "" at one size.
func sizeCaption(_ label: SizeLabel?, _ fontSize: Double?, separator: String = " · ") -> String {
    (label.map { "\($0)\(separator)" } ?? "") + (fontSize.map { "size \(formatPixels($0)) px\(separator)" } ?? "")
}

extension ReportSettings {
    /// What the size at `index` of `sizeFonts` stands for; nil for a size given as such.
    func sizeLabel(at index: Int) -> SizeLabel? {
        index < sizeLabels.count ? sizeLabels[index] : nil
    }
}

/// The category (`"category": "AX1"`) or font scale (`"fontScale": 1.3`) a result names, if any.
func sizeLabel(of result: JSONObject) -> SizeLabel? {
    if case .string(let name)? = result["category"], let category = ContentSizeCategory(name: name) {
        return .category(category)
    }
    if case .number(let text)? = result["fontScale"], let scale = Double(text), scale.isFinite, scale > 0 {
        return .fontScale(scale)
    }
    return nil
}
