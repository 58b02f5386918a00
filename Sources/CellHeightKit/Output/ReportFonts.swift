import Foundation

/// The fonts a drawn report (`html`, `svg`) loads: one `@font-face` per distinct font file, named
/// `cellheight-0`, `cellheight-1`, …, so the page draws with the very files cellheight measured,
/// never with a same-named system font.
struct ReportFonts {
    struct Face {
        /// The `font-family` name of the `@font-face`, e.g. "cellheight-0".
        var cssFamily: String
        var font: FontSettings
    }

    /// The distinct font files, in the order labels (then rows) first use them.
    var faces: [Face] = []
    /// Per template label: the index of its face in `faces`.
    var labelFaces: [Int] = []
    /// Per template label: its font, size and line height; in a run at several sizes, the text's
    /// at each size; then the fonts rows have of their own (a drawn label's
    /// `CellDrawing.Label.font` says which).
    var labelFonts: [FontSettings]

    /// Per font of a row laid out in its own (`MeasuredCell.ownFont`): its index in `labelFonts`,
    /// after the labels' fonts.
    private(set) var rowFontIndices: [RowFont: Int] = [:]

    init(_ settings: ReportSettings, cells: [MeasuredCell] = []) {
        labelFonts = settings.sizeFonts.isEmpty ? settings.subject.fonts : settings.sizeFonts
        // Rows in fonts of their own (a run at one size: at several, each size's font is drawn,
        // but at a category or font scale each result's own, a rule's text style there).
        let ownFonts = settings.sizeFonts.isEmpty ? cells.lazy.compactMap(\.ownFont)
            : cells.lazy.flatMap { $0.results.lazy.compactMap(\.ownFont) }
        for font in ownFonts {
            guard rowFontIndices[font] == nil else { continue }
            rowFontIndices[font] = labelFonts.count
            labelFonts.append(FontSettings(fontPath: font.fontPath, fontFaceIndex: font.fontFaceIndex,
                                           fontFamily: font.fontFamily, fontSHA256: "", fontSize: font.fontSize,
                                           lineHeight: font.lineHeight.description, lineHeightPixels: 0))
        }
        for font in labelFonts {
            if let index = faces.firstIndex(where: { $0.font.fontPath == font.fontPath }) {
                labelFaces.append(index)
            } else {
                labelFaces.append(faces.count)
                faces.append(Face(cssFamily: "cellheight-\(faces.count)", font: font))
            }
        }
    }

    /// The `@font-face` rules, one per line: the font embedded as a base64 data URL when
    /// `embedded` holds its file's bytes, otherwise referenced by its file URL.
    func fontFaceRules(embedded: [String: [UInt8]]) -> String {
        faces.map { face in
            let source: String
            if let bytes = embedded[face.font.fontPath] {
                source = "data:font/\(fontFormat(face.font.fontPath));base64," + Data(bytes).base64EncodedString()
            } else {
                source = URL(fileURLWithPath: face.font.fontPath).absoluteString
            }
            return "@font-face { font-family: \"\(face.cssFamily)\"; src: url(\"\(source)\"); }\n"
        }.joined()
    }

    /// The CSS `font` of label `index`'s text: size, line height as given, and its face, e.g.
    /// `16px/normal "cellheight-0"`.
    func cssFont(ofLabel index: Int) -> String {
        let font = labelFonts[index]
        return "\(formatPixels(font.fontSize))px/\(font.lineHeight) \"\(faces[labelFaces[index]].cssFamily)\""
    }
}

/// "otf" for `.otf` and `.otc` files, "ttf" otherwise (the data URL's media type).
private func fontFormat(_ path: String) -> String {
    let lowered = path.lowercased()
    return lowered.hasSuffix(".otf") || lowered.hasSuffix(".otc") ? "otf" : "ttf"
}

extension ReportSubject {
    /// The font of each label, in template order (one for a single text).
    package var fonts: [FontSettings] {
        switch self {
        case .text(let font, _): return [font]
        case .template(_, _, _, let fonts): return fonts
        }
    }
}

extension ReportFonts {
    /// The index in `labelFonts` of the font row `cell` was laid out in, when it has one of its own.
    func ownFontIndex(of cell: MeasuredCell) -> Int? {
        cell.ownFont.flatMap { rowFontIndices[$0] }
    }

    /// The index in `labelFonts` of a result's own font (at a category or font scale), if any.
    func ownFontIndex(of result: CellLayout) -> Int? {
        result.ownFont.flatMap { rowFontIndices[$0] }
    }
}
