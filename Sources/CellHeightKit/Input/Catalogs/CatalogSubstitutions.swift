/// Apple's plural substitutions (`%#@files@` in a `.stringsdict` format key or a String Catalog
/// value): each variable stands for one of its variants, chosen by the number it is given, so the
/// text the user sees is the text with every variable replaced by one of its variants.
///
/// `expandPluralSubstitutions` makes every such text: one per combination of variants, the
/// variables in the order their tokens come up as the text expands (left to right; a token inside
/// a variant comes up where the variant was put). A variable that appears twice gets the same
/// variant both times (it is one argument). A variant may use other variables, never its own
/// (directly or through others). E.g. "%#@files@ in %#@folders@" with files {one: "%d file",
/// other: "%d files"} and folders {one: "%d folder", other: "%d folders"} gives four texts, with the
/// categories [one, one], [one, other], [other, one], [other, other].

/// One variant of a substitution variable, e.g. category "one", text "%d file", at line 12.
struct SubstitutionVariant: Equatable {
    var category: String
    var text: String
    var line: Int
}

/// A text with its variables replaced: the categories chosen (in the order of the variables, e.g.
/// ["one", "other"]) and the line of the first variant chosen (the format's own line when there is
/// no variable).
struct SubstitutedText: Equatable {
    var categories: [String]
    var text: String
    var line: Int
}

/// Why a text cannot be expanded; the reader turns it into an error at the text's line.
struct SubstitutionError: Error, Equatable {
    var reason: String
}

/// At most this many texts come from one format (a catalog of ten variables of six categories
/// would otherwise ask for 60 million rows).
let maximumSubstitutedTexts = 1_000
/// At most this many tokens are replaced in one text (variants that use other variables twice,
/// nested deep, would otherwise double the text at each level).
let maximumSubstitutionsPerText = 64

/// The first `%#@name@` token (or `%N$#@name@`, or `%N#@name@`: CoreFoundation reads the digits
/// before `#@` as the argument's position whether or not a `$` follows, and apps ship both) in
/// `text`: its range and the name.
private func nextSubstitutionToken(in text: Substring) -> (range: Range<String.Index>, name: String)? {
    var index = text.startIndex
    while let percent = text[index...].firstIndex(of: "%") {
        var cursor = text.index(after: percent)
        guard cursor < text.endIndex else { return nil }
        if text[cursor] == "%" {
            index = text.index(after: cursor)
            continue
        }
        // An argument position, "1$".
        let digits = text[cursor...].prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, text[digits.endIndex...].first == "$" {
            cursor = text.index(after: digits.endIndex)
        } else if !digits.isEmpty, text[digits.endIndex...].hasPrefix("#@") {
            cursor = digits.endIndex
        }
        let rest = text[cursor...]
        if rest.hasPrefix("#@") {
            let nameStart = text.index(cursor, offsetBy: 2)
            let name = text[nameStart...].prefix { $0 != "@" && !$0.isWhitespace && $0 != "%" }
            if !name.isEmpty, name.endIndex < text.endIndex, text[name.endIndex] == "@" {
                return (percent..<text.index(after: name.endIndex), String(name))
            }
        }
        index = text.index(after: percent)
    }
    return nil
}

/// A text cut at its tokens: literal runs and `%#@name@` variables (with the token as written).
private enum SubstitutionPiece {
    case literal(Substring)
    case variable(String, token: Substring)
}

private func substitutionPieces(_ text: String) -> [SubstitutionPiece] {
    var pieces: [SubstitutionPiece] = []
    var remaining = Substring(text)
    while let token = nextSubstitutionToken(in: remaining) {
        if token.range.lowerBound > remaining.startIndex { pieces.append(.literal(remaining[..<token.range.lowerBound])) }
        pieces.append(.variable(token.name, token: remaining[token.range]))
        remaining = remaining[token.range.upperBound...]
    }
    if !remaining.isEmpty { pieces.append(.literal(remaining)) }
    return pieces
}

/// Every text `format` can show, its `%#@name@` tokens replaced by the variants `variants(name)`
/// gives (see the file's documentation); a format without a token gives itself.
///
/// - Parameters:
///   - format: e.g. "%#@files@ left".
///   - line: the format's line, for a text without variables.
///   - keepingUnknown: whether a token of a variable the catalog does not define stays as
///     written (else it is an error).
///   - variants: a variable's variants, in the catalog's order; nil for a variable the catalog
///     does not define.
/// - Throws: `SubstitutionError` for an undefined variable (unless `keepingUnknown`), a variable
///   without variants or that uses itself, more than `maximumSubstitutedTexts` texts, more than
///   `maximumSubstitutionsPerText` replacements in one, or texts adding up to more than 16 MiB
///   (or four times the format).
func expandPluralSubstitutions(_ format: String, line: Int, keepingUnknown: Bool = false,
                               variants: (String) throws -> [SubstitutionVariant]?) throws -> [SubstitutedText] {
    let formatPieces = substitutionPieces(format)
    guard formatPieces.contains(where: { if case .variable = $0 { return true } else { return false } }) else {
        return [SubstitutedText(categories: [], text: format, line: line)]
    }
    struct State {
        var text = ""
        var chosen: [String: SubstitutionVariant] = [:]
        var categories: [String] = []
        var line: Int?
        var replacements = 0
    }
    var known: [String: [SubstitutionVariant]?] = [:]
    func lookUp(_ name: String) throws -> [SubstitutionVariant]? {
        if let cached = known[name] { return cached }
        let found = try variants(name)
        known[name] = .some(found)
        return found
    }
    var piecesOfText: [String: [SubstitutionPiece]] = [:]
    let byteBudget = max(16 << 20, 4 * format.utf8.count)
    var bytesAdded = 0
    /// The states once `pieces` are added to each, inside the variants of the variables `open`.
    func expand(_ pieces: [SubstitutionPiece], _ states: [State], open: [String]) throws -> [State] {
        var states = states
        for piece in pieces {
            switch piece {
            case .literal(let text):
                bytesAdded += text.utf8.count * states.count
                guard bytesAdded <= byteBudget else {
                    throw SubstitutionError(reason: "more than \(byteBudget >> 20) MiB of text once its plural variables are combined")
                }
                for i in states.indices { states[i].text += text }
            case .variable(let name, let token):
                guard !open.contains(name) else { throw SubstitutionError(reason: "the plural variable \"\(name)\" uses itself") }
                var next: [State] = []
                for var state in states {
                    state.replacements += 1
                    guard state.replacements <= maximumSubstitutionsPerText else {
                        throw SubstitutionError(reason: "more than \(maximumSubstitutionsPerText) plural variables in one text")
                    }
                    var choices: [SubstitutionVariant]
                    if let variant = state.chosen[name] {
                        choices = [variant]
                    } else if let defined = try lookUp(name) {
                        guard !defined.isEmpty else { throw SubstitutionError(reason: "the plural variable \"\(name)\" has no variants") }
                        choices = defined
                    } else if keepingUnknown {
                        state.replacements -= 1
                        next += try expand([.literal(token)], [state], open: open)
                        continue
                    } else {
                        throw SubstitutionError(reason: "no plural variable \"\(name)\" for \(token)")
                    }
                    let isNewChoice = state.chosen[name] == nil
                    for variant in choices {
                        var branch = state
                        if isNewChoice {
                            branch.chosen[name] = variant
                            branch.categories.append(variant.category)
                            if branch.line == nil { branch.line = variant.line }
                        }
                        let pieces = piecesOfText[variant.text] ?? substitutionPieces(variant.text)
                        piecesOfText[variant.text] = pieces
                        next += try expand(pieces, [branch], open: open + [name])
                        guard next.count <= maximumSubstitutedTexts else {
                            throw SubstitutionError(reason: "more than \(maximumSubstitutedTexts) texts once its plural variables are combined")
                        }
                    }
                }
                states = next
            }
        }
        return states
    }
    return try expand(formatPieces, [State()], open: []).map {
        SubstitutedText(categories: $0.categories, text: $0.text, line: $0.line ?? line)
    }
}
