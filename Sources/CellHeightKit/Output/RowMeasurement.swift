/// What one row was measured with when a rules file sets the font, size or width per row
/// (`ReportSettings.setByRules`): reports then name it on every row (json and ndjson "font",
/// "size" and "width"; csv columns; the html and svg rows' headings), as the run's settings are
/// no longer every row's.
struct RowMeasurement: Equatable {
    /// The font's family, e.g. "Noto Sans CJK JP".
    var font: String
    /// The font size in px, e.g. 14.
    var size: Double

    /// The row's font and size; nil when the rules set neither the font nor the size, or for a template's rows.
    /// (Borrowed: an initializer takes its arguments owned, and the caller then copied the whole
    /// report, a reference count per array, for every row written.)
    init?(_ report: borrowing Report, rowIndex: Int) {
        guard report.settings.setByRules.contains(where: { $0 == "font" || $0 == "size" }),
              case .text(let base, _) = report.settings.subject else { return nil }
        let own = report.cells[rowIndex].ownFont
        font = own?.fontFamily ?? base.fontFamily
        size = own?.fontSize ?? base.fontSize
    }

    /// E.g. "Noto Sans CJK JP 14 px".
    var text: String { "\(font) \(formatPixels(size)) px" }
}

extension Report {
    /// Whether every row says its width (a rules file sets widths per row).
    var rowsSayWidth: Bool { settings.setByRules.contains("width") }
}
