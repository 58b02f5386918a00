/// Where a catalog keeps its locale when the file itself does not say: in its path.

/// The path's components, e.g. ["res", "values-de", "strings.xml"].
private func pathComponents(_ path: String) -> [Substring] {
    path.split(separator: "/")
}

/// Whether `text` looks like a gettext locale name: a language (2-3 letters), then optional
/// `_REGION`, `.charset` and `@modifier`, e.g. "ja", "pt_BR", "sr@latin", "de_DE.UTF-8".
private func isGettextLocale(_ text: Substring) -> Bool {
    let language = text.prefix { $0.isASCII && $0.isLetter && $0.isLowercase }
    let rest = text.dropFirst(language.count)
    guard rest.isEmpty || rest.first == "_" || rest.first == "@" || rest.first == "." else { return false }
    // Three letters alone are more often a word ("app.po") than an ISO 639-3 code.
    return language.count == 2 || (language.count == 3 && !rest.isEmpty)
}

/// A gettext catalog's locale from its path: the folder above `LC_MESSAGES` when there is one
/// (`de/LC_MESSAGES/iso_639.mo` is German, whatever the file is called), else the file name
/// without extension when it is a locale (`ja.po`, `pt_BR.po`), else its last dot-separated part
/// (`gtk30.de.po`); "" when none of these is a locale.
func gettextLocale(fromPath path: String) -> String {
    let components = pathComponents(path)
    // Under LC_MESSAGES a three-letter folder alone is a language too (`crh/LC_MESSAGES/app.mo`).
    if components.count >= 3, components[components.count - 2] == "LC_MESSAGES",
       case let folder = components[components.count - 3],
       isGettextLocale(folder) || (folder.count == 3 && folder.allSatisfy { $0.isASCII && $0.isLowercase }) {
        return String(components[components.count - 3])
    }
    if let name = components.last, let dot = name.lastIndex(of: ".") {
        let stem = name[..<dot]
        if isGettextLocale(stem) { return String(stem) }
        if let last = stem.split(separator: ".").last, stem.contains("."), isGettextLocale(last) { return String(last) }
    }
    return ""
}

/// A gettext catalog's (`.po`, `.mo`) locale: the most specific of its header's `Language` and
/// its path's (`gettextLocale(fromPath:)`): the path's when it is the header's language with more
/// (`Language: sr` in `sr@latin.po` is Serbian in Latin script), else the header's when it has one
/// (an empty `Language`, as many `.mo` files have, is none), else the path's. A glibc script
/// modifier is written as BCP 47: `sr@latin` → "sr-Latn", `sr@cyrillic` → "sr-Cyrl",
/// `uz@cyrillic` → "uz-Cyrl" (other modifiers, like `ca@valencia`, stay as written).
func gettextCatalogLocale(header: GettextHeader, path: String) -> String {
    let fromPath = gettextLocale(fromPath: path)
    var locale = header.language ?? fromPath
    if let language = header.language, !fromPath.isEmpty, fromPath != language {
        let given = LanguageTag.canonical(language).lowercased(), named = LanguageTag.canonical(fromPath).lowercased()
        let base = LanguageTag.canonical(String(fromPath.prefix { $0 != "@" })).lowercased()
        if named.hasPrefix(given + "-") || (fromPath.contains("@") && base == given) { locale = fromPath }
    }
    if let at = locale.firstIndex(of: "@"),
       ["latin", "cyrillic", "devanagari", "arabic"].contains(locale[locale.index(after: at)...].lowercased()) {
        return LanguageTag.canonical(locale)
    }
    return locale
}

/// A `.strings` file's locale from the `<locale>.lproj` folder it is in, e.g. "ja" or "pt-BR";
/// "" for `Base.lproj` (the development language) and files outside an `.lproj` folder.
func lprojLocale(fromPath path: String) -> String {
    let components = pathComponents(path)
    guard components.count >= 2 else { return "" }
    let folder = components[components.count - 2]
    guard folder.hasSuffix(".lproj") else { return "" }
    let locale = String(folder.dropLast(".lproj".count))
    return locale == "Base" ? "" : locale
}

/// An Android resource file's locale from its `values-…` folder, as a BCP 47 tag: `values-ja` →
/// "ja", `values-pt-rBR` → "pt-BR", `values-b+sr+Latn` → "sr-Latn"; `values` (and a folder with
/// qualifiers but no language, like `values-night`) → "", the default resources.
func androidLocale(fromPath path: String) -> String {
    let components = pathComponents(path)
    guard components.count >= 2 else { return "" }
    let folder = components[components.count - 2]
    guard folder == "values" || folder.hasPrefix("values-") else { return "" }
    let qualifiers = folder.split(separator: "-").dropFirst()
    for (offset, qualifier) in qualifiers.enumerated() {
        if qualifier.hasPrefix("b+") {
            return qualifier.dropFirst(2).split(separator: "+").joined(separator: "-")
        }
        let isLanguage = (2...3).contains(qualifier.count) && qualifier.allSatisfy { $0.isASCII && $0.isLowercase }
        guard isLanguage else { continue }
        // The region, when there is one, follows at once: `rBR`.
        let next = qualifiers.dropFirst(offset + 1).first
        if let next, next.count == 3, next.first == "r", next.dropFirst().allSatisfy({ $0.isASCII && $0.isUppercase }) {
            return "\(qualifier)-\(next.dropFirst())"
        }
        return String(qualifier)
    }
    return ""
}
