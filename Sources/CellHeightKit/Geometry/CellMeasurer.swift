/// Why a template cannot be measured at a width.
public enum CellGeometryError: Error, Equatable, Sendable {
    /// At `cellWidth` px the padding and insets leave label `label` a text width of `textWidth` px,
    /// which is not positive.
    case noRoomForText(label: Int, cellWidth: Double, textWidth: Double)
}

/// Measures rows as cells of a template at several widths: each label's text is prepared once
/// (shaping, break analysis), then wrapped at the label's width in each cell width.
public final class CellMeasurer {
    public let template: CellTemplate
    /// Cell widths in px, e.g. [320, 375, 414].
    public let widths: [Double]
    /// Whether label layouts keep their line boxes (for `--explain`).
    public let details: Bool
    /// The layout engine of each label (labels with the same font, size and line height may share one).
    private let engines: [TextLayoutEngine]

    /// - Parameter engines: one per template label, in order (see `makeLabelEngines`).
    /// - Throws: `CellGeometryError.noRoomForText` when a width leaves a label no room.
    public init(template: CellTemplate, engines: [TextLayoutEngine], widths: [Double],
                details: Bool = false) throws(CellGeometryError) {
        precondition(engines.count == template.labels.count, "one engine per label")
        for width in widths {
            for index in template.labels.indices {
                let textWidth = template.textWidth(ofLabel: index, cellWidth: width)
                guard textWidth > 0 else {
                    throw .noRoomForText(label: index, cellWidth: width, textWidth: textWidth)
                }
            }
        }
        self.template = template
        self.engines = engines
        self.widths = widths
        self.details = details
    }

    public func measure(_ row: Row) -> MeasuredCell {
        let prepared: [PreparedText?] = template.labels.indices.map { index in
            let text = row.value(ofField: template.labels[index].field) ?? ""
            return template.hidesLabel(showing: text) ? nil : engines[index].prepare(text)
        }
        let results = widths.map { width in
            let labels = template.labels.indices.map { index in
                measureLabel(index, prepared[index], textWidth: template.textWidth(ofLabel: index, cellWidth: width))
            }
            return CellLayout(width: width, height: template.cellHeight(labels: labels), labels: labels)
        }
        return MeasuredCell(row: row, results: results)
    }

    public func measure(_ rows: [Row]) -> [MeasuredCell] { rows.map(measure) }

    private func measureLabel(_ index: Int, _ prepared: PreparedText?, textWidth: Double) -> LabelLayout {
        let label = template.labels[index]
        guard let prepared else { return label.hiddenLayout(textWidth: textWidth) }
        let engine = engines[index]
        let layout = engine.layout(prepared, width: textWidth, details: details)
        let visibleHeight = label.lineLimit.visibleHeight(of: layout) {
            details ? layout.lines : engine.layout(prepared, width: textWidth, details: true).lines
        }
        return label.layout(showing: layout, visibleHeight: visibleHeight, rounding: template.rounding)
    }
}
