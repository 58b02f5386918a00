import Foundation

/// The settings a drawn report (`html`, `svg`) states in its header, as (name, value) pairs in
/// reading order, e.g. ("font", "/usr/share/fonts/…/DejaVuSans.ttf (DejaVu Sans)").
func settingsSummary(_ report: Report) -> [(name: String, value: String)] {
    let settings = report.settings
    var items: [(name: String, value: String)] = []
    if case .template(_, let file, let sha256, _) = settings.subject {
        items.append(("template", file))
        items.append(("template SHA-256", sha256))
    }
    for (index, font) in settings.subject.fonts.enumerated() {
        let prefix = report.showsLabels ? report.fields[index] + " " : ""
        let face = font.fontFaceIndex == 0 ? "" : " face \(font.fontFaceIndex)"
        items.append((prefix + "font", "\(font.fontPath)\(face) (\(font.fontFamily))"))
        items.append((prefix + "font SHA-256", font.fontSHA256))
        // At several sizes: each size, and the line height at each (at categories or font scales,
        // which first, and the line heights as each gives it: a text style's leading).
        let sized = settings.sizeFonts.isEmpty ? [font] : settings.sizeFonts
        let labels = settings.sizeLabels.compactMap { $0 }
        if let column = sizeLabelColumn(labels) {
            items.append((prefix + (column == "category" ? "categories" : "font scales"),
                          labels.map(\.value).joined(separator: ", ")))
        }
        items.append((prefix + (sized.count == 1 ? "size" : "sizes"), sized.map { formatPixels($0.fontSize) }.joined(separator: ", ") + " px"))
        let pixels = sized.map { formatPixels($0.lineHeightPixels) }.joined(separator: ", ") + " px"
        items.append((prefix + (sized.count == 1 ? "line height" : "line heights"),
                      font.lineHeight == pixels.replacingOccurrences(of: " ", with: "") || !labels.isEmpty
                        ? pixels : "\(font.lineHeight) (\(pixels))"))
    }
    items.append((settings.widths.count == 1 ? "width" : "widths",
                   settings.widths.map(formatPixels).joined(separator: ", ") + " px"))
    if let cell = settings.subject.cell {
        let padding = [cell.padding.top, cell.padding.right, cell.padding.bottom, cell.padding.left]
        if padding != [0, 0, 0, 0] { items.append(("padding", padding.map(formatPixels).joined(separator: " ") + " px")) }
        if cell.minHeight > 0 { items.append(("min height", formatPixels(cell.minHeight) + " px")) }
        if cell.separator > 0 { items.append(("separator", formatPixels(cell.separator) + " px")) }
        if case .text = settings.subject, cell.labels[0].lineLimit.isLimited {
            items.append(("lines shown", String(cell.labels[0].lineLimit.maxLines)))
        }
        if cell.rounding != .none { items.append(("round", cell.rounding.rawValue)) }
    }
    if let lines = settings.budget.maxLines { items.append(("line budget", String(lines))) }
    if let height = settings.budget.maxHeight { items.append(("height budget", formatPixels(height) + " px")) }
    if let rules = settings.rulesFile { items.append(("rules", rules.path)) }
    items.append(("white-space", settings.whiteSpace))
    if !settings.fallbackFonts.isEmpty { items.append(("fallback fonts", settings.fallbackFonts.joined(separator: ", "))) }
    items.append(("input", settings.inputName))
    if let date = report.options.date {
        items.append(("date", ISO8601DateFormatter().string(from: date)))
    }
    return items
}
