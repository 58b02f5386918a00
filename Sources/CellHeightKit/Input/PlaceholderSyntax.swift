import Foundation

/// The placeholder syntaxes a row's text may hold, by where it comes from: each catalog format
/// knows its own (see `readCatalogRows`), and rows from text, JSON or CSV may hold any of them.
/// `--placeholder-number` and `--placeholder-string` replace the placeholders these find.
package struct PlaceholderSyntax: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// printf's conversions, as C, Python (`%(name)s`), Java and Android write them: `%s`, `%1$s`,
    /// `%d`, `%lld`, `%.2f`, `%,d`, `%Id`; `%%` is a percent sign.
    package static let printf = PlaceholderSyntax(rawValue: 1 << 0)
    /// Apple's object conversion, `%@` and `%1$@` (with `printf`).
    package static let apple = PlaceholderSyntax(rawValue: 1 << 1)
    /// ICU MessageFormat's simple arguments and Python's brace format: `{name}`, `{0}`,
    /// `{count, number}`; `${name}` (JavaScript, shell) is one placeholder, `$` included.
    package static let braces = PlaceholderSyntax(rawValue: 1 << 2)
    /// Interpolation as Angular, Vue, i18next and Handlebars write it: `{{name}}`, `{{ user.name }}`.
    package static let doubleBraces = PlaceholderSyntax(rawValue: 1 << 3)
    /// A plural branch's `#` (ICU MessageFormat): the number.
    package static let pluralNumber = PlaceholderSyntax(rawValue: 1 << 4)
    /// Symfony's parameters, `%name%` (`%count%`, a plural's count, stands for a number).
    package static let percentNames = PlaceholderSyntax(rawValue: 1 << 6)
    /// What Symfony's translations hold: `%name%`, and `{name}` and `{{ name }}` (its validators').
    package static let symfony: PlaceholderSyntax = [.percentNames, .braces, .doubleBraces]
    /// Not a placeholder but markup of the same texts: SwiftUI's inline Markdown (`**Save**`), which
    /// `Text` renders as styling, in Apple's catalogs (see `renderingSwiftUIMarkdown`).
    package static let swiftUIMarkdown = PlaceholderSyntax(rawValue: 1 << 5)

    /// Rows whose origin says nothing: every syntax but `#`.
    package static let any: PlaceholderSyntax = [.printf, .apple, .braces, .doubleBraces]
}

/// What a placeholder stands for.
package enum PlaceholderKind: Equatable, Sendable {
    /// A number (`%d`, `%.2f`, `{n, number}`, `#`).
    case number
    /// Any other value: a string, an object, a date (`%s`, `%@`, `{name}`, `{{name}}`).
    case string
}

/// A placeholder found in a text: where it is and what it stands for.
package struct Placeholder: Equatable, Sendable {
    /// Its range in the text's UTF-8 bytes.
    package var range: Range<Int>
    /// nil for `%%`, which stands for a percent sign.
    package var kind: PlaceholderKind?
}

extension PlaceholderSyntax {
    /// Every placeholder of these syntaxes in `text`, in order, none overlapping.
    package func placeholders(in text: String) -> [Placeholder] {
        let bytes = Array(text.utf8)
        var found: [Placeholder] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            var match: Placeholder?
            if byte == UInt8(ascii: "%"), contains(.percentNames), let named = percentNamePlaceholder(bytes, at: i) {
                match = named
            } else if byte == UInt8(ascii: "%"), contains(.printf) {
                match = printfPlaceholder(bytes, at: i)
            } else if byte == UInt8(ascii: "{"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{"), contains(.doubleBraces) {
                match = doubleBracePlaceholder(bytes, at: i)
            } else if byte == UInt8(ascii: "{"), contains(.braces) {
                match = bracePlaceholder(bytes, at: i)
            } else if byte == UInt8(ascii: "$"), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "{"), bytes[i + 2] != UInt8(ascii: "{"),
                      contains(.braces), var braced = bracePlaceholder(bytes, at: i + 1) {
                // `${name}` (JavaScript's template literals, gettext's sh-format and JavaScript
                // catalogs): the `$` is part of the placeholder.
                braced.range = i..<braced.range.upperBound
                match = braced
            } else if byte == UInt8(ascii: "#"), contains(.pluralNumber) {
                match = Placeholder(range: i..<(i + 1), kind: .number)
            }
            if let match {
                found.append(match)
                i = match.range.upperBound
            } else {
                i += 1
            }
        }
        return found
    }

    /// `%[n$][(name)][flags][width][.precision][length]conversion` from `start`.
    private func printfPlaceholder(_ bytes: [UInt8], at start: Int) -> Placeholder? {
        var i = start + 1
        func at(_ k: Int) -> UInt8? { k < bytes.count ? bytes[k] : nil }
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if at(i) == UInt8(ascii: "%") { return Placeholder(range: start..<(i + 1), kind: nil) }
        // An argument number, n$.
        var j = i
        while isDigit(at(j)) { j += 1 }
        if j > i, at(j) == UInt8(ascii: "$") { i = j + 1 }
        // Python's mapping key, %(name)s.
        if at(i) == UInt8(ascii: "(") {
            guard let close = bytes[i...].prefix(64).firstIndex(of: UInt8(ascii: ")")) else { return nil }
            i = close + 1
        }
        // Flags; not the space flag, which prose has far more often ("100 % sûr", "50 % de").
        while let b = at(i), "-+#0',I".utf8.contains(b) { i += 1 }
        while isDigit(at(i)) || at(i) == UInt8(ascii: "*") { i += 1 }
        if at(i) == UInt8(ascii: ".") {
            i += 1
            while isDigit(at(i)) || at(i) == UInt8(ascii: "*") { i += 1 }
        }
        while let b = at(i), "hlLqjzt".utf8.contains(b) { i += 1 }
        guard let conversion = at(i) else { return nil }
        let kind: PlaceholderKind
        switch conversion {
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"),
             UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "g"), UInt8(ascii: "G"),
             UInt8(ascii: "a"), UInt8(ascii: "A"):
            kind = .number
        case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "c"), UInt8(ascii: "C"):
            kind = .string
        case UInt8(ascii: "@") where contains(.apple):
            kind = .string
        default:
            return nil
        }
        return Placeholder(range: start..<(i + 1), kind: kind)
    }

    /// `%name%` from `start`: a letter or `_`, then up to 63 letters, digits, `_`, `.` or `-`.
    private func percentNamePlaceholder(_ bytes: [UInt8], at start: Int) -> Placeholder? {
        func isNameByte(_ b: UInt8, first: Bool) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
                || (!first && ((b >= 0x30 && b <= 0x39) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")))
        }
        var i = start + 1
        while i < bytes.count, i - start <= 64, isNameByte(bytes[i], first: i == start + 1) { i += 1 }
        guard i > start + 1, i < bytes.count, bytes[i] == UInt8(ascii: "%") else { return nil }
        let isCount = bytes[(start + 1)..<i].elementsEqual("count".utf8)
        return Placeholder(range: start..<(i + 1), kind: isCount ? .number : .string)
    }

    /// `{{…}}` from `start`, on one line.
    private func doubleBracePlaceholder(_ bytes: [UInt8], at start: Int) -> Placeholder? {
        var i = start + 2
        while i + 1 < bytes.count, i - start < 256 {
            if bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "{") { return nil }
            if bytes[i] == UInt8(ascii: "}"), bytes[i + 1] == UInt8(ascii: "}") {
                return i > start + 2 ? Placeholder(range: start..<(i + 2), kind: .string) : nil
            }
            i += 1
        }
        return nil
    }

    /// `{name}`, `{0}`, `{name, type}` or `{name, type, style}` (no nested braces) from `start`;
    /// the type says a number (`number`, `integer`, `ordinal`, `spellout`, `duration`) or not.
    private func bracePlaceholder(_ bytes: [UInt8], at start: Int) -> Placeholder? {
        guard let close = bytes[(start + 1)...].prefix(256).firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "{") }),
              bytes[close] == UInt8(ascii: "}") else { return nil }
        let inside = String(decoding: bytes[(start + 1)..<close], as: UTF8.self)
        let pieces = inside.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = pieces.first, !name.isEmpty,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) else { return nil }
        let numberTypes: Set<String> = ["number", "integer", "ordinal", "spellout", "duration", "plural"]
        let kind: PlaceholderKind = pieces.count > 1 && numberTypes.contains(pieces[1]) ? .number : .string
        return Placeholder(range: start..<(close + 1), kind: kind)
    }
}
