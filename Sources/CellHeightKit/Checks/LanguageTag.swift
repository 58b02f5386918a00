import ICUBridge

/// The language, script and region subtags of a BCP 47 language tag, e.g. "zh-Hant-TW", and the
/// canonical forms rules compare locales in (ICU's canonicalization and likely subtags).
struct LanguageTag: Equatable {
    var language: String
    var script: String?
    var region: String?

    /// The subtags of a canonical tag ("sr-Latn-RS"); variants and extensions are ignored.
    init(_ tag: String) {
        let parts = tag.split(separator: "-").map(String.init)
        language = parts.first?.lowercased() ?? ""
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter), script == nil, region == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                region = part.uppercased()
                break
            } else {
                break
            }
        }
    }

    /// gettext's script modifiers, which ICU does not read as BCP 47.
    private static let gettextModifiers = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "arabic": "Arab"]

    /// The tag as BCP 47: `_` as `-`, a POSIX charset (`.UTF-8`) dropped, gettext's `@latin` as the
    /// script `Latn`; then ICU's canonical form. A tag ICU cannot read is returned as given (with `-`).
    static func canonical(_ tag: String) -> String { icuTag(tag, maximize: false) }

    /// The canonical tag with its likely subtags added: "zh-TW" is "zh-Hant-TW".
    static func maximized(_ tag: String) -> String { icuTag(tag, maximize: true) }

    private static func icuTag(_ tag: String, maximize: Bool) -> String {
        var text = tag
        var modifier: String?
        if let at = text.firstIndex(of: "@") {
            modifier = gettextModifiers[text[text.index(after: at)...].lowercased()]
            text = String(text[..<at])
        }
        if let dot = text.firstIndex(of: ".") { text = String(text[..<dot]) }
        var parts = text.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        if let modifier, !parts.isEmpty { parts.insert(modifier, at: 1) }
        let bcp47 = parts.joined(separator: "-")
        guard !bcp47.isEmpty, bcp47.utf8.count < 150 else { return bcp47 }
        var buffer = [CChar](repeating: 0, count: 160)
        let length = icub_language_tag(bcp47, maximize ? 1 : 0, &buffer, Int32(buffer.count))
        guard length > 0 else { return bcp47 }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
