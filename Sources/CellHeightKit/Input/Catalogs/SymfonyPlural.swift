/// Symfony's pluralized messages, as its translator reads them (`TranslatorTrait::trans`): the
/// message is cut at each single `|` (a doubled `||` is a pipe in the text; empty parts are
/// dropped), each part trimmed;
/// a part may start with an interval that says which counts it is for — a set `{0}`, `{1,2,3}`,
/// or a range `[1,19]`, `]1,Inf[`, `[-Inf,0[` — or a label `one:` (Symfony ignores the label and
/// uses the part's position, as it does for parts with neither); the rest is the text shown.
/// `There is one apple|There are %count% apples` and `{0} No apples|{1} One apple|]1,Inf[ %count%
/// apples` are each a sentence per part, so each part is a row.
struct SymfonyPluralPart: Equatable {
    /// What selects the part: the interval or label as written (`{0}`, `]1,Inf[`, `one`), else its
    /// position ("0", "1").
    var selector: String
    /// The part's text, without its interval or label.
    var text: String
}

/// The parts of a Symfony pluralized message; nil when `text` has no single `|` (one message).
func symfonyPluralParts(_ text: String) -> [SymfonyPluralPart]? {
    guard text.contains("|") else { return nil }
    // Cut at single pipes only: "||" is kept (then becomes "|").
    var pieces: [String] = []
    var current = ""
    var characters = Array(text)
    var i = 0
    while i < characters.count {
        if characters[i] == "|" {
            if i + 1 < characters.count, characters[i + 1] == "|" {
                current += "||"
                i += 2
                continue
            }
            pieces.append(current)
            current = ""
        } else {
            current.append(characters[i])
        }
        i += 1
    }
    pieces.append(current)
    characters = []
    pieces.removeAll { $0.isEmpty }
    // A message of pipes only is text; so is one without a single pipe.
    guard pieces.count > 1 else { return nil }
    return pieces.enumerated().map { index, piece in
        let part = piece.replacingOccurrences(of: "||", with: "|").trimmingCharacters(in: .whitespacesAndNewlines)
        if let (interval, rest) = symfonyInterval(part) { return SymfonyPluralPart(selector: interval, text: rest) }
        if let colon = part.firstIndex(of: ":"), colon > part.startIndex,
           part[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            let rest = part[part.index(after: colon)...].drop(while: { $0.isWhitespace })
            return SymfonyPluralPart(selector: String(part[..<colon]), text: String(rest))
        }
        return SymfonyPluralPart(selector: String(index), text: part)
    }
}

/// An interval at the start of `part` and the text after it (white space after it dropped):
/// `{n, m, …}` of numbers, or `[`/`]` a number or `-Inf`, `,` a number or `Inf`/`+Inf` `]`/`[`.
private func symfonyInterval(_ part: String) -> (String, String)? {
    let scalars = Array(part.unicodeScalars)
    guard let first = scalars.first else { return nil }
    func isNumber(_ text: Substring) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && Double(trimmed) != nil && trimmed.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }
    }
    var end: Int?
    if first == "{" {
        guard let close = scalars.firstIndex(of: "}") else { return nil }
        let inside = String(String.UnicodeScalarView(scalars[1..<close]))
        guard inside.split(separator: ",", omittingEmptySubsequences: false).allSatisfy(isNumber) else { return nil }
        end = close + 1
    } else if first == "[" || first == "]" {
        guard let close = scalars.dropFirst().firstIndex(where: { $0 == "[" || $0 == "]" }) else { return nil }
        let bounds = String(String.UnicodeScalarView(scalars[1..<close])).split(separator: ",", omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return nil }
        let left = bounds[0].trimmingCharacters(in: .whitespaces), right = bounds[1].trimmingCharacters(in: .whitespaces)
        guard left == "-Inf" || isNumber(bounds[0]), right == "Inf" || right == "+Inf" || isNumber(bounds[1]) else { return nil }
        end = close + 1
    }
    guard let end else { return nil }
    let interval = String(String.UnicodeScalarView(scalars[..<end]))
    let rest = String(String.UnicodeScalarView(scalars[end...])).drop(while: { $0.isWhitespace })
    return (interval, String(rest))
}
