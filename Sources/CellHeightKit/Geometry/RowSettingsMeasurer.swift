import CellHeightEngine

/// Measures rows that each come with their own settings (font, size, line height, widths, budget
/// and text rewriting, see `RowSettings`): one `CellMeasurer` per distinct font, size, line height and widths,
/// made the first time a row needs it. Rows with the base settings use the measurer made up front.
///
/// Not thread-safe (its engines are not): `ParallelCellMeasurer` gives each worker its own.
package final class RowSettingsMeasurer {
    /// The cell every row is measured as; a single-text cell's label takes each row's font.
    package let baseCell: CellTemplate
    /// Whether the cell is a template's (labels keep their own fonts; rows change widths and budgets only).
    package let isTemplate: Bool
    private let fallbackSpecs: [String]?
    private let whiteSpace: WhiteSpace
    private let details: Bool
    private var measurers: [MeasurerKey: CellMeasurer] = [:]
    /// The base settings' budget, text rewriting, whether untranslated rows are checked, and measurer.
    private let base: (budget: Budget, text: TextRewriting, skipsUntranslated: Bool, measurer: CellMeasurer)
    /// The base cell's engines.
    private let baseEngines: [TextLayoutEngine]
    /// The fields the labels show, which text rewriting applies to.
    private let labelFields: [String]
    /// The settings of the row measured last, their measurer and their own font (see `ownFonts`).
    /// (Settings share their values: copying and comparing them costs a reference count.)
    private var last: (settings: RowSettings, measurer: CellMeasurer, ownFont: RowFont?)?
    /// Engines by font, size and line height, shared by measurers of different widths.
    private var engines: [EngineKey: [TextLayoutEngine]] = [:]
    /// The font of the base settings' text, and the fonts of other settings that lay it out in
    /// another (see `MeasuredCell.ownFont`); none for a template.
    private let baseFont: RowFont?
    private var ownFonts: [EngineKey: RowFont] = [:]

    private struct EngineKey: Hashable {
        var font: String
        var fontSize: Double
        var lineHeight: LineHeight
    }

    private struct MeasurerKey: Hashable {
        var engine: EngineKey
        var widths: [Double]
    }

    /// - Parameters:
    ///   - engines: the base cell's engines (see `makeLabelEngines`), used for rows with `base`'s font.
    ///   - base: the settings rows start from; its widths are checked here.
    /// - Throws: `CellGeometryError.noRoomForText` when a base width leaves a label no room.
    package init(cell: CellTemplate, isTemplate: Bool, engines: [TextLayoutEngine], base: RowSettings,
                fallbackSpecs: [String]?, whiteSpace: WhiteSpace, details: Bool) throws {
        self.baseCell = cell
        self.isTemplate = isTemplate
        self.fallbackSpecs = fallbackSpecs
        self.whiteSpace = whiteSpace
        self.details = details
        let baseMeasurer = try CellMeasurer(template: cell, engines: engines, widths: base.widths, details: details)
        self.base = (base.budget, base.text, base.skipsUntranslated, baseMeasurer)
        self.labelFields = cell.labels.map(\.field)
        baseEngines = engines
        baseFont = isTemplate ? nil : engines.first.map(RowFont.init)
        let key = measurerKey(base)
        self.engines[key.engine] = engines
        measurers[key] = baseMeasurer
    }

    /// The fonts other than their own that drew a character for the base cell's labels (rows in
    /// their own fonts aside), in the order they first did.
    package var fallbackFontsUsed: [FontReference] {
        var fonts: [FontReference] = []
        for engine in baseEngines {
            fonts += engine.fallbackFontsUsed.filter { !fonts.contains($0) }
        }
        return fonts
    }

    /// Opens what rows with `settings` need, so that `measure` cannot fail.
    ///
    /// - Throws: `CellHeightError.font` for a font that cannot be used, `CellGeometryError` for a
    ///   width that leaves no room for the text.
    package func prepare(_ settings: RowSettings) throws {
        let key = measurerKey(settings)
        guard measurers[key] == nil else { return }
        let cell = self.cell(for: settings)
        let labelEngines: [TextLayoutEngine]
        if let known = engines[key.engine] {
            labelEngines = known
        } else {
            labelEngines = try makeLabelEngines(for: cell.labels, fallbackSpecs: fallbackSpecs, whiteSpace: whiteSpace).engines
            engines[key.engine] = labelEngines
            if let baseFont, let font = labelEngines.first.map(RowFont.init), font != baseFont { ownFonts[key.engine] = font }
        }
        measurers[key] = try CellMeasurer(template: cell, engines: labelEngines, widths: settings.widths, details: details)
    }

    /// The measurer of rows with the base settings.
    package var baseMeasurer: CellMeasurer { base.measurer }

    /// The row measured with its settings and checked against their budget (`prepare` first).
    /// `settings` nil stands for the base settings.
    package func measure(_ row: Row, settings: RowSettings?) -> MeasuredCell {
        // The text as the user sees it (the cell then holds it, for reports and messages).
        // (Two calls, not `let row = changes ? rewritten : row`, which copies every row: four
        // references counted up and down.)
        let rewriting = settings?.text ?? base.text
        if rewriting.changes(textOf: row.placeholders) {
            return measureAsShown(row.rewritten(by: rewriting, fields: labelFields), settings: settings)
        }
        return measureAsShown(row, settings: settings)
    }

    /// `measure` of a row whose text is as the user sees it.
    private func measureAsShown(_ row: Row, settings: RowSettings?) -> MeasuredCell {
        let budget = settings?.budget ?? base.budget
        // An untranslated row left out of the check is measured without its budget, and says so.
        let (measurer, ownFont) = measurer(for: settings)
        var cell: MeasuredCell
        if budget.isLimited && (settings?.skipsUntranslated ?? base.skipsUntranslated) && row.isUntranslated {
            cell = measurer.measure(row, budget: .none)
            cell.skipsUntranslatedCheck = true
        } else {
            cell = measurer.measure(row, budget: budget)
        }
        cell.ownFont = ownFont
        return cell
    }

    /// The measurer of rows with `settings` (nil: the base settings), and the font they are laid
    /// out in when it is not the base's.
    private func measurer(for settings: RowSettings?) -> (CellMeasurer, RowFont?) {
        guard let settings else { return (base.measurer, nil) }
        // Rows mostly share their settings (copies of one value, compared in a few instructions):
        // the last measurer is kept so that a row costs no hashing of its settings.
        if let last, last.settings == settings { return (last.measurer, last.ownFont) }
        let key = measurerKey(settings)
        guard let measurer = measurers[key] else {
            preconditionFailure("RowSettingsMeasurer.prepare was not called for these settings")
        }
        last = (settings, measurer, ownFonts[key.engine])
        return (measurer, last!.ownFont)
    }

    /// The name of the primary font rows with `settings` are laid out in, e.g. "DejaVu Sans" (for
    /// messages; the first label's for a template).
    package func fontFamily(for settings: RowSettings?) -> String? {
        guard let settings else { return base.measurer.primaryFontFamily }
        return engines[measurerKey(settings).engine]?.first?.chain.primary.familyName
    }

    private func measurerKey(_ settings: RowSettings) -> MeasurerKey {
        // A template's labels have their own fonts: only the widths tell its measurers apart.
        let engine = isTemplate ? EngineKey(font: "", fontSize: 0, lineHeight: .normal)
                                : EngineKey(font: settings.font, fontSize: settings.fontSize, lineHeight: settings.lineHeight)
        return MeasurerKey(engine: engine, widths: settings.widths)
    }

    private func cell(for settings: RowSettings) -> CellTemplate {
        guard !isTemplate else { return baseCell }
        var cell = baseCell
        cell.labels[0].font = settings.font
        cell.labels[0].fontSize = settings.fontSize
        cell.labels[0].lineHeight = settings.lineHeight
        return cell
    }
}
