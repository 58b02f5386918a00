/// ICU MessageFormat's plural and select messages, as Angular, FormatJS and Android's
/// `MessageFormat` write them: `{count, plural, one {# file} other {# files}}`,
/// `{gender, select, female {her} other {their}}`. A catalog entry holding one is measured as the
/// user sees it: a row per branch (per combination of branches when there are several, nested or
/// side by side), as catalog plurals are, the selectors in the id in the order the arguments come
/// (`key[one]`, `key[=0]`, `key[female][other]`) and the fields `plural` (plural and
/// selectordinal selectors) and `select`, comma-separated.
///
/// ICU's C API has no MessagePattern (it is C++ only, and the C `umsg_` functions format but do
/// not expose a message's structure), so this is a small parser of the syntax, bounded: arguments
/// nest at most `maximumICUNesting` deep and one entry gives at most `maximumSubstitutedTexts` rows.
/// Apostrophes quote as ICU's default mode says: `''` is one, `'{…}'` (also before `}`, `|`, and
/// `#` in a plural branch) quotes literal text, any other apostrophe is itself. In a branch, text
/// is unquoted, simple arguments (`{name}`, `{n, number}`) and interpolations (`{{count}}`) stay as
/// written (placeholders) and a
/// plural's `#` stays `#` (the number, which `--placeholder-number` replaces). A text that does
/// not parse as a message, or has no plural or select, is not ICU MessageFormat: it stays as written.
struct ICUMessage: Equatable {
    enum Part: Equatable {
        case text(String)
        /// A simple argument as written, e.g. "{name}" or "{n, number, ::percent}".
        case argument(String)
        /// `#` in a plural branch: the number.
        case number
        case choice(ICUChoice)
    }

    var parts: [Part]
    /// The selectors of its plural (and selectordinal) branches that are neither a CLDR category
    /// (`zero`, `one`, `two`, `few`, `many`, `other`) nor an exact value (`=0`), in the order met,
    /// e.g. ["autres"] for a translator's `autres {# fichiers}`: ICU never picks such a branch.
    /// Still measured (a branch each), and worth a warning.
    var unknownPluralSelectors: [String] = []

    /// The message in `text`; nil when it does not parse or has no plural or select argument.
    init?(parsing text: String) {
        var parser = ICUMessageParser(Array(text.unicodeScalars))
        guard var message = parser.message(inPlural: false, depth: 0, closedByBrace: false), parser.isAtEnd,
              message.parts.contains(where: { if case .choice = $0 { return true } else { return false } }) else { return nil }
        message.unknownPluralSelectors = parser.unknownPluralSelectors
        self = message
    }

    init(parts: [Part]) {
        self.parts = parts
    }
}

struct ICUChoice: Equatable {
    /// plural and selectordinal (whose `#` is a number), or select.
    var isPlural: Bool
    var branches: [(selector: String, message: ICUMessage)]

    static func == (a: ICUChoice, b: ICUChoice) -> Bool {
        a.isPlural == b.isPlural && a.branches.elementsEqual(b.branches) { $0.selector == $1.selector && $0.message == $1.message }
    }
}

/// The most text one entry's branches may add up to (a hostile entry could otherwise ask for a
/// thousand copies of a large text).
let maximumICUTextBytes = 16 << 20

/// How deep arguments may nest in a message (real ones nest two or three deep).
let maximumICUNesting = 16

/// One text an ICU message can show: its branch selectors, in the order the arguments come.
struct ICUBranchText: Equatable {
    var text = ""
    var selectors: [String] = []
    var pluralSelectors: [String] = []
    var selectSelectors: [String] = []
    /// Whether the text holds a plural's `#`.
    var hasNumber = false
}

struct ICUExpansionError: Error {
    var reason: String
}

extension ICUMessage {
    /// Every text the message can show, one per combination of branches.
    ///
    /// - Throws: `ICUExpansionError` beyond `maximumSubstitutedTexts` texts.
    func branchTexts() throws -> [ICUBranchText] {
        var texts = [ICUBranchText()]
        for part in parts {
            switch part {
            case .text(let text), .argument(let text):
                for i in texts.indices { texts[i].text += text }
            case .number:
                for i in texts.indices {
                    texts[i].text += "#"
                    texts[i].hasNumber = true
                }
            case .choice(let choice):
                var combined: [ICUBranchText] = []
                var totalBytes = 0
                for text in texts {
                    for branch in choice.branches {
                        for tail in try branch.message.branchTexts() {
                            var next = text
                            next.text += tail.text
                            next.selectors += [branch.selector] + tail.selectors
                            if choice.isPlural { next.pluralSelectors.append(branch.selector) } else { next.selectSelectors.append(branch.selector) }
                            next.pluralSelectors += tail.pluralSelectors
                            next.selectSelectors += tail.selectSelectors
                            next.hasNumber = next.hasNumber || tail.hasNumber
                            combined.append(next)
                            totalBytes += next.text.utf8.count
                            guard totalBytes <= maximumICUTextBytes else {
                                throw ICUExpansionError(reason: "its plural and select branches add up to more than 16 MiB of text")
                            }
                            guard combined.count <= maximumSubstitutedTexts else {
                                throw ICUExpansionError(reason: "more than \(maximumSubstitutedTexts) texts once its plural and select branches are combined")
                            }
                        }
                    }
                }
                texts = combined
            }
        }
        return texts
    }
}

private struct ICUMessageParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    /// See `ICUMessage.unknownPluralSelectors`.
    var unknownPluralSelectors: [String] = []

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var isAtEnd: Bool { index == scalars.count }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func skipWhiteSpace() {
        while let scalar = peek(), scalar.properties.isPatternWhitespace { index += 1 }
    }

    /// Text, arguments and `#` up to the end, or up to (and past) the `}` that closes a branch.
    mutating func message(inPlural: Bool, depth: Int, closedByBrace: Bool) -> ICUMessage? {
        guard depth <= maximumICUNesting else { return nil }
        var parts: [ICUMessage.Part] = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty { parts.append(.text(String(text))) }
            text = String.UnicodeScalarView()
        }
        while let scalar = peek() {
            switch scalar {
            case "'":
                let next = peek(1)
                if next == "'" {
                    text.append("'")
                    index += 2
                } else if let next, next == "{" || next == "}" || next == "|" || (next == "#" && inPlural) {
                    // Quoted literal text up to the next lone apostrophe (or the end).
                    index += 1
                    while let quoted = peek() {
                        if quoted == "'" {
                            if peek(1) == "'" { text.append("'"); index += 2; continue }
                            index += 1
                            break
                        }
                        text.append(quoted)
                        index += 1
                    }
                } else {
                    text.append("'")
                    index += 1
                }
            case "{" where peek(1) == "{":
                // An interpolation ({{count}}, as Angular and i18next write inside branches): as written.
                flush()
                guard let part = interpolation() else { return nil }
                parts.append(part)
            case "{":
                flush()
                guard let part = argument(inPlural: inPlural, depth: depth) else { return nil }
                parts.append(part)
            case "}":
                guard closedByBrace else { return nil }
                index += 1
                flush()
                return ICUMessage(parts: parts)
            case "#" where inPlural:
                flush()
                parts.append(.number)
                index += 1
            default:
                text.append(scalar)
                index += 1
            }
        }
        guard !closedByBrace else { return nil }
        flush()
        return ICUMessage(parts: parts)
    }

    /// `{{…}}`, from its first brace, as written.
    private mutating func interpolation() -> ICUMessage.Part? {
        let start = index
        index += 2
        while let scalar = peek() {
            index += 1
            if scalar == "}", peek() == "}" {
                index += 1
                return .argument(String(String.UnicodeScalarView(scalars[start..<index])))
            }
        }
        return nil
    }

    /// An argument, from its `{`.
    private mutating func argument(inPlural: Bool, depth: Int) -> ICUMessage.Part? {
        let start = index
        index += 1
        skipWhiteSpace()
        guard word() != nil else { return nil }
        skipWhiteSpace()
        if peek() == "}" {
            index += 1
            return .argument(String(String.UnicodeScalarView(scalars[start..<index])))
        }
        guard peek() == "," else { return nil }
        index += 1
        skipWhiteSpace()
        guard let type = word() else { return nil }
        skipWhiteSpace()
        switch type {
        case "plural", "selectordinal", "select":
            guard peek() == "," else { return nil }
            index += 1
            let isPlural = type != "select"
            var branches: [(selector: String, message: ICUMessage)] = []
            while true {
                skipWhiteSpace()
                guard let scalar = peek() else { return nil }
                if scalar == "}" {
                    index += 1
                    break
                }
                guard let selector = word() else { return nil }
                if isPlural && selector.hasPrefix("offset:") { continue }
                if isPlural, !cldrPluralCategories.contains(selector), !selector.hasPrefix("=") {
                    unknownPluralSelectors.append(selector)
                }
                skipWhiteSpace()
                guard peek() == "{" else { return nil }
                index += 1
                guard let branch = message(inPlural: isPlural, depth: depth + 1, closedByBrace: true) else { return nil }
                branches.append((selector, branch))
            }
            guard !branches.isEmpty else { return nil }
            return .choice(ICUChoice(isPlural: isPlural, branches: branches))
        default:
            // A simple argument with a style: everything up to its closing brace, as written.
            var nesting = 0
            while let scalar = peek() {
                index += 1
                if scalar == "{" { nesting += 1 }
                if scalar == "}" {
                    if nesting == 0 { return .argument(String(String.UnicodeScalarView(scalars[start..<index]))) }
                    nesting -= 1
                }
            }
            return nil
        }
    }

    /// A name, type or selector: up to white space, a comma or a brace.
    private mutating func word() -> String? {
        let start = index
        while let scalar = peek(), !scalar.properties.isPatternWhitespace, scalar != ",", scalar != "{", scalar != "}" {
            index += 1
        }
        // "offset:" may be written "offset: 1": take the number too.
        if index > start, String(String.UnicodeScalarView(scalars[start..<index])) == "offset:" {
            skipWhiteSpace()
            while let scalar = peek(), !scalar.properties.isPatternWhitespace, scalar != "{", scalar != "}" { index += 1 }
            return "offset:"
        }
        return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
    }
}
