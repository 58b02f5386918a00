/// The settings a result was measured with, echoed in every output so a result can be reproduced.
public struct ReportSettings: Equatable, Sendable {
    /// Path of the primary font file, e.g. "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf".
    public var fontPath: String
    /// Face index inside a collection (`path#N`), 0 for plain font files.
    public var fontFaceIndex: Int
    /// Family name of the primary font, e.g. "DejaVu Sans".
    public var fontFamily: String
    /// Hex SHA-256 of the primary font file, e.g. "7d1f…".
    public var fontSHA256: String
    /// Font size in CSS px, e.g. 16 or 13.5.
    public var fontSize: Double
    /// Content widths in px, e.g. [320, 375, 414].
    public var widths: [Double]
    /// The line height as given, e.g. "normal", "20px", "1.4".
    public var lineHeight: String
    /// The line height in px: the fixed value (floored to 1/64 px) or the primary font's `normal` value.
    public var lineHeightPixels: Double
    /// "pre-wrap" (default) or "normal".
    public var whiteSpace: String
    /// Fallback font files, in the order they are tried, e.g. ["/usr/share/fonts/…/LiberationSerif-Regular.ttf"].
    public var fallbackFonts: [String]
    /// Where the rows came from, e.g. "fixtures/sample.txt" or "<stdin>".
    public var inputName: String

    public init(fontPath: String, fontFaceIndex: Int = 0, fontFamily: String, fontSHA256: String,
                fontSize: Double, widths: [Double], lineHeight: String, lineHeightPixels: Double,
                whiteSpace: String = "pre-wrap", fallbackFonts: [String] = [], inputName: String) {
        self.fontPath = fontPath
        self.fontFaceIndex = fontFaceIndex
        self.fontFamily = fontFamily
        self.fontSHA256 = fontSHA256
        self.fontSize = fontSize
        self.widths = widths
        self.lineHeight = lineHeight
        self.lineHeightPixels = lineHeightPixels
        self.whiteSpace = whiteSpace
        self.fallbackFonts = fallbackFonts
        self.inputName = inputName
    }
}
