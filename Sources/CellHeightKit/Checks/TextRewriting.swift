import Foundation

/// How a row's text is changed before it is measured, so that what is measured is what the user
/// sees: mnemonic markers removed, literal replacements, and placeholders given sample values.
/// Set by the command line (`--mnemonic`, `--replace`, `--placeholder-number`,
/// `--placeholder-string`) and by rules (`mnemonic`, `replacements`, `placeholderNumber`,
/// `placeholderString`); without any, the text is measured as read.
///
/// The steps, in this order:
/// 1. `mnemonic`: the character that marks a mnemonic (GTK's `_` in `_Open`, KDE's and Qt's `&`
///    in `&Open`) is removed before the character it marks; doubled (`__`, `&&`) it is the
///    character itself; before white space or at the end it stays.
/// 2. `replacements`, in order: every occurrence of `from` becomes `to` (literal text, as
///    Weblate's `replacements:` flag), e.g. `{app}` → `Files`, `%1$s` → `Alexandra`.
/// 0. SwiftUI's Markdown (`**Save**` is "Save"), in the texts of Apple's catalogs (whose syntaxes
///    include `.swiftUIMarkdown`), unless `markdown` is false: before anything else, as the app
///    renders the Markdown of the string it formats.
/// 3. Placeholders of the row's syntaxes (`Row.placeholders`: its catalog format's, e.g. `%d`,
///    `%@`, `{name}`, `{{name}}`, a plural's `#`) that stand for a number become `numberSample`,
///    the others `stringSample` (each only when given); with either, printf's `%%` is `%`.
public struct TextRewriting: Hashable, Sendable {
    public var mnemonic: Character?
    public var replacements: [TextReplacement]
    public var numberSample: String?
    public var stringSample: String?
    /// Whether SwiftUI's Markdown in Apple's catalogs is measured as rendered (nil: yes, the
    /// default; false: as written, `--literal-markdown` or a rule's `markdown: false`).
    public var markdown: Bool?

    public init(mnemonic: Character? = nil, replacements: [TextReplacement] = [], numberSample: String? = nil,
                stringSample: String? = nil, markdown: Bool? = nil) {
        self.mnemonic = mnemonic
        self.replacements = replacements
        self.numberSample = numberSample
        self.stringSample = stringSample
        self.markdown = markdown
    }

    /// A mnemonic marker as given (`--mnemonic`, a rule's `mnemonic`): one character that is not a
    /// letter, digit or white space, e.g. "_" or "&"; nil for anything else.
    public static func mnemonicMarker(parsing text: String) -> Character? {
        guard text.count == 1, let marker = text.first, !marker.isLetter, !marker.isNumber, !marker.isWhitespace else { return nil }
        return marker
    }

    /// What a mnemonic marker must be, for messages.
    public static let mnemonicExpectation = "one character that is not a letter, digit or white space, e.g. \"_\" or \"&\""

    /// Whether the text options change nothing: every text is measured as read, but for the
    /// Markdown of Apple's catalogs (see `changes(textOf:)`).
    public var isIdentity: Bool {
        mnemonic == nil && replacements.isEmpty && numberSample == nil && stringSample == nil
    }

    /// Whether a text of these syntaxes may be measured otherwise than as read.
    package func changes(textOf syntax: PlaceholderSyntax) -> Bool {
        !isIdentity || (markdown != false && syntax.contains(.swiftUIMarkdown))
    }

    /// `text` as measured, its placeholders found by `syntax`.
    package func apply(to text: String, syntax: PlaceholderSyntax) -> String {
        var text = text
        if markdown != false && syntax.contains(.swiftUIMarkdown) { text = renderingSwiftUIMarkdown(text) }
        if let mnemonic { text = removingMnemonics(text, marker: mnemonic) }
        for replacement in replacements where !replacement.from.isEmpty {
            text = text.replacingOccurrences(of: replacement.from, with: replacement.to)
        }
        if numberSample != nil || stringSample != nil { text = replacingPlaceholders(text, syntax: syntax) }
        return text
    }

    private func removingMnemonics(_ text: String, marker: Character) -> String {
        // GTK and Qt read the marker and the character after it as code points: `_` before a
        // mark that joins it into one grapheme (ZWNJ in Persian `_‌ها`, a combining accent) is
        // still a marker.
        if marker.unicodeScalars.count == 1, let scalar = marker.unicodeScalars.first {
            return removingMnemonics(text, scalar: scalar)
        }
        guard text.contains(marker) else { return text }
        var result = ""
        var characters = text.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            guard character == marker, let next = pending, !next.isWhitespace else {
                result.append(character)
                continue
            }
            if next == marker {
                result.append(marker)
                pending = characters.next()
            }
        }
        return result
    }

    private func removingMnemonics(_ text: String, scalar marker: Unicode.Scalar) -> String {
        guard text.unicodeScalars.contains(marker) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            guard scalar == marker, let next = pending, !next.properties.isWhitespace else {
                result.append(scalar)
                continue
            }
            if next == marker {
                result.append(marker)
                pending = scalars.next()
            }
        }
        return String(result)
    }

    private func replacingPlaceholders(_ text: String, syntax: PlaceholderSyntax) -> String {
        let placeholders = syntax.placeholders(in: text)
        guard !placeholders.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for placeholder in placeholders {
            result += bytes[position..<placeholder.range.lowerBound]
            let sample: String?
            switch placeholder.kind {
            case .number: sample = numberSample
            case .string: sample = stringSample
            case nil: sample = "%"
            }
            if let sample { result += sample.utf8 } else { result += bytes[placeholder.range] }
            position = placeholder.range.upperBound
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    /// These settings, then `other`'s: its replacements after these, its mnemonic and samples
    /// where it gives them (as a later rule overrides an earlier one).
    public func overridden(by other: TextRewriting) -> TextRewriting {
        TextRewriting(mnemonic: other.mnemonic ?? mnemonic, replacements: replacements + other.replacements,
                      numberSample: other.numberSample ?? numberSample, stringSample: other.stringSample ?? stringSample,
                      markdown: other.markdown ?? markdown)
    }
}

/// Replacements may feed each other (`{app}` → `{brand} Files`, then `{brand}` → `Acme`), but
/// not without bound: 24 replacements of `a` by `aa` make a text 16 million times longer (35 s and
/// 624 MB for a row of a few words). The chain is tried on the texts it replaces, one after the
/// other (every `from` once), against what each replacement would give alone (every `to` once).
package enum ReplacementGrowth {
    /// How many times longer than its replacements alone a chain may make a text.
    package static let maximumFactor = 16

    /// The index of the first replacement at which the chain grows beyond `maximumFactor`, with
    /// the factor there; nil when it never does.
    package static func firstExcess(in replacements: [TextReplacement]) -> (index: Int, factor: Int)? {
        let active = replacements.indices.filter { !replacements[$0].from.isEmpty }
        guard active.count > 1 else { return nil }
        var text = active.map { replacements[$0].from }.joined()
        let alone = active.reduce(0) { $0 + max(replacements[$1].from.utf8.count, replacements[$1].to.utf8.count) }
        let limit = maximumFactor * max(alone, 1)
        for index in active {
            text = text.replacingOccurrences(of: replacements[index].from, with: replacements[index].to)
            let length = text.utf8.count
            if length > limit { return (index, length / max(alone, 1)) }
        }
        return nil
    }

    /// Why the chain is refused, for messages.
    package static func reason(factor: Int) -> String {
        "the replacements up to this one feed each other and grow a text more than \(maximumFactor) times "
            + "(\(factor) times) beyond what each does alone"
    }
}

/// A literal replacement: every `from` in a text becomes `to`.
public struct TextReplacement: Hashable, Sendable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}

extension Row {
    /// The row as measured with `rewriting`: its text, and the fields `fields` (a template's
    /// labels), rewritten.
    func rewritten(by rewriting: TextRewriting, fields names: [String]) -> Row {
        var row = self
        row.text = rewriting.apply(to: text, syntax: placeholders)
        guard var fields = row.fields else { return row }
        for name in Set(names + ["text"]) {
            if let value = fields[name] { fields[name] = name == "text" ? row.text : rewriting.apply(to: value, syntax: placeholders) }
        }
        row.fields = fields
        return row
    }
}
