import Foundation

/// The fonts a text is measured with, in the order they are tried for each character.
///
/// Chromium on Linux tries the element's font, then its default font (`Times New Roman` as
/// fontconfig resolves it, Liberation Serif on Debian), then fontconfig's choice for the
/// character. Text in emoji presentation (see `EmojiSegments`) tries one more font before the
/// per-character lookup: the one fontconfig gives U+1F46A FAMILY (Noto Sans Symbols2 when no
/// colour emoji font is installed). A user-given chain (`--fallback`) replaces everything after
/// the primary font.
public final class FontFallbackChain: @unchecked Sendable {
    public let primary: FontFace
    /// Whether fontconfig is asked per character after the fixed fallbacks.
    public let usesSystemFallback: Bool

    private var systemFaces: [FontReference: FontFace] = [:]
    private let lock = NSLock()
    /// The fixed fallbacks once known; nil for Chromium's default font until it is first needed.
    private var knownFixedFallbacks: [FontFace]?

    /// The family Chromium falls back to before asking fontconfig per character.
    public static let chromiumDefaultFamily = "Times New Roman"

    /// The character Chromium on Linux asks fontconfig about for text in emoji presentation,
    /// whatever the text (FontCache::PlatformFallbackFontForCharacter, "overriding the fallback
    /// character here with the FAMILY emoji in the hope to find a suitable emoji font",
    /// crbug.com/591346), before its usual per-character lookup.
    static let emojiFallbackHint: UInt32 = 0x1F46A

    public init(primary: FontFace, fixedFallbacks: [FontFace], usesSystemFallback: Bool) {
        self.primary = primary
        self.knownFixedFallbacks = fixedFallbacks
        self.usesSystemFallback = usesSystemFallback
    }

    private init(chromiumDefaultAfter primary: FontFace) {
        self.primary = primary
        self.usesSystemFallback = true
    }

    /// Chromium's chain for `primary`: its default font, then fontconfig per character. The
    /// default font is looked up when a character first needs it: text the primary font draws
    /// entirely never starts fontconfig (a few milliseconds).
    public static func chromiumDefault(primary: FontFace) -> FontFallbackChain {
        FontFallbackChain(chromiumDefaultAfter: primary)
    }

    /// Fonts tried after the primary one, in order, before any per-character lookup.
    public var fixedFallbacks: [FontFace] {
        lock.lock()
        defer { lock.unlock() }
        if let knownFixedFallbacks { return knownFixedFallbacks }
        var fixed: [FontFace] = []
        if let reference = try? FontLocator.shared.match(family: Self.chromiumDefaultFamily),
           reference != FontReference(path: primary.path, faceIndex: primary.faceIndex),
           let face = try? FontFace(path: reference.path, faceIndex: reference.faceIndex) {
            fixed.append(face)
        }
        knownFixedFallbacks = fixed
        return fixed
    }

    /// The next font to try for text holding `codePoints` (in order) that `tried` could not draw
    /// entirely: the primary font, the fixed fallbacks, then (if enabled) fontconfig's font for
    /// each of the code points in turn, as Chromium's FontFallbackIterator walks its hint
    /// characters ("(ِ" asks for "(" first, then for the kasra, whose font draws both). Text in
    /// emoji presentation first gets the font of Chromium's emoji stage (`emojiFallbackHint`),
    /// once, between the fixed fallbacks and the per-character lookup.
    func nextCandidate(for codePoints: [UInt32], after tried: [FontFace], emojiPresentation: Bool = false) -> FontFace? {
        func isUntried(_ face: FontFace) -> Bool { !tried.contains { $0 === face } }
        if isUntried(primary) { return primary }
        if let fixed = fixedFallbacks.first(where: isUntried) { return fixed }
        guard usesSystemFallback else { return nil }
        if emojiPresentation, let face = systemFace(for: Self.emojiFallbackHint), isUntried(face) { return face }
        for codePoint in codePoints {
            if let face = systemFace(for: codePoint), isUntried(face) { return face }
        }
        return nil
    }

    private func systemFace(for codePoint: UInt32) -> FontFace? {
        guard let reference = FontLocator.shared.fallbackFont(for: codePoint) else { return nil }
        let fixedFallbacks = self.fixedFallbacks  // before taking the lock, which it takes too
        lock.lock()
        defer { lock.unlock() }
        if let face = systemFaces[reference] { return face }
        if reference == FontReference(path: primary.path, faceIndex: primary.faceIndex) { return primary }
        if let fixed = fixedFallbacks.first(where: { $0.path == reference.path && $0.faceIndex == reference.faceIndex }) {
            return fixed
        }
        guard let face = try? FontFace(path: reference.path, faceIndex: reference.faceIndex) else { return nil }
        systemFaces[reference] = face
        return face
    }
}
