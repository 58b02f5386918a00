import Foundation

/// The fonts a text is measured with, in the order they are tried for each character.
///
/// Chromium on Linux tries the element's font, then its default font (`Times New Roman` as
/// fontconfig resolves it, Liberation Serif on Debian), then fontconfig's choice for a character
/// of the text (see `FallbackIterator`). Text in emoji
/// presentation (see `EmojiSegments`) tries one more font before fontconfig's choice: the one
/// fontconfig gives U+1F46A FAMILY (Noto Sans Symbols2 when no colour emoji font is installed).
/// A user-given chain (`--fallback`) replaces everything after the primary font.
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
        let references = fixedFallbacks.map { FontReference(path: $0.path, faceIndex: $0.faceIndex) }
        identity = Identity(fixedFallbacks: references, usesSystemFallback: usesSystemFallback)
    }

    private init(chromiumDefaultAfter primary: FontFace) {
        self.primary = primary
        self.usesSystemFallback = true
        identity = Identity(fixedFallbacks: nil, usesSystemFallback: true)
    }

    /// The fonts after the primary one as they were given (two chains with the same primary font
    /// and identity give the same fonts): the fixed fallbacks, nil for Chromium's default font,
    /// and whether the system's fallback follows.
    struct Identity: Hashable {
        var fixedFallbacks: [FontReference]?
        var usesSystemFallback: Bool
    }
    let identity: Identity

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

    /// The fonts to try, in turn, for one run of text (a script run, or its part in emoji
    /// presentation), as Chromium's FontFallbackIterator gives them to HarfBuzzShaper; `faces`
    /// keeps this chain's answers for a thread that asks again and again.
    func fonts(emojiPresentation: Bool = false, faces: FallbackFaces? = nil) -> FallbackIterator {
        FallbackIterator(faces: faces ?? FallbackFaces(chain: self), emojiPresentation: emojiPresentation)
    }

    /// Chromium's FontFallbackIterator. Each font is tried on all the text still without a font
    /// (HarfBuzzShaper's reshape queue), and the next one is chosen for that text's hint:
    /// 1. the primary font, then the fixed fallbacks (Chromium's default font);
    /// 2. for text in emoji presentation, once, the font of `emojiFallbackHint`;
    /// 3. fontconfig's font for the hint: the first character with a definite script (not Common
    ///    or Inherited) of the text still without a font ("விக்" asks for வ, which brings Noto
    ///    Sans Grantha), else its first character (Blink's `ChooseHintIndex` in
    ///    font_fallback_iterator.cc). One hint is asked, once (`UniqueSystemFontForHintList`):
    ///    when it was asked before, or its font was tried already, fallback gives up. So a keycap
    ///    without U+FE0F, "9\u{20E3}" in DejaVu Sans, asks for "9", gets DejaVu Sans back, and
    ///    keeps the keycap mark as DejaVu Sans's .notdef box (and its line DejaVu Sans's height)
    ///    rather than taking it from Noto Sans Symbols2 (issue 32, item 4);
    /// then nothing: the text keeps the primary font's .notdef boxes. A font is never given twice.
    /// Chromium tries one more font before giving up, its last resort (fontconfig's default font,
    /// Noto Sans), which can only draw what fontconfig finds no font for: control characters such
    /// as CR, which Chromium's line layout never shapes (a CR is zero-width and never taller in
    /// Chromium, while Noto Sans has a glyph for it). So it is left out.
    struct FallbackIterator {
        let faces: FallbackFaces
        let emojiPresentation: Bool
        private var stage = Stage.fontGroup(0)
        private var returned: [FontFace] = []
        private var askedHints: Set<UInt32> = []

        private enum Stage { case fontGroup(Int), emoji, system, done }

        init(faces: FallbackFaces, emojiPresentation: Bool) {
            self.faces = faces
            self.emojiPresentation = emojiPresentation
        }

        /// The next font for text whose first characters are `hints` (in order, up to and
        /// including the first one of a definite script, `definiteHint`), nil when none is left.
        mutating func next(hints: [UInt32], definiteHint: UInt32?) -> FontFace? {
            while true {
                switch stage {
                case .fontGroup(let index):
                    let group = faces.group
                    if index < group.count {
                        stage = .fontGroup(index + 1)
                        if unique(group[index]) { return group[index] }
                        continue
                    }
                    stage = !faces.chain.usesSystemFallback ? .done : emojiPresentation ? .emoji : .system
                case .emoji:
                    stage = .system
                    if let face = faces.systemFace(for: FontFallbackChain.emojiFallbackHint), unique(face) { return face }
                case .system:
                    guard let hint = definiteHint ?? hints.first, !askedHints.contains(hint) else {
                        stage = .done
                        continue
                    }
                    askedHints.insert(hint)
                    if let face = faces.systemFace(for: hint), unique(face) { return face }
                case .done:
                    return nil
                }
            }
        }

        /// Whether `face` was not given before (it is then recorded as given).
        private mutating func unique(_ face: FontFace) -> Bool {
            guard !returned.contains(where: { $0 === face }) else { return false }
            returned.append(face)
            return true
        }
    }

    func systemFace(for codePoint: UInt32) -> FontFace? {
        guard let reference = FontLocator.shared.fallbackFont(for: codePoint) else { return nil }
        return face(for: reference)
    }

    /// The face of `reference`: the primary font or a fixed fallback when it is one of them, else
    /// a face loaded once for this chain.
    func face(for reference: FontReference) -> FontFace? {
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
