/// A pseudo-locale: the source text rewritten the way platform tools stretch it blindly, to be
/// measured exactly (`cellheight forecast --pseudo`), and compared with the forecast.
///
/// `expand` and `bidi` follow AOSP's pseudo-localizer, which builds Android's `en-XA` and `ar-XB`
/// (frameworks/base, `tools/aapt2/compile/Pseudolocalizer.cpp`: `PseudolocalizeChar`,
/// `PseudoMethodAccent::Text/Start/End`, `PseudoGenerateExpansion`, `PseudoMethodBidi::Text`);
/// `double` follows Xcode's "Double-Length Pseudolanguage" scheme option (Apple, "Testing
/// localizations when running your app": every localized string repeated once).
package enum PseudoLocale: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `en-XA`: letters accented, `%d`/`{name}` placeholders bracketed `»…«`, HTML tags and
    /// entities kept, padded with the words "one two three …" and enclosed in `[…]`. With no
    /// factor (`expand`), padded as AOSP pads: half the text's length for up to 3 words, its whole
    /// length beyond; with one (`expand:1.4`), to `factor` times the text's length (in characters).
    case expand(factor: Double?)
    /// `ar-XB`: every word (and placeholder) wrapped in RLM RLO … PDF RLM, so it reads right to left.
    case bidi
    /// Xcode's double length: the text, a space, the text again.
    case double

    /// Parses `expand`, `expand:1.4`, `bidi`, `double`; nil for anything else (a factor must be
    /// 1 to 10).
    package init?(parsing text: String) {
        switch text {
        case "expand": self = .expand(factor: nil)
        case "bidi": self = .bidi
        case "double": self = .double
        default:
            guard text.hasPrefix("expand:"), let factor = Double(text.dropFirst("expand:".count)),
                factor >= 1, factor <= 10
            else { return nil }
            self = .expand(factor: factor)
        }
    }

    package static let expectation = "expand, expand:FACTOR (1 to 10, e.g. expand:1.4), bidi or double"

    /// The name as given, e.g. "expand:1.4"; also the locale column of its results.
    package var description: String {
        switch self {
        case .expand(let factor?): return "expand:" + formatPixels(factor)
        case .expand(nil): return "expand"
        case .bidi: return "bidi"
        case .double: return "double"
        }
    }

    /// `text` pseudo-localized.
    package func apply(to text: String) -> String {
        switch self {
        case .expand(let factor): return pseudoExpanded(text, factor: factor)
        case .bidi: return pseudoBidi(text)
        case .double: return text.isEmpty ? text : text + " " + text
        }
    }
}

/// AOSP's accent map (`PseudolocalizeChar`): ASCII letters and `!?$` to look-alikes.
private let accentedCharacters: [Character: Character] = {
    let from = Array("abcdefghijklmnopqrstuvwxyzABCDEGHIJKLMNOPQRSTUVWXYZ!?$")
    let to = Array("åɓçðéƒĝĥîĵķļḿñöþQŕšţûVŵхýžÅβÇÐÉĜĤÎĴĶĻḾÑÖÞqŔŠŢÛνŴ×ÝŽ¡¿€")
    return Dictionary(uniqueKeysWithValues: zip(from, to))
}()

/// The words AOSP pads with (`kExpansionString`, its spelling kept).
private let expansionWords =
    "one two three four five six seven eight nine ten eleven twelve thirteen "
    + "fourteen fiveteen sixteen seventeen nineteen twenty"

/// `PseudoGenerateExpansion`: at least `length` characters of the padding words, ending on a whole word.
func pseudoExpansion(length: Int) -> String {
    var result = expansionWords
    if result.count < length {
        result += " " + pseudoExpansion(length: length - result.count - 1)
        return result
    }
    // (As AOSP: the first space looked for is after index `length`.)
    let characters = Array(result)
    var end = length + 1
    while end < characters.count && characters[end] != " " { end += 1 }
    return String(characters[..<min(end, characters.count)])
}

/// The padding words, whole, whose length is closest to `target` characters ("" when the first
/// word is farther from it than nothing is); for `expand:FACTOR`.
func pseudoExpansion(closestTo target: Double) -> String {
    var best = ""
    var candidate = ""
    while Double(candidate.count) < target + 20 {
        let next = pseudoExpansion(length: candidate.count + 1)
        guard next.count > candidate.count else { break }
        candidate = next
        if abs(Double(candidate.count) - target) < abs(Double(best.count) - target) { best = candidate }
        if Double(candidate.count) >= target { break }
    }
    return best
}

/// A printf conversion's last character, as AOSP's `IsPossibleNormalPlaceholderEnd` reads it.
private let placeholderEnds = Set("sScCdoxXfeEgGaAbBhH%n")

private func pseudoExpanded(_ text: String, factor: Double?) -> String {
    let characters = Array(text)
    var result = "["
    var length = 0, words = 0
    var lastSpace = true
    var index = 0
    while index < characters.count {
        let character = characters[index]
        if character == "%" {
            // A printf placeholder, kept and bracketed (but `%%`).
            var end = index + 1
            while end < characters.count && !placeholderEnds.contains(characters[end]) { end += 1 }
            end = min(end, characters.count - 1)
            let chunk = String(characters[index...end])
            result += characters[end] == "%" ? chunk : "\u{BB}" + chunk + "\u{AB}"
            index = end + 1
            continue
        }
        if character == "{", let close = characters[index...].firstIndex(of: "}") {
            // An argument `{name}`, kept and bracketed as AOSP's `Placeholder`.
            result += "\u{BB}" + String(characters[index...close]) + "\u{AB}"
            index = close + 1
            continue
        }
        if character == "<", let close = characters[index...].firstIndex(of: ">") {
            result += String(characters[index...close])
            index = close + 1
            continue
        }
        if character == "&", let semicolon = characters[index...].prefix(12).firstIndex(of: ";") {
            result += String(characters[index...semicolon])
            index = semicolon + 1
            continue
        }
        if let accented = accentedCharacters[character] {
            result.append(accented)
        } else {
            // (As AOSP: only characters it does not accent count words, so most texts count none
            // and are padded by half their length.)
            let space = character.isWhitespace
            if lastSpace && !space { words += 1 }
            lastSpace = space
            result.append(character)
        }
        length += 1
        index += 1
    }
    if length > 0 {
        if let factor {
            // The padding words whose length, with the space before them, is closest to
            // `(factor - 1) × length` characters (none when that is under a word).
            let padding = pseudoExpansion(closestTo: (Double(length) * (factor - 1)).rounded() - 1)
            if !padding.isEmpty { result += " " + padding }
        } else {
            result += " " + pseudoExpansion(length: words > 3 ? length : length / 2)
        }
    }
    return result + "]"
}

private func pseudoBidi(_ text: String) -> String {
    let rlm = "\u{200F}", rlo = "\u{202E}", pdf = "\u{202C}"
    var result = ""
    var lastSpace = true
    for character in text {
        let space = character.isWhitespace
        if lastSpace && !space {
            result += rlm + rlo
        } else if !lastSpace && space {
            result += pdf + rlm
        }
        lastSpace = space
        result.append(character)
    }
    if !lastSpace { result += pdf + rlm }
    return result
}
