import CFontconfig
import Foundation

/// A font file and the face inside it, e.g. "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#0".
public struct FontReference: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var faceIndex: Int

    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }

    public var description: String { faceIndex == 0 ? path : "\(path)#\(faceIndex)" }
}

/// Finds fonts with fontconfig: by family name, and by character for font fallback.
///
/// fontconfig is not thread-safe for configuration changes; all calls go through `lock`.
public final class FontLocator: @unchecked Sendable {
    public static let shared = FontLocator()

    private let lock = NSLock()
    private var fallbackCache: [UInt32: FontReference?] = [:]
    /// Chromium's fallback list for its locale (see `lookUpFallback`), made when first needed; its
    /// charsets belong to `fallbackSet`, which lives as long as the locator.
    private var fallbackList: [(reference: FontReference, charset: OpaquePointer)]?
    private var fallbackSet: UnsafeMutablePointer<FcFontSet>?
    private let config: OpaquePointer?

    /// What `match(family:)` does with a family name that is not installed: refuse it (exit 69,
    /// the default: heights of another font are not the named font's), or measure as Chromium
    /// does (`--missing-font chromium`).
    public enum MissingFamilyPolicy: String, CaseIterable, Sendable {
        case refuse, chromium
    }

    /// The policy for family names that are not installed; set once, before anything is measured
    /// (a static, so that setting it does not start fontconfig for a run given font files).
    nonisolated(unsafe) public static var missingFamilyPolicy = MissingFamilyPolicy.refuse
    /// Told, once per name, of a family measured in Chromium's standard font under `.chromium`:
    /// the name asked and the family drawn (a program warns its user); nil tells no one.
    nonisolated(unsafe) public static var onMissingFamily: ((_ requested: String, _ drawn: String) -> Void)?
    /// Names already warned about under `.chromium`: one warning per name and run.
    private var warnedMissingFamilies: Set<String> = []

    private init() {
        // Fontconfig writes its own complaints (a FONTCONFIG_FILE that cannot be read or parsed)
        // to standard error: kept off it, so that a bad configuration shows as cellheight's one
        // line when a family cannot be found. Done once, before any worker writes.
        let saved = dup(STDERR_FILENO), devNull = open("/dev/null", O_WRONLY)
        if saved >= 0 && devNull >= 0 { dup2(devNull, STDERR_FILENO) }
        config = FcInitLoadConfigAndFonts()
        if saved >= 0 && devNull >= 0 { dup2(saved, STDERR_FILENO) }
        if saved >= 0 { close(saved) }
        if devNull >= 0 { close(devNull) }
    }

    /// Generic family names that fontconfig resolves to a configured default.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
    ]

    /// The family Chromium on Linux draws for a generic family name, which fontconfig then
    /// resolves:
    /// - `sans-serif`, `serif`, `monospace`: its default font settings (`IDS_SANS_SERIF_FONT_FAMILY`
    ///   "Arial", `IDS_SERIF_FONT_FAMILY` "Times New Roman", `IDS_FIXED_FONT_FAMILY` "Monospace"):
    ///   Arial is Liberation Sans and Times New Roman Liberation Serif by fontconfig's metric
    ///   aliases, Monospace DejaVu Sans Mono.
    /// - `cursive`, `fantasy`, `emoji`, `math`: their settings name fonts a Debian machine does not
    ///   have ("Comic Sans MS", "Impact"), which Skia refuses to substitute, so Chromium draws its
    ///   standard font, Times New Roman (Liberation Serif); and `mono`, which is no CSS keyword and
    ///   no family (Skia takes fontconfig's answer for a name only for "sans", "serif" and
    ///   "monospace", `IsFallbackFontAllowed`), likewise.
    /// - `sans` is fontconfig's own sans (e.g. Noto Sans) and `system-ui` its default: nil, asked as given.
    /// Issue 32 gives Chromium 156's answers for each.
    static func chromiumFamily(forGeneric family: String) -> String? {
        switch family.lowercased() {
        case "sans-serif": return "Arial"
        case "serif", "cursive", "fantasy", "emoji", "math", "mono": return "Times New Roman"
        case "monospace": return "Monospace"
        default: return nil
        }
    }

    /// Families that Chromium (Skia's fontconfig interface, `IsMetricCompatibleReplacement`)
    /// accepts for one another: a request for one may be served by a face of another.
    static let metricCompatibleFamilies: [Set<String>] = [
        ["arial", "helvetica", "liberation sans", "arimo", "albany", "albany amt"],
        ["times", "times new roman", "liberation serif", "tinos", "thorndale", "thorndale amt"],
        ["courier", "courier new", "liberation mono", "cousine", "cumberland", "cumberland amt"],
        ["georgia", "gelasio"],
        ["arial narrow", "liberation sans narrow"],
        ["calibri", "carlito"],
        ["cambria", "caladea"],
        ["symbol", "symbol neu"],
    ]

    static func areMetricCompatible(_ a: String, _ b: String) -> Bool {
        metricCompatibleFamilies.contains { $0.contains(a) && $0.contains(b) }
    }

    /// Resolves what `--font` was given: a file path (with an optional `#N` face index) or a family
    /// name. A path does not start fontconfig (loading its configuration takes milliseconds).
    public static func resolve(_ spec: String) throws -> FontReference {
        if namesFile(spec) { return try parsePath(spec) }
        return try shared.match(family: spec)
    }

    /// Whether a `--font` value names a file: it has a "/", or is a file in the working
    /// directory, with or without a `#N` face index ("dv.ttf#0"); else it is a family name.
    static func namesFile(_ spec: String) -> Bool {
        if spec.contains("/") || FileManager.default.fileExists(atPath: spec) { return true }
        guard let hash = spec.lastIndex(of: "#"), hash > spec.startIndex else { return false }
        return FileManager.default.fileExists(atPath: String(spec[..<hash]))
    }

    /// FreeType takes the face in the low 16 bits of its index (the bits above select a named
    /// instance), so a larger N would silently open another face.
    static let maximumFaceIndex = 0xFFFF

    /// The file a `--font` value names, or nil for a family name (which is only known once
    /// fontconfig has looked it up).
    public static func filePath(of spec: String) -> String? {
        guard namesFile(spec) else { return nil }
        return (try? parsePath(spec))?.path ?? spec
    }

    /// Splits "path#N" into a path and a face index.
    static func parsePath(_ spec: String) throws -> FontReference {
        if let hash = spec.lastIndex(of: "#"), !FileManager.default.fileExists(atPath: spec) {
            let indexText = spec[spec.index(after: hash)...]
            guard let index = Int(indexText), index >= 0, index <= Self.maximumFaceIndex else {
                throw EngineError.badFaceIndex(spec: spec, indexText: String(indexText), maximum: Self.maximumFaceIndex)
            }
            return FontReference(path: String(spec[..<hash]), faceIndex: index)
        }
        return FontReference(path: spec)
    }

    /// The font fontconfig picks for a family name, accepted as Chromium on Linux accepts it (Skia's
    /// `FontConfigInterface::matchFamilyName`): a generic family goes through Chromium's default
    /// font settings (see `chromiumFamily(forGeneric:)`); any other name must be one of the matched
    /// face's family names (fontconfig lists several, e.g. "DejaVu Sans, DejaVu Sans Condensed"),
    /// the family fontconfig's rules put first for it, or metric-compatible with one of them
    /// ("Helvetica" is served by Liberation Sans). Fails otherwise, so that a typo in a family
    /// name is an error rather than a silent substitution.
    ///
    /// A name no installed face answers to is what Chromium draws in its standard font (the
    /// family list has no other entry, so Blink's `FontFallbackList` ends at the initial
    /// `font-family`, Times New Roman: Liberation Serif here): the error says so, and with
    /// `missingFamilyPolicy` `.chromium` that face is returned, with one warning per name.
    public func match(family requested: String) throws -> FontReference {
        lock.lock()
        defer { lock.unlock() }
        guard let config else { throw EngineError.fontconfigUnavailable }
        do {
            return try match(family: requested, config: config)
        } catch let MissingFamily.notInstalled(substitute, closest) {
            let standard = FontFallbackChain.chromiumDefaultFamily
            guard let drawn = try? match(family: standard, config: config) else {
                throw EngineError.familyNotFound(family: requested, substitute: substitute, standardFont: nil,
                                                 closest: closest)
            }
            let drawnName = Self.familyName(of: drawn, config: config) ?? standard
            if Self.missingFamilyPolicy == .chromium {
                if warnedMissingFamilies.insert(requested).inserted { Self.onMissingFamily?(requested, drawnName) }
                return drawn
            }
            throw EngineError.familyNotFound(family: requested, substitute: substitute, standardFont: drawnName,
                                             closest: closest)
        }
    }

    /// Why `match(family:config:)` found no face: the name is not installed (with fontconfig's
    /// substitute and the closest installed family names, possibly none).
    private enum MissingFamily: Error {
        case notInstalled(substitute: String, closest: [String])
    }

    /// The first family name of a face, as fontconfig lists it.
    private static func familyName(of reference: FontReference, config: OpaquePointer) -> String? {
        for font in configuredPatterns(config) where Self.reference(font) == reference {
            return string(font, FC_FAMILY)
        }
        return nil
    }

    private func match(family requested: String, config: OpaquePointer) throws -> FontReference {
        let family = Self.chromiumFamily(forGeneric: requested) ?? requested
        guard let pattern = FcNameParse(family) else {
            throw EngineError.badFamilyName(requested)
        }
        defer { FcPatternDestroy(pattern) }
        let askedFamily = (Self.string(pattern, FC_FAMILY) ?? family).lowercased()
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        let configuredFamily = (Self.string(pattern, FC_FAMILY) ?? "").lowercased()
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else {
            throw EngineError.noFontForFamily(requested)
        }
        defer { FcPatternDestroy(matched) }
        var matchedFamilies: [String] = []
        while let name = Self.string(matched, FC_FAMILY, Int32(matchedFamilies.count)) { matchedFamilies.append(name) }
        let isGeneric = Self.genericFamilies.contains(askedFamily) || Self.genericFamilies.contains(requested.lowercased())
        let acceptable = matchedFamilies.contains { name in
            let name = name.lowercased()
            return name == configuredFamily || name == askedFamily || Self.areMetricCompatible(askedFamily, name)
        }
        guard isGeneric || acceptable else {
            throw MissingFamily.notInstalled(substitute: matchedFamilies.first ?? "",
                                             closest: closestFamilies(to: requested, config: config))
        }
        guard let reference = Self.reference(matched) else {
            throw EngineError.noFileForFamily(requested)
        }
        return reference
    }

    /// Up to three installed family names closest to `name` (by edit distance, ignoring case), for
    /// the error of an unknown family: a typo names what was meant.
    private func closestFamilies(to name: String, config: OpaquePointer) -> [String] {
        var families: Set<String> = []
        for font in Self.configuredPatterns(config) {
            var n: Int32 = 0
            while let family = Self.string(font, FC_FAMILY, n) {
                families.insert(family)
                n += 1
            }
        }
        let wanted = Array(name.lowercased().unicodeScalars)
        let limit = max(2, wanted.count / 3)
        return families.map { (family: $0, distance: editDistance(wanted, Array($0.lowercased().unicodeScalars))) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.family) < ($1.distance, $1.family) }
            .prefix(3).map(\.family)
    }

    /// The font Chromium on Linux takes for `codePoint` when no font of the chain has it
    /// (`gfx::GetFallbackFontForChar`, ui/gfx/font_fallback_linux.cc): the first font of its
    /// fallback list, made once per locale, that has the character (see `lookUpFallback`).
    public func fallbackFont(for codePoint: UInt32) -> FontReference? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = fallbackCache[codePoint] { return cached }
        let found = lookUpFallback(codePoint)
        fallbackCache[codePoint] = found
        return found
    }

    /// The locale Chromium asks fallback fonts for: the content language, its default `en-US`
    /// when the page sets none (Blink's `FontDescription::LocaleOrDefault`).
    static let fallbackLocale = "en-US"

    /// Chromium's `CachedFontSet` for `fallbackLocale`: all fonts sorted once by fontconfig for a
    /// pattern of the locale's `lang` and `scalable` only (substituted as a match pattern, untrimmed
    /// `FcFontSort`), keeping the valid ones (`IsValidFontFromPattern`: scalable, TrueType or CFF, a
    /// readable file); a character's font is the first of them whose charset has it. Not the sort
    /// of a pattern holding the character: that ranks fonts by coverage first, and with a second
    /// font of a script installed (Scheherazade beside Noto Kufi Arabic, Tibetan Machine Uni
    /// beside Noto Serif Tibetan) picks another font than Chromium (issue 32, item 2).
    private func lookUpFallback(_ codePoint: UInt32) -> FontReference? {
        guard let config else { return nil }
        if fallbackList == nil { fallbackList = makeFallbackList(config) }
        return fallbackList?.first { FcCharSetHasChar($0.charset, codePoint) != 0 }?.reference
    }

    private func makeFallbackList(_ config: OpaquePointer) -> [(reference: FontReference, charset: OpaquePointer)] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_LANG, Self.fallbackLocale)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcFalse, nil, &result) else { return [] }
        fallbackSet = sorted
        return (0..<Int(sorted.pointee.nfont)).compactMap { i in
            guard let font = sorted.pointee.fonts[i], Self.isValidFallback(font), let reference = Self.reference(font)
            else { return nil }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return nil }
            return (reference, charset)
        }
    }

    /// Chromium's `IsValidFontFromPattern`: scalable, in a format it reads (TrueType or CFF), and a
    /// file it may read.
    private static func isValidFallback(_ font: OpaquePointer) -> Bool {
        var scalable: FcBool = FcFalse
        guard FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable != FcFalse,
              let format = string(font, FC_FONTFORMAT), format == "TrueType" || format == "CFF",
              let file = string(font, FC_FILE) else { return false }
        return access(file, R_OK) == 0
    }

    /// The configured fonts' patterns, system fonts then application fonts (the order `FcFontSort`
    /// reads them in); fontconfig owns them for the life of its configuration.
    private static func configuredPatterns(_ config: OpaquePointer) -> [OpaquePointer] {
        var patterns: [OpaquePointer] = []
        for kind in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(config, kind) else { continue }
            patterns += (0..<Int(set.pointee.nfont)).compactMap { set.pointee.fonts[$0] }
        }
        return patterns
    }

    private static func string(_ pattern: OpaquePointer, _ object: UnsafePointer<CChar>, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func reference(_ pattern: OpaquePointer) -> FontReference? {
        guard let file = string(pattern, FC_FILE) else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return FontReference(path: file, faceIndex: Int(index))
    }
}

/// Levenshtein distance between two sequences of scalars (insertions, deletions, substitutions).
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
