import Foundation

/// Reads a template file (see "Templates" in docs/guide.md, and docs/schemas/template.schema.json).
///
/// The file is strict JSON, UTF-8. Every key is checked: unknown or repeated keys, values of the
/// wrong type, negative lengths and sizes that are not positive are errors, each naming its JSON
/// path, e.g. `$.labels[1].size`.
///
/// - Parameters:
///   - data: the file's bytes.
///   - file: the file's name for messages, e.g. "templates/basic-label.json".
/// - Throws: `CellHeightError.configSyntax` for bad JSON, `.invalidConfig` for a bad template.
package func parseCellTemplate(_ data: Data, file: String) throws -> CellTemplate {
    let text = try decodeConfigText(data, file: file)
    return try TemplateDecoder(file: file).cell(try parseConfigJSON(text, file: file))
}

/// The template's keys, for the decoder and for messages.
enum TemplateKeys {
    static let cell = ["description", "width", "padding", "minHeight", "separator", "round", "collapseEmpty", "labels"]
    static let label = ["field", "font", "size", "lineHeight", "insets", "numberOfLines", "height", "minHeight",
                        "spacingAfter"]
    static let insets = ["left", "right"]
}

/// Decodes parsed JSON into a `CellTemplate`, keeping track of where it is for messages.
private struct TemplateDecoder: ConfigDecoding {
    let file: String

    func cell(_ value: JSONValue) throws -> CellTemplate {
        let path = "$"
        let members = try self.members(of: value, at: path, allowedKeys: TemplateKeys.cell)
        if let description = members["description"] {
            _ = try string(description, at: memberPath(path, "description"))
        }
        guard let labelsValue = members["labels"] else { throw failure(path, "missing \"labels\"") }
        let labelsPath = memberPath(path, "labels")
        guard case .array(let labelValues) = labelsValue else {
            throw failure(labelsPath, "expected an array of labels, found \(labelsValue.kindDescription)")
        }
        guard !labelValues.isEmpty else { throw failure(labelsPath, "must hold at least one label") }
        var labels: [LabelTemplate] = []
        var fieldPaths: [String: String] = [:]
        for (index, labelValue) in labelValues.enumerated() {
            let labelPath = TemplatePath.label(index)
            let label = try self.label(labelValue, at: labelPath)
            if let earlier = fieldPaths[label.field] {
                throw failure(memberPath(labelPath, "field"), "\"\(label.field)\" is already the field of \(earlier)")
            }
            fieldPaths[label.field] = labelPath
            labels.append(label)
        }
        return CellTemplate(
            widths: try members["width"].map { try widths($0, at: memberPath(path, "width")) },
            padding: try members["padding"].map { try padding($0, at: memberPath(path, "padding")) } ?? .zero,
            minHeight: try members["minHeight"].map { try length($0, at: memberPath(path, "minHeight")) } ?? 0,
            separator: try members["separator"].map { try length($0, at: memberPath(path, "separator")) } ?? 0,
            rounding: try members["round"].map { try rounding($0, at: memberPath(path, "round")) } ?? .none,
            collapsesEmptyLabels: try members["collapseEmpty"].map { try bool($0, at: memberPath(path, "collapseEmpty")) }
                ?? true,
            labels: labels)
    }

    func label(_ value: JSONValue, at path: String) throws -> LabelTemplate {
        let members = try self.members(of: value, at: path, allowedKeys: TemplateKeys.label)
        guard let fieldValue = members["field"] else { throw failure(path, "missing \"field\"") }
        let field = try nonEmptyString(fieldValue, at: memberPath(path, "field"))
        var label = LabelTemplate(field: field)
        if let font = members["font"] { label.font = try nonEmptyString(font, at: memberPath(path, "font")) }
        if let size = members["size"] {
            label.fontSize = try positiveNumber(size, at: memberPath(path, "size"), maximum: CellTemplate.maximumFontSize)
        }
        if let lineHeight = members["lineHeight"] {
            label.lineHeight = try self.lineHeight(lineHeight, at: memberPath(path, "lineHeight"))
        }
        if let insets = members["insets"] {
            (label.leftInset, label.rightInset) = try self.insets(insets, at: memberPath(path, "insets"))
        }
        if let numberOfLines = members["numberOfLines"] {
            label.lineLimit = LineLimit(maxLines: try count(numberOfLines, at: memberPath(path, "numberOfLines")))
        }
        if let height = members["height"] {
            guard members["minHeight"] == nil else {
                throw failure(memberPath(path, "minHeight"), "a label with a fixed \"height\" has no minimum height")
            }
            label.fixedHeight = try length(height, at: memberPath(path, "height"))
        }
        if let minHeight = members["minHeight"] { label.minHeight = try length(minHeight, at: memberPath(path, "minHeight")) }
        if let spacing = members["spacingAfter"] { label.spacingAfter = try length(spacing, at: memberPath(path, "spacingAfter")) }
        return label
    }

    /// A number for all four sides, CSS shorthand text ("8 15"), or an array of 1 to 4 numbers.
    func padding(_ value: JSONValue, at path: String) throws -> Padding {
        let problem = "must be a length, CSS shorthand like \"8 15\", or an array of 1 to 4 lengths, none negative"
        switch value {
        case .number:
            let all = try length(value, at: path)
            return Padding(top: all, right: all, bottom: all, left: all)
        case .string(let text):
            guard let padding = Padding(parsing: text) else { throw failure(path, "\(problem), got \"\(text)\"") }
            return padding
        case .array(let elements):
            let values = try elements.enumerated().map { index, element in
                try length(element, at: path + "[\(index)]")
            }
            guard let padding = Padding(shorthand: values) else {
                throw failure(path, "\(problem), got \(values.count) values")
            }
            return padding
        default:
            throw failure(path, "\(problem), found \(value.kindDescription)")
        }
    }

    /// A number for both sides, or an object with `left` and `right` (each 0 if missing).
    func insets(_ value: JSONValue, at path: String) throws -> (left: Double, right: Double) {
        if case .number = value {
            let both = try length(value, at: path)
            return (both, both)
        }
        guard case .object = value else {
            throw failure(path, "expected a length or an object with \"left\" and \"right\", found \(value.kindDescription)")
        }
        let members = try self.members(of: value, at: path, allowedKeys: TemplateKeys.insets)
        return (try members["left"].map { try length($0, at: memberPath(path, "left")) } ?? 0,
                try members["right"].map { try length($0, at: memberPath(path, "right")) } ?? 0)
    }

    func rounding(_ value: JSONValue, at path: String) throws -> TextRounding {
        let names = TextRounding.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let text) = value else { throw failure(path, "must be one of \(names), found \(value.kindDescription)") }
        guard let rounding = TextRounding(rawValue: text) else { throw failure(path, "must be one of \(names), got \"\(text)\"") }
        return rounding
    }
}

/// JSON paths into a template, as its error messages write them.
package enum TemplatePath {
    /// The path of label `index`, or of one of its keys: "$.labels[1]", "$.labels[1].font".
    package static func label(_ index: Int, _ key: String? = nil) -> String {
        let label = "$.labels[\(index)]"
        return key.map { memberPath(label, $0) } ?? label
    }
}
