/// The fallback chain's answers as one thread has had them: the fonts every run tries first (the
/// primary font and the fixed fallbacks) and the system's font for each code point asked about.
///
/// The chain is shared by threads and answers under its locks (and the font locator's, and
/// fontconfig's on a code point's first question): the fallback loop asks it for every run, so on
/// multilingual rows those questions were a tenth of the instructions. A shaper keeps one of these
/// and asks the chain once per answer. The answers never change during a run, so keeping them
/// changes nothing but the cost. Not thread-safe: one per shaper.
final class FallbackFaces {
    let chain: FontFallbackChain
    private var knownGroup: [FontFace]?
    /// nil for a code point no font has (fontconfig asked once).
    private var systemFaces: [UInt32: FontFace?] = [:]

    init(chain: FontFallbackChain) { self.chain = chain }

    /// The primary font, then the fixed fallbacks (looked up when first asked for, as the chain does).
    var group: [FontFace] {
        if let knownGroup { return knownGroup }
        let group = [chain.primary] + chain.fixedFallbacks
        knownGroup = group
        return group
    }

    /// `FontFallbackChain.systemFace(for:)`, asked once per code point.
    func systemFace(for codePoint: UInt32) -> FontFace? {
        if let known = systemFaces[codePoint] { return known }
        let face = chain.systemFace(for: codePoint)
        systemFaces[codePoint] = face
        return face
    }
}
