/// Opens the fonts a run needs from what the user typed: the primary font and its fallback chain.
public struct FontSetup {
    public let chain: FontFallbackChain

    /// `fontSpec` is a file path, `path#N` or a family name; `fallbackSpecs` (from `--fallback`),
    /// when given, replaces Chromium's chain (its default font, then fontconfig per character).
    public init(fontSpec: String, fallbackSpecs: [String]?) throws {
        let primaryReference = try FontLocator.resolve(fontSpec)
        let primary = try FontFace(path: primaryReference.path, faceIndex: primaryReference.faceIndex)
        if let fallbackSpecs {
            let faces = try fallbackSpecs.map { spec -> FontFace in
                let reference = try FontLocator.resolve(spec)
                return try FontFace(path: reference.path, faceIndex: reference.faceIndex)
            }
            chain = FontFallbackChain(primary: primary, fixedFallbacks: faces, usesSystemFallback: false)
        } else {
            chain = FontFallbackChain.chromiumDefault(primary: primary)
        }
    }

    /// The fallback font files in the order they are tried (fontconfig's per-character choices,
    /// which depend on the text, are not listed).
    public var fallbackPaths: [String] {
        chain.fixedFallbacks.map { FontReference(path: $0.path, faceIndex: $0.faceIndex).description }
    }
}
