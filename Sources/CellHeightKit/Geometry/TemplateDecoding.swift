import Foundation

/// Reads a template file (see the README's "Cell geometry" section for the schema).
///
/// The file is strict JSON, UTF-8. Every key is checked: unknown or repeated keys, values of the
/// wrong type, negative lengths and sizes that are not positive are errors, each naming its JSON
/// path, e.g. `$.labels[1].size`.
///
/// - Parameters:
///   - data: the file's bytes.
///   - file: the file's name for messages, e.g. "templates/basic-label.json".
/// - Throws: `CellHeightError.templateSyntax` for bad JSON, `.invalidTemplate` for a bad template.
public func parseCellTemplate(_ data: Data, file: String) throws -> CellTemplate {
    let text: String
    do {
        text = try decodeText(data, source: file).text
    } catch CellHeightError.invalidUTF8(_, let offset) {
        throw CellHeightError.invalidTemplate(file: file, jsonPath: "$", reason: "invalid UTF-8 at byte offset \(offset)")
    } catch CellHeightError.invalidInput(_, _, let reason) {
        throw CellHeightError.invalidTemplate(file: file, jsonPath: "$", reason: reason)
    }
    var parser = JSONParser(bytes: Array(text.utf8))
    let document: JSONDocument
    do {
        document = try parser.parseDocument()
    } catch let error as JSONSyntaxError {
        throw CellHeightError.templateSyntax(file: file, line: error.line, column: error.column, reason: error.reason)
    }
    return try TemplateDecoder(file: file).cell(document.value)
}

/// The template's keys, for the decoder and for messages.
enum TemplateKeys {
    static let cell = ["description", "width", "padding", "minHeight", "separator", "round", "collapseEmpty", "labels"]
    static let label = ["field", "font", "size", "lineHeight", "insets", "maxLines", "height", "minHeight",
                        "spacingAfter"]
    static let insets = ["left", "right"]
}

/// Decodes parsed JSON into a `CellTemplate`, keeping track of where it is for messages.
private struct TemplateDecoder {
    let file: String

    func failure(_ path: String, _ reason: String) -> CellHeightError {
        .invalidTemplate(file: file, jsonPath: path, reason: reason)
    }

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
        if let maxLines = members["maxLines"] {
            label.lineLimit = LineLimit(maxLines: try count(maxLines, at: memberPath(path, "maxLines")))
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

    // MARK: - Values

    /// An object's members by key, after checking every key is allowed and none is repeated.
    func members(of value: JSONValue, at path: String, allowedKeys: [String]) throws -> [String: JSONValue] {
        guard case .object(let object) = value else {
            throw failure(path, "expected an object, found \(value.kindDescription)")
        }
        var members: [String: JSONValue] = [:]
        for member in object.members {
            let memberPath = memberPath(path, member.key)
            guard allowedKeys.contains(member.key) else {
                throw failure(memberPath, "unknown key (expected one of: \(allowedKeys.joined(separator: ", ")))")
            }
            guard members[member.key] == nil else { throw failure(memberPath, "repeated key") }
            members[member.key] = member.value
        }
        return members
    }

    func string(_ value: JSONValue, at path: String) throws -> String {
        guard case .string(let string) = value else {
            throw failure(path, "expected a string, found \(value.kindDescription)")
        }
        return string
    }

    func nonEmptyString(_ value: JSONValue, at path: String) throws -> String {
        let string = try self.string(value, at: path)
        guard !string.isEmpty else { throw failure(path, "must not be empty") }
        return string
    }

    func bool(_ value: JSONValue, at path: String) throws -> Bool {
        guard case .bool(let bool) = value else {
            throw failure(path, "expected true or false, found \(value.kindDescription)")
        }
        return bool
    }

    func number(_ value: JSONValue, at path: String) throws -> Double {
        guard case .number(let text) = value else {
            throw failure(path, "expected a number, found \(value.kindDescription)")
        }
        guard let number = Double(text), number.isFinite else { throw failure(path, "number out of range: \(text)") }
        return number
    }

    /// A length in px, 0 or more.
    func length(_ value: JSONValue, at path: String) throws -> Double {
        let number = try self.number(value, at: path)
        guard number >= 0 else { throw failure(path, "must not be negative, got \(formatPixels(number))") }
        return number
    }

    func positiveNumber(_ value: JSONValue, at path: String, maximum: Double) throws -> Double {
        let number = try self.number(value, at: path)
        guard number > 0, number <= maximum else {
            throw failure(path, "must be above 0 and at most \(formatPixels(maximum)), got \(formatPixels(number))")
        }
        return number
    }

    /// A whole number, 0 or more.
    func count(_ value: JSONValue, at path: String) throws -> Int {
        let number = try self.number(value, at: path)
        guard number >= 0, number == number.rounded(), number <= Double(Int32.max) else {
            throw failure(path, "must be a whole number, 0 or more, got \(formatPixels(number))")
        }
        return Int(number)
    }

    /// One width, or a non-empty array of them.
    func widths(_ value: JSONValue, at path: String) throws -> [Double] {
        guard case .array(let elements) = value else {
            return [try positiveNumber(value, at: path, maximum: CellTemplate.maximumWidth)]
        }
        guard !elements.isEmpty else { throw failure(path, "must hold at least one width") }
        return try elements.enumerated().map { index, element in
            try positiveNumber(element, at: path + "[\(index)]", maximum: CellTemplate.maximumWidth)
        }
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

    func lineHeight(_ value: JSONValue, at path: String) throws -> LineHeight {
        let problem = "must be \"normal\", a length like \"20px\" or a positive multiple of the size like \"1.4\""
        guard case .string(let text) = value else { throw failure(path, "\(problem), found \(value.kindDescription)") }
        guard let lineHeight = LineHeight(parsing: text) else { throw failure(path, "\(problem), got \"\(text)\"") }
        return lineHeight
    }

    func rounding(_ value: JSONValue, at path: String) throws -> TextRounding {
        let names = TextRounding.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let text) = value else { throw failure(path, "must be one of \(names), found \(value.kindDescription)") }
        guard let rounding = TextRounding(rawValue: text) else { throw failure(path, "must be one of \(names), got \"\(text)\"") }
        return rounding
    }
}

/// JSON paths into a template, as its error messages write them.
public enum TemplatePath {
    /// The path of label `index`, or of one of its keys: "$.labels[1]", "$.labels[1].font".
    public static func label(_ index: Int, _ key: String? = nil) -> String {
        let label = "$.labels[\(index)]"
        return key.map { memberPath(label, $0) } ?? label
    }
}

/// The JSON path of a member: `$.labels` for a plain key, `$["my key"]` for any other.
private func memberPath(_ path: String, _ key: String) -> String {
    let isIdentifier = key.first.map { $0.isLetter || $0 == "_" } == true
        && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    return isIdentifier ? path + "." + key : path + "[" + jsonString(key) + "]"
}
