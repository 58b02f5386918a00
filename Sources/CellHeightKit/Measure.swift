// A program that imports CellHeightKit gets the engine's types too (`TextLayout`, `LineHeight`,
// `TextLayoutEngine`, `FontFace`...): the kit's API takes and returns them.
@_exported import CellHeightEngine

/// The height of a text as Chromium lays it out in a box of a given width, in one call:
///
/// ```swift
/// let layout = try measure("Zur Arbeitsfläche 12 wechseln", font: "DejaVu Sans", size: 12, width: 98,
///                          lineHeight: .pixels(16))
/// // layout.lineCount == 3, layout.height == 48
/// ```
///
/// Each call opens the font (and Chromium's fallback chain) again; to measure many texts with one
/// font, keep a `TextMeasurer`.
///
/// - Parameters:
///   - text: the text, its newlines kept as line breaks (CSS `white-space: pre-wrap`, unless
///     `whiteSpace` says otherwise).
///   - font: a font file path (`path#N` for a face in a collection) or a family name fontconfig
///     knows, e.g. "DejaVu Sans" or "sans-serif".
///   - size: the font size in CSS px, above 0.
///   - width: the box's content width in CSS px.
///   - lineHeight: CSS `line-height`: `.normal` (the font's own), `.pixels(20)` or `.multiple(1.4)`.
///   - whiteSpace: CSS `white-space`: `.preWrap` keeps spaces and newlines, `.normal` collapses them.
/// - Returns: the layout: its line count, its height in px and its line boxes.
/// - Throws: `CellHeightError.font` when the font cannot be found or opened;
///   `CellHeightError.usage` for a size or width that is not a number of px in range.
public func measure(_ text: String, font: String, size: Double, width: Double, lineHeight: LineHeight = .normal,
                    whiteSpace: WhiteSpace = .preWrap) throws -> TextLayout {
    try TextMeasurer(font: font, size: size, lineHeight: lineHeight, whiteSpace: whiteSpace).measure(text, width: width)
}

/// Measures texts in one font, size and line height, at any width: the font and its fallback chain
/// are opened once, and what was worked out for a text (its shaping and break opportunities) is
/// kept for the next width.
public final class TextMeasurer {
    private let engine: TextLayoutEngine

    /// - Throws: `CellHeightError.font` when the font cannot be found or opened;
    ///   `CellHeightError.usage` for a size that is not above 0 (and at most 10,000 px).
    public init(font: String, size: Double, lineHeight: LineHeight = .normal,
                whiteSpace: WhiteSpace = .preWrap) throws {
        guard size.isFinite, size > 0, size <= CellTemplate.maximumFontSize else {
            throw CellHeightError.usage("a font size must be a number of px above 0 and at most "
                                        + "\(formatPixels(CellTemplate.maximumFontSize)), got \(size)")
        }
        engine = try translatingEngineErrors {
            let fonts = try FontSetup(fontSpec: font, fallbackSpecs: nil)
            return try TextLayoutEngine(chain: fonts.chain, fontSize: size, lineHeight: lineHeight,
                                        whiteSpace: whiteSpace)
        }
    }

    /// The layout of `text` in a box `width` px wide: its line count, height and line boxes.
    ///
    /// - Throws: `CellHeightError.usage` for a width that is not a number of px from 0 to 1,000,000.
    public func measure(_ text: String, width: Double) throws -> TextLayout {
        guard width.isFinite, width >= 0, width <= CellTemplate.maximumWidth else {
            throw CellHeightError.usage("a width must be a number of px from 0 to "
                                        + "\(formatPixels(CellTemplate.maximumWidth)), got \(width)")
        }
        return engine.layout(engine.prepare(text), width: width)
    }
}
