import CellHeightEngine
import Foundation

/// One source text and its translation, with the rendered width ratio the model learns from.
package struct TranslationPair: Equatable, Sendable {
    /// The source's length in characters (grapheme clusters), e.g. 12.
    package var characters: Int
    /// Rendered width of the translation over rendered width of the source, e.g. 1.31.
    package var ratio: Double
}

/// Learns an `ExpansionModel` from English-to-locale pairs: the machine's gettext catalogs
/// (`/usr/share/locale/<locale>/LC_MESSAGES/*.mo`, msgid → msgstr) for the committed model, or a
/// project's own translations (`cellheight forecast --learn-from`), both sides measured by the
/// engine in one font.
package struct ExpansionLearner {
    package let engine: TextLayoutEngine

    package init(engine: TextLayoutEngine) {
        self.engine = engine
    }

    /// The pair of `source` and `translation`, or nil when it says nothing about width: either is
    /// empty or has no letter, the translation is the source itself (in gettext catalogs mostly
    /// names, commands and codes kept as they are, which would pile up at a ratio of exactly 1),
    /// the source has more than one paragraph or 300 characters, or either renders 0 px wide.
    /// GTK's mnemonic `_` (`_Open`, `開く(_O)`) is removed from both.
    package func pair(source: String, translation: String) -> TranslationPair? {
        let mnemonics = TextRewriting(mnemonic: "_")
        let source = source.contains("_") ? mnemonics.apply(to: source, syntax: []) : source
        let translation = translation.contains("_") ? mnemonics.apply(to: translation, syntax: []) : translation
        guard source != translation, source.contains(where: \.isLetter), translation.contains(where: \.isLetter),
            !source.contains("\n"), source.count <= 300
        else { return nil }
        let sourceWidth = OverflowForecaster.renderedWidth(source, engine: engine)
        let translationWidth = OverflowForecaster.renderedWidth(translation, engine: engine)
        guard sourceWidth > 0, translationWidth > 0 else { return nil }
        return TranslationPair(characters: source.count, ratio: translationWidth / sourceWidth)
    }

    /// The (msgid, msgstr) pairs of gettext catalogs: translated, singular messages only (a
    /// plural's forms count differently per language), the context left out of the msgid, each
    /// msgid once (the first catalog's), in file order.
    ///
    /// - Throws: what `readCatalogRows` throws for a file that is not a valid `.mo`.
    package static func gettextPairs(moFiles: [String]) throws -> [(source: String, translation: String)] {
        var seen = Set<String>()
        var pairs: [(source: String, translation: String)] = []
        for path in moFiles {
            let bytes = [UInt8](try readInputData(from: path))
            for row in try readCatalogRows(bytes, format: .mo, path: path) {
                guard let fields = row.fields, fields["plural"] == nil, fields["untranslated"] == nil,
                    var source = fields["key"]
                else { continue }
                if let context = fields["context"], source.hasPrefix(context + "|") {
                    source.removeFirst(context.count + 1)
                }
                guard !source.isEmpty, !row.text.isEmpty, seen.insert(source).inserted else { continue }
                pairs.append((source, row.text))
            }
        }
        return pairs
    }

    /// Whether a catalog's pairs are mostly names kept as they are (iso-codes' language and region
    /// names: more than half the translations equal their msgid), which say nothing of how UI
    /// text grows.
    package static func isNameList(_ pairs: [(source: String, translation: String)]) -> Bool {
        pairs.filter { $0.source == $0.translation }.count * 2 > pairs.count
    }

    /// At most `limit` of `pairs`, chosen by a hash of the source (the same whatever the order of
    /// the files), so that every catalog is represented.
    package static func sample(_ pairs: [(source: String, translation: String)], limit: Int) -> [(
        source: String, translation: String
    )] {
        guard pairs.count > limit else { return pairs }
        let keyed = pairs.map { (hash: $0.source.utf16.reduce(FNV1a.basis, FNV1a.step), pair: $0) }
        return keyed.sorted { $0.hash < $1.hash }.prefix(limit).map(\.pair)
    }
}
