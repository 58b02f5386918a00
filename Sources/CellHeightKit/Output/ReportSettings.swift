/// The settings a result was measured with, echoed in every output so a result can be reproduced.
package struct ReportSettings: Equatable, Sendable {
    /// What each row was measured as: its text in one font, or a template's labels.
    package var subject: ReportSubject
    /// Cell widths in px (the content width for bare text), e.g. [320, 375, 414].
    package var widths: [Double]
    /// "pre-wrap" (default) or "normal".
    package var whiteSpace: String
    /// Fallback font files, in the order they are tried, e.g. ["/usr/share/fonts/…/LiberationSerif-Regular.ttf"].
    package var fallbackFonts: [String]
    /// Where the rows came from, e.g. "fixtures/sample.txt" or "<stdin>".
    package var inputName: String
    /// The budget every row starts from (`--max-lines`, `--max-height`).
    package var budget: Budget = .none
    /// The rules file rows were checked with (`--rules`); nil for none.
    package var rulesFile: FileReference?
    /// What the rules file sets per row, of "font", "size" and "width", in that order: the
    /// settings above are then the command line's, which those rows do not use, and each row says
    /// what it was measured with (see `RowMeasurement`). Empty without rules or when they set none.
    package var setByRules: [String] = []
    /// Which of the rows' file, text and locale the report shows (see `RowIdentityColumns`).
    package var identity = RowIdentityColumns()
    /// In a run at several sizes (`--size 14,17,20`), the text's font at each size, in order (the
    /// subject's font is the first); empty for a run at one size. Each row then has a result per
    /// size and width: each size's widths in turn (see `Report.columns`).
    package var sizeFonts: [FontSettings] = []
    /// What each of `sizeFonts` stands for (a category, a font scale), or nils for sizes given as such.
    package var sizeLabels: [SizeLabel?] = []

    package init(subject: ReportSubject, widths: [Double], whiteSpace: String = "pre-wrap",
                fallbackFonts: [String] = [], inputName: String) {
        self.subject = subject
        self.widths = widths
        self.whiteSpace = whiteSpace
        self.fallbackFonts = fallbackFonts
        self.inputName = inputName
    }

    /// Settings for bare text (no cell geometry) in one font.
    package init(fontPath: String, fontFaceIndex: Int = 0, fontFamily: String, fontSHA256: String,
                fontSize: Double, widths: [Double], lineHeight: String, lineHeightPixels: Double,
                whiteSpace: String = "pre-wrap", fallbackFonts: [String] = [], inputName: String) {
        let font = FontSettings(fontPath: fontPath, fontFaceIndex: fontFaceIndex, fontFamily: fontFamily,
                                fontSHA256: fontSHA256, fontSize: fontSize, lineHeight: lineHeight,
                                lineHeightPixels: lineHeightPixels)
        self.init(subject: .text(font, cell: nil), widths: widths, whiteSpace: whiteSpace,
                  fallbackFonts: fallbackFonts, inputName: inputName)
    }
}

/// What the rows were measured as.
package enum ReportSubject: Equatable, Sendable {
    /// Each row's `text` in one font. `cell` is the one-label cell around it when a geometry option
    /// (`--padding`, `--min-height`, `--separator`, `--max-lines`, `--round`) was given; nil for bare
    /// text, whose height is the text's height and whose reports look as they always have.
    case text(FontSettings, cell: CellTemplate?)
    /// The labels of a template file (`file` as given, with its SHA-256), each in its font, in label order.
    case template(CellTemplate, file: String, sha256: String, fonts: [FontSettings])

    /// The cell template the rows were measured with; nil for bare text.
    var cell: CellTemplate? {
        switch self {
        case .text(_, let cell): return cell
        case .template(let template, _, _, _): return template
        }
    }
}

/// A font a text or label was laid out in.
package struct FontSettings: Equatable, Sendable {
    /// Path of the primary font file, e.g. "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf".
    package var fontPath: String
    /// Face index inside a collection (`path#N`), 0 for plain font files.
    package var fontFaceIndex: Int
    /// Family name of the primary font, e.g. "DejaVu Sans".
    package var fontFamily: String
    /// Hex SHA-256 of the primary font file, e.g. "7d1f…".
    package var fontSHA256: String
    /// Font size in CSS px, e.g. 16 or 13.5.
    package var fontSize: Double
    /// The line height as given, e.g. "normal", "20px", "1.4".
    package var lineHeight: String
    /// The line height in px: the fixed value (floored to 1/64 px) or the primary font's `normal` value.
    package var lineHeightPixels: Double

    package init(fontPath: String, fontFaceIndex: Int = 0, fontFamily: String, fontSHA256: String, fontSize: Double,
                lineHeight: String, lineHeightPixels: Double) {
        self.fontPath = fontPath
        self.fontFaceIndex = fontFaceIndex
        self.fontFamily = fontFamily
        self.fontSHA256 = fontSHA256
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.lineHeightPixels = lineHeightPixels
    }
}

/// A file a result depends on, e.g. a rules file: its path as given and its SHA-256 (hex).
package struct FileReference: Equatable, Sendable {
    package var path: String
    package var sha256: String

    package init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }
}
