import CellHeightEngine

/// The layout engines of a template's labels.
package struct LabelEngines {
    /// One per label, in label order; engines are not thread-safe, so use them on one thread.
    package let engines: [TextLayoutEngine]
}

/// Opens each label's font and makes its layout engine. Labels with the same font, size and line
/// height share one engine (and labels with the same font share its opened faces).
///
/// - Parameters:
///   - fallbackSpecs: `--fallback`'s fonts, used by every label; nil for Chromium's chain.
///   - fontError: turns a problem with label `index`'s own font into the error to throw (a
///     template names the label's JSON path); problems with the fallback fonts are thrown as they are.
package func makeLabelEngines(for labels: [LabelTemplate], fallbackSpecs: [String]?, whiteSpace: WhiteSpace,
                             fontError: (_ index: Int, CellHeightError) -> CellHeightError = { $1 }) throws
    -> LabelEngines {
    struct EngineKey: Hashable {
        var font: String
        var size: Double
        var lineHeight: String
    }
    var setups: [String: FontSetup] = [:]
    var engines: [EngineKey: TextLayoutEngine] = [:]
    let labelEngines = try labels.enumerated().map { index, label in
        let key = EngineKey(font: label.font, size: label.fontSize, lineHeight: label.lineHeight.description)
        if let engine = engines[key] { return engine }
        let setup: FontSetup
        if let cached = setups[label.font] {
            setup = cached
        } else {
            // Open the label's own font first, so that its errors are told apart from the fallbacks'.
            do {
                try checkFontOpens(label.font)
            } catch let error as CellHeightError {
                throw fontError(index, error)
            }
            setup = try translatingEngineErrors { try FontSetup(fontSpec: label.font, fallbackSpecs: fallbackSpecs) }
            setups[label.font] = setup
        }
        let engine = try translatingEngineErrors {
            try TextLayoutEngine(chain: setup.chain, fontSize: label.fontSize, lineHeight: label.lineHeight,
                                 whiteSpace: whiteSpace)
        }
        engines[key] = engine
        return engine
    }
    return LabelEngines(engines: labelEngines)
}

/// Finds and opens a font as `--font` takes it (a path, `path#N`, or a family name), to report a
/// problem with it before anything is measured.
///
/// - Throws: `CellHeightError.font` when it cannot be found or used.
package func checkFontOpens(_ spec: String) throws {
    try translatingEngineErrors {
        let reference = try FontLocator.resolve(spec)
        _ = try FontFace(path: reference.path, faceIndex: reference.faceIndex)
    }
}
