import CellHeightEngine
import Foundation
import Yams

/// Reads a rules file (`--rules`): JSON, or YAML (by the extension `.yaml`/`.yml`, or when the
/// file does not start with `{`). See "CI gate" in docs/guide.md for the schema:
///
/// ```yaml
/// rules:
///   - keys: "*"                 # glob(s) over the row's key; default "*"
///     font: DejaVu Sans
///     size: 14
///     width: 320
///     fonts: {ja: Noto Sans CJK JP, zh: Noto Sans CJK SC, ko: Noto Sans CJK KR}
///   - keys: ["*.title", "settings.*"]
///     locales: [de, ru]          # optional: only these locales
///     maxLines: 1
/// ```
///
/// - Throws: `CellHeightError.configSyntax` (with line and column) when the file does not parse,
///   `.invalidConfig` (with the JSON path) for an unknown key or a bad value.
package func parseBudgetRules(_ data: Data, file: String) throws -> BudgetRules {
    let text = try decodeConfigText(data, file: file)
    let lowercased = file.lowercased()
    let firstCharacter = text.first { !$0.isWhitespace }
    let isYAML = lowercased.hasSuffix(".yaml") || lowercased.hasSuffix(".yml")
        || (!lowercased.hasSuffix(".json") && firstCharacter != "{")
    let value = isYAML ? try parseYAMLValue(text, file: file) : try parseConfigJSON(text, file: file)
    return try RulesDecoder(file: file).rules(value)
}

/// A YAML document as the JSON values the decoder reads: YAML's core schema decides what is a
/// number, a boolean or null (`320`, `true`, `~`); everything else is a string.
func parseYAMLValue(_ text: String, file: String) throws -> JSONValue {
    let node: Node?
    do {
        node = try Yams.compose(yaml: text)
    } catch let error as YamlError {
        throw yamlSyntaxError(error, file: file)
    }
    guard let node else { return .null }
    // Every value written takes 2 bytes at least ("1,"): the budget is what aliases add.
    let limit = maximumYAMLValues + text.utf8.count / 2
    var budget = limit
    return try jsonValue(of: node, file: file, budget: &budget, limit: limit)
}

/// The most values aliases may add to a rules file (beyond those it writes, which are at most one
/// every 2 bytes): far above any real rules file, far below what a "billion laughs" document
/// (aliases of aliases) would expand to. A file of 100,000 plain rules is fine.
let maximumYAMLValues = 100_000

/// The JSON value of a YAML node, aliases expanded; `budget` counts down the values made.
private func jsonValue(of node: Node, file: String, budget: inout Int, limit: Int) throws -> JSONValue {
    budget -= 1
    guard budget >= 0 else {
        throw CellHeightError.configSyntax(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, language: "YAML",
                                           reason: "more than \(limit) values once aliases are expanded")
    }
    switch node {
    case .scalar(let scalar):
        switch Tag.Name(rawValue: node.tag.description) {
        case .null: return .null
        case .bool: return .bool(node.bool ?? false)
        case .int, .float: return .number(scalar.string)
        default: return .string(scalar.string)
        }
    case .sequence(let sequence):
        return .array(try sequence.map { try jsonValue(of: $0, file: file, budget: &budget, limit: limit) })
    case .mapping(let mapping):
        return .object(JSONObject(members: try mapping.map { key, value in
            guard case .scalar(let keyScalar) = key else {
                let mark = key.mark
                throw CellHeightError.configSyntax(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1,
                                                   language: "YAML", reason: "a key must be a plain value")
            }
            return JSONMember(key: keyScalar.string, value: try jsonValue(of: value, file: file, budget: &budget, limit: limit))
        }))
    case .alias:
        let mark = node.mark
        throw CellHeightError.configSyntax(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1,
                                           language: "YAML", reason: "aliases are not supported")
    }
}

/// One line for a YAML parser error: where it is and what is wrong.
private func yamlSyntaxError(_ error: YamlError, file: String) -> CellHeightError {
    func syntax(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> CellHeightError {
        let reason = context.map { "\(problem) (\($0.text) at line \($0.mark.line))" } ?? problem
        return .configSyntax(file: file, line: mark.line, column: mark.column, language: "YAML", reason: reason)
    }
    switch error {
    case .scanner(let context, let problem, let mark, _),
         .parser(let context, let problem, let mark, _),
         .composer(let context, let problem, let mark, _):
        return syntax(mark, problem, context)
    case .duplicatedKeysInMapping(let duplicates, let context):
        return syntax(context.mark, "repeated key \(duplicates.joined(separator: ", "))", nil)
    default:
        return .configSyntax(file: file, line: 1, column: 1, language: "YAML",
                             reason: "\(error)".split(separator: "\n").first.map(String.init) ?? "unreadable")
    }
}

/// The rules file's keys, for the decoder and for messages.
enum RulesKeys {
    /// `options` is a project file's (`.cellheight.yaml`, `ProjectConfig`), which is also its rules file.
    static let file = ["description", "rules", "options", "sourceLocale"]
    static let rule = ["description", "keys", "key", "files", "locales", "font", "size", "lineHeight", "width", "maxLines",
                       "maxHeight", "fonts", "mnemonic", "replacements", "placeholderNumber", "placeholderString",
                       "skipUntranslated", "markdown", "textStyle", "byCategory", "byFontScale"]
}

private struct RulesDecoder: ConfigDecoding {
    let file: String

    func rules(_ value: JSONValue) throws -> BudgetRules {
        let members = try self.members(of: value, at: "$", allowedKeys: RulesKeys.file)
        if let description = members["description"] { _ = try string(description, at: "$.description") }
        guard let rulesValue = members["rules"] else { throw failure("$", "missing \"rules\"") }
        guard case .array(let elements) = rulesValue else {
            throw failure("$.rules", "expected an array of rules, found \(rulesValue.kindDescription)")
        }
        let rules = try elements.enumerated().map { index, element in
            try rule(element, at: "$.rules[\(index)]")
        }
        // Rules apply in order, their replacements one after the other: a chain through every rule.
        let chain = rules.enumerated().flatMap { index, rule in rule.text.replacements.map { (index, $0) } }
        if let excess = ReplacementGrowth.firstExcess(in: chain.map(\.1)) {
            let (index, replacement) = chain[excess.index]
            throw failure(memberPath("$.rules[\(index)].replacements", replacement.from), ReplacementGrowth.reason(factor: excess.factor))
        }
        let sourceLocale = try members["sourceLocale"].map { try nonEmptyString($0, at: "$.sourceLocale") }
        return BudgetRules(file: file, rules: rules, sourceLocale: sourceLocale)
    }

    func rule(_ value: JSONValue, at path: String) throws -> BudgetRule {
        let members = try self.members(of: value, at: path, allowedKeys: RulesKeys.rule)
        func at(_ key: String) -> String { memberPath(path, key) }
        var rule = BudgetRule()
        if let description = members["description"] { _ = try string(description, at: at("description")) }
        if let keys = members["keys"] { rule.keys = try strings(keys, at: at("keys")) }
        if let exact = members["key"] {
            rule.exactKeys = try strings(exact, at: at("key"))
            if members["keys"] == nil { rule.keys = [] }
        }
        if let files = members["files"] {
            // Relative to the rules file, as every path in it.
            rule.files = try strings(files, at: at("files")).map { absolutePath(pathBesideRules($0, rulesFile: file)) }
        }
        if let locales = members["locales"] { rule.locales = try strings(locales, at: at("locales")) }
        if let font = members["font"] { rule.font = fontBesideRules(try nonEmptyString(font, at: at("font"))) }
        if let size = members["size"] {
            rule.fontSize = try positiveNumber(size, at: at("size"), maximum: CellTemplate.maximumFontSize)
        }
        if let style = members["textStyle"] {
            guard members["size"] == nil else {
                throw failure(at("textStyle"), "a rule gives a size or a text style, not both")
            }
            let name = try nonEmptyString(style, at: at("textStyle"))
            guard let textStyle = TextStyle(name: name) else {
                throw failure(at("textStyle"), "must be \(TextStyle.expectation), got \"\(messageText(name))\"")
            }
            rule.textStyle = textStyle
        }
        rule.sizeBudgets = try sizeBudgets(members, at: path)
        if let lineHeight = members["lineHeight"] { rule.lineHeight = try self.lineHeight(lineHeight, at: at("lineHeight")) }
        if let width = members["width"] { rule.widths = try widths(width, at: at("width")) }
        (rule.maxLines, rule.maxHeight) = try budgetLimits(members, at: path)
        if let fonts = members["fonts"] {
            guard case .object(let object) = fonts else {
                throw failure(at("fonts"), "expected an object of locale: font, found \(fonts.kindDescription)")
            }
            rule.localeFonts = try object.members.map { member in
                BudgetRule.LocaleFont(locale: member.key,
                                      font: fontBesideRules(try nonEmptyString(member.value, at: memberPath(at("fonts"), member.key))))
            }
        }
        rule.text = try textRewriting(members, at: path)
        if let skip = members["skipUntranslated"] {
            guard case .bool(let skips) = skip else {
                throw failure(at("skipUntranslated"), "expected true or false, found \(skip.kindDescription)")
            }
            rule.skipsUntranslated = skips
        }
        return rule
    }

    /// `maxLines` (1 or more) and `maxHeight` (px) of a rule or of its budget at some sizes.
    func budgetLimits(_ members: [String: JSONValue], at path: String) throws -> (maxLines: Int?, maxHeight: Double?) {
        var limits: (maxLines: Int?, maxHeight: Double?) = (nil, nil)
        if let maxLines = members["maxLines"] {
            let lines = try count(maxLines, at: memberPath(path, "maxLines"))
            guard lines >= 1 else { throw failure(memberPath(path, "maxLines"), "must be 1 or more, got 0") }
            limits.maxLines = lines
        }
        if let maxHeight = members["maxHeight"] {
            limits.maxHeight = try positiveNumber(maxHeight, at: memberPath(path, "maxHeight"),
                                                  maximum: CellTemplate.maximumWidth)
        }
        return limits
    }

    /// A rule's budgets by size: `byCategory: {AX1-AX5: {maxLines: 4}}` (keys as `--dynamic-type`
    /// takes them) and `byFontScale: {"1.3-2": {maxLines: 3}}` (a scale or a range of scales).
    func sizeBudgets(_ members: [String: JSONValue], at path: String) throws -> [BudgetRule.SizeBudget] {
        var budgets: [BudgetRule.SizeBudget] = []
        for key in ["byCategory", "byFontScale"] {
            guard let value = members[key] else { continue }
            let place = memberPath(path, key)
            guard case .object(let object) = value else {
                throw failure(place, "expected an object of sizes: budget, found \(value.kindDescription)")
            }
            for member in object.members {
                let at = memberPath(place, member.key)
                let sizes: SizeRange
                if key == "byCategory" {
                    guard let categories = ContentSizeCategory.parseList(member.key) else {
                        throw failure(at, "must be \(ContentSizeCategory.expectation)")
                    }
                    sizes = .categories(categories)
                } else {
                    guard let scales = SizeRange.parseFontScales(member.key) else {
                        throw failure(at, "must be a font scale or a range of them, e.g. \"1.3\" or \"1.3-2\"")
                    }
                    sizes = .fontScales(scales)
                }
                let budget = try self.members(of: member.value, at: at, allowedKeys: ["maxLines", "maxHeight"])
                let limits = try budgetLimits(budget, at: at)
                budgets.append(BudgetRule.SizeBudget(sizes: sizes, maxLines: limits.maxLines,
                                                     maxHeight: limits.maxHeight))
            }
        }
        return budgets
    }

    /// A rule's font as the run opens it: a path (it has a `/` or a font file's extension) is
    /// relative to the rules file's folder, and so is a bare name of a file there
    /// (`font: Inter-Regular.ttf` beside the rules); any other name is a family.
    func fontBesideRules(_ font: String) -> String {
        guard !font.hasPrefix("/") else { return font }
        let beside = pathBesideRules(font, rulesFile: file)
        let lowercased = font.lowercased()
        let looksLikePath = font.contains("/") || [".ttf", ".otf", ".ttc", ".otc", ".pfb", ".woff", ".woff2"].contains { lowercased.hasSuffix($0) }
        if looksLikePath || FileManager.default.fileExists(atPath: beside) { return beside }
        return font
    }

    /// What a rule changes in the text: `mnemonic: "_"`, `replacements: {"%1$s": "Alexandra"}` (in
    /// order), `placeholderNumber: "8,888"`, `placeholderString: "Alexandra"`.
    func textRewriting(_ members: [String: JSONValue], at path: String) throws -> TextRewriting {
        func at(_ key: String) -> String { memberPath(path, key) }
        var text = TextRewriting()
        if let mnemonic = members["mnemonic"] {
            let given = try string(mnemonic, at: at("mnemonic"))
            guard let marker = TextRewriting.mnemonicMarker(parsing: given) else {
                throw failure(at("mnemonic"), "must be \(TextRewriting.mnemonicExpectation), got \"\(messageText(given))\"")
            }
            text.mnemonic = marker
        }
        if let replacements = members["replacements"] {
            guard case .object(let object) = replacements else {
                throw failure(at("replacements"), "expected an object of text: replacement, found \(replacements.kindDescription)")
            }
            text.replacements = try object.members.map { member in
                let place = memberPath(at("replacements"), member.key)
                guard !member.key.isEmpty else { throw failure(place, "the text to replace is empty") }
                return TextReplacement(from: member.key, to: try sample(member.value, at: place))
            }
        }
        if let number = members["placeholderNumber"] { text.numberSample = try sample(number, at: at("placeholderNumber")) }
        if let string = members["placeholderString"] { text.stringSample = try sample(string, at: at("placeholderString")) }
        if let markdown = members["markdown"] {
            guard case .bool(let renders) = markdown else {
                throw failure(at("markdown"), "expected true or false, found \(markdown.kindDescription)")
            }
            text.markdown = renders
        }
        return text
    }

    /// A text to put in the place of another: a string, or a number as written (YAML's `8888`).
    func sample(_ value: JSONValue, at path: String) throws -> String {
        if case .number(let written) = value { return written }
        return try string(value, at: path)
    }

    /// One non-empty string, or a non-empty array of them.
    func strings(_ value: JSONValue, at path: String) throws -> [String] {
        guard case .array(let elements) = value else { return [try nonEmptyString(value, at: path)] }
        guard !elements.isEmpty else { throw failure(path, "must hold at least one pattern") }
        return try elements.enumerated().map { index, element in try nonEmptyString(element, at: path + "[\(index)]") }
    }
}
