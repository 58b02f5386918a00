import CellHeightEngine
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One rule of a rules file: which rows it is for (key globs, locales) and what it sets for them.
/// Every property is optional; a rule sets only what it names.
package struct BudgetRule: Equatable, Sendable {
    /// Glob patterns (`fnmatch`: `*`, `?`, `[…]`) the row's key must match one of, e.g.
    /// ["settings.*", "*.title"]; ["*"] matches every row.
    package var keys: [String]
    /// Keys the rule is for as written, compared whole (`key:`): a msgid such as "[Read-Only]" or
    /// "Save *" that a glob would read otherwise. A row matches when its key matches one of `keys`
    /// or equals one of these.
    package var exactKeys: [String] = []
    /// Locales the rule is for, e.g. ["de", "fr"]; nil for every locale (see `localeMatches`).
    package var locales: [String]?
    /// Globs over the path of the file a row was read from (`files:`), written relative to the
    /// rules file and kept here as absolute patterns (see `absolutePath`), e.g.
    /// ["/src/app/res/values-*/strings.xml"]; `*` also matches `/`. Nil for every file; a rule
    /// with files matches no row of standard input.
    package var files: [String]?
    package var font: String?
    package var fontSize: Double?
    /// An iOS text style (`textStyle:`) in place of a size: its size (and leading) at each
    /// Dynamic Type category of the run, at Large without one (see `BudgetRules.at`).
    package var textStyle: TextStyle?
    package var lineHeight: LineHeight?
    /// Cell widths in px, e.g. [320].
    package var widths: [Double]?
    package var maxLines: Int?
    package var maxHeight: Double?
    /// Budgets at some categories or font scales only (`byCategory:`, `byFontScale:`), in order.
    package var sizeBudgets: [SizeBudget] = []
    /// Fonts by locale pattern, e.g. [("ja", "Noto Sans CJK JP"), ("zh", "Noto Sans CJK SC")]: a row
    /// whose locale matches takes the most specific (longest) matching pattern's font.
    package var localeFonts: [LocaleFont]
    /// What the rule changes in the text before it is measured (`mnemonic`, `replacements`,
    /// `placeholderNumber`, `placeholderString`); see `TextRewriting`.
    package var text: TextRewriting
    /// Whether untranslated rows are left out of the budget check (`skipUntranslated`); nil leaves
    /// it as it was.
    package var skipsUntranslated: Bool?

    package struct LocaleFont: Equatable, Sendable {
        package var locale: String
        package var font: String

        package init(locale: String, font: String) {
            self.locale = locale
            self.font = font
        }
    }

    package init(keys: [String] = ["*"], locales: [String]? = nil, font: String? = nil, fontSize: Double? = nil,
                lineHeight: LineHeight? = nil, widths: [Double]? = nil, maxLines: Int? = nil,
                maxHeight: Double? = nil, localeFonts: [LocaleFont] = [], text: TextRewriting = TextRewriting(),
                skipsUntranslated: Bool? = nil) {
        self.keys = keys
        self.locales = locales
        self.font = font
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.widths = widths
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.localeFonts = localeFonts
        self.text = text
        self.skipsUntranslated = skipsUntranslated
    }

    /// Whether the rule is for a row with this key and locale (a row without a key has key ""),
    /// read from `file` (absolute, see `absolutePath`; nil for standard input).
    package func matches(key: String?, locale: String?, file: String? = nil) -> Bool {
        let key = key ?? ""
        guard keys.contains(where: { keyGlobMatches($0, key) }) || exactKeys.contains(key) else { return false }
        if let files {
            guard let file, files.contains(where: { fnmatch($0, file, 0) == 0 }) else { return false }
        }
        guard let locales else { return true }
        guard let locale else { return false }
        return locales.contains { localeMatches($0, locale) }
    }

    /// The font this rule gives a row in `locale`, if any of its locale fonts matches.
    func font(forLocale locale: String?) -> String? {
        guard let locale else { return nil }
        return localeFonts.filter { localeMatches($0.locale, locale) }.max { $0.locale.count < $1.locale.count }?.font
    }
}

/// Whether a locale pattern covers a locale, both taken in their canonical BCP 47 form (ICU's:
/// `pt_BR` is `pt-BR`, `iw` is `he`, gettext's `sr@latin` is `sr-Latn`):
/// - the same tag, or a language range that is a prefix of it at a subtag boundary ("zh" covers
///   "zh-Hant-TW", "pt" covers "pt_BR");
/// - a pattern with a script or region covers a locale whose likely subtags agree with every subtag
///   the pattern gives and with its likely script ("zh-TW" covers "zh-Hant" and "zh-Hant" covers
///   "zh-TW" and "zh-HK", but "zh-TW" does not cover "zh-CN");
/// - a glob ("zh-*", "*") on the canonical form.
package func localeMatches(_ pattern: String, _ locale: String) -> Bool {
    LocaleMatchMemo.shared.matches(pattern, locale) { localeMatchesUncached(pattern, locale) }
}

private func localeMatchesUncached(_ pattern: String, _ locale: String) -> Bool {
    let locale = LanguageTag.canonical(locale)
    if pattern.contains(where: { "*?[".contains($0) }) {
        return fnmatch(pattern.replacingOccurrences(of: "_", with: "-").lowercased(), locale.lowercased(), 0) == 0
    }
    let pattern = LanguageTag.canonical(pattern)
    if locale.lowercased() == pattern.lowercased() || locale.lowercased().hasPrefix(pattern.lowercased() + "-") { return true }
    let given = LanguageTag(pattern), likelyPattern = LanguageTag(LanguageTag.maximized(pattern))
    let likelyLocale = LanguageTag(LanguageTag.maximized(locale))
    guard given.script != nil || given.region != nil, given.language == likelyLocale.language else { return false }
    return likelyPattern.script == likelyLocale.script && (given.region == nil || given.region == likelyLocale.region)
}

/// The rules of a rules file (`--rules`), applied in file order: every rule that matches a row
/// sets what it names, so a later rule overrides an earlier one (as in CSS or .gitattributes).
package struct BudgetRules: Equatable, Sendable {
    /// The file they came from, e.g. "ci/labels.yaml".
    package var file: String
    package var rules: [BudgetRule]
    /// The locale of the rows in the project's source language that say none (`sourceLocale:`):
    /// Android's `values/`, iOS's `Base.lproj`, a `.pot` template, e.g. "en".
    package var sourceLocale: String?

    package init(file: String, rules: [BudgetRule], sourceLocale: String? = nil) {
        self.file = file
        self.rules = rules
        self.sourceLocale = sourceLocale
    }

    /// Whether a rule selects rows by file (then rows need their file's absolute path).
    package var selectsFiles: Bool { rules.contains { $0.files != nil } }

    /// `settings` with every matching rule applied. Without `setsFonts` (a template) only widths,
    /// budgets and text rewriting are taken.
    package func apply(to settings: RowSettings, key: String?, locale: String?, file: String? = nil, setsFonts: Bool) -> RowSettings {
        apply(to: settings, locale: locale, setsFonts: setsFonts) { $1.matches(key: key, locale: locale, file: file) }
    }

    /// `settings` with every rule that `matches` (given its index and itself) applied, for a row in `locale`.
    func apply(to settings: RowSettings, locale: String?, setsFonts: Bool,
               where matches: (Int, BudgetRule) -> Bool) -> RowSettings {
        var settings = settings
        for (index, rule) in rules.enumerated() where matches(index, rule) {
            if setsFonts {
                if let font = rule.font { settings.font = font }
                if let font = rule.font(forLocale: locale) { settings.font = font }
                if let size = rule.fontSize { settings.fontSize = size }
                if let lineHeight = rule.lineHeight { settings.lineHeight = lineHeight }
            }
            if let widths = rule.widths { settings.widths = widths }
            settings.budget = settings.budget.overridden(by: Budget(maxLines: rule.maxLines, maxHeight: rule.maxHeight))
            settings.text = settings.text.overridden(by: rule.text)
            if let skips = rule.skipsUntranslated { settings.skipsUntranslated = skips }
        }
        return settings
    }

    /// Every font any rule names (to open them all before measuring, so a bad one is reported with
    /// its place in the file).
    package var fontsByPath: [(font: String, jsonPath: String)] {
        rules.enumerated().flatMap { index, rule in
            (rule.font.map { [($0, "$.rules[\(index)].font")] } ?? [])
                + rule.localeFonts.map { ($0.font, "$.rules[\(index)].fonts" + jsonPathMember($0.locale)) }
        }
    }
}

/// `path` made absolute against the working directory, `.` and `..` resolved (symbolic links are
/// not), as rules' `files:` globs are kept, e.g. "res/values/strings.xml" → "/src/app/res/values/strings.xml".
package func absolutePath(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var parts: [Substring] = []
    for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
        switch part {
        case ".": continue
        case "..": if !parts.isEmpty { parts.removeLast() }
        default: parts.append(part)
        }
    }
    return "/" + parts.joined(separator: "/")
}

/// A path written in the rules file `rulesFile`, as the run opens it: relative to the rules
/// file's folder (absolute paths as they are).
func pathBesideRules(_ path: String, rulesFile: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let folder = rulesFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    if folder.isEmpty { return rulesFile.hasPrefix("/") ? "/" + path : path }
    return folder + "/" + path
}

/// Which rules matched at least one row, recorded as rows get their settings (on any thread), so
/// that a rule that matched none (a typo in a key, a locale or a path) can be reported.
package final class RuleUsage: @unchecked Sendable {
    private let lock = NSLock()
    private var used: [Bool]
    private var usedMask: UInt64 = 0

    package init(ruleCount: Int) {
        used = Array(repeating: false, count: ruleCount)
    }

    /// Records rules by a mask of their indices (bit `i` for rule `i`, the first 64 rules).
    func record(mask: UInt64) {
        lock.lock()
        usedMask |= mask
        lock.unlock()
    }

    func record(index: Int) {
        lock.lock()
        used[index] = true
        lock.unlock()
    }

    /// The indices of the rules no row matched, in order.
    package var unusedIndices: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return used.indices.filter { !used[$0] && !(($0 < 64) && usedMask & (1 << UInt64($0)) != 0) }
    }
}

/// `.name` for identifier-like names, `["name"]` for others (as JSON paths in messages write them).
private func jsonPathMember(_ name: String) -> String {
    memberPath("", name)
}

/// The answers of `localeMatches` so far, shared by the workers: each row asks every rule with
/// locales about its locale, and each answer costs several ICU calls (canonical forms, likely
/// subtags), while a run meets a handful of locales. Bounded as the engine's caches are
/// (`BoundedCache`): a file of rows that each name a locale of their own gains nothing.
final class LocaleMatchMemo: Sendable {
    static let shared = LocaleMatchMemo()
    /// Answers a generation holds.
    static let capacity = 4096

    private let answers = Mutex(BoundedValueCache<Bool>(.init(entries: capacity)))

    func matches(_ pattern: String, _ locale: String, orAnswer answer: () -> Bool) -> Bool {
        let question = TextKey(pattern, locale)
        if let known = answers.withLock({ $0.value(for: question) }) { return known }
        let found = answer()
        answers.withLock { _ = $0.insert(found, for: question) }
        return found
    }
}

/// What a rule selects, for messages, e.g. `key "[Read-Only]", locales [de]`.
func ruleSelection(_ rule: BudgetRule) -> String {
    func list(_ values: [String]) -> String {
        values.count == 1 ? "\"\(values[0])\"" : "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
    var parts: [String] = []
    if rule.keys != ["*"] && !rule.keys.isEmpty { parts.append("keys " + list(rule.keys)) }
    if !rule.exactKeys.isEmpty { parts.append("key " + list(rule.exactKeys)) }
    if let files = rule.files { parts.append("files " + list(files)) }
    if let locales = rule.locales { parts.append("locales " + list(locales)) }
    return parts.isEmpty ? "every row" : parts.joined(separator: ", ")
}
