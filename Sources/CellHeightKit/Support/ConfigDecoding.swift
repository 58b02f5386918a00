import CellHeightEngine
import Foundation

/// A configuration file's text (UTF-8, or UTF-16 with a byte order mark); bad bytes are an
/// `invalidConfig` error at `$`, so every problem with the file has the same exit code.
func decodeConfigText(_ data: Data, file: String) throws -> String {
    do {
        return try decodeText(data, source: file).text
    } catch CellHeightError.invalidUTF8(_, let offset) {
        throw CellHeightError.invalidConfig(file: file, jsonPath: "$", reason: "invalid UTF-8 at byte offset \(offset)")
    } catch CellHeightError.invalidInput(_, _, let reason) {
        throw CellHeightError.invalidConfig(file: file, jsonPath: "$", reason: reason)
    }
}

/// A configuration file's JSON value; a syntax error is `configSyntax` with its line and column.
func parseConfigJSON(_ text: String, file: String) throws -> JSONValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    do {
        return try parser.parseDocument().value
    } catch let error as JSONSyntaxError {
        throw CellHeightError.configSyntax(file: file, line: error.line, column: error.column, reason: error.reason)
    }
}

/// Decoding of parsed configuration files (templates, rules) into values, with errors that name
/// the file and the JSON path of the bad value, e.g. `cell.json: $.labels[1].size: expected a
/// number, found a string`.
protocol ConfigDecoding {
    /// The file's name for messages, e.g. "templates/basic-label.json".
    var file: String { get }
}

extension ConfigDecoding {
    func failure(_ path: String, _ reason: String) -> CellHeightError {
        .invalidConfig(file: file, jsonPath: path, reason: reason)
    }

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
        guard number <= CellTemplate.maximumWidth else {
            throw failure(path, "must be at most \(formatPixels(CellTemplate.maximumWidth)) px, got \(formatPixels(number))")
        }
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

    func lineHeight(_ value: JSONValue, at path: String) throws -> LineHeight {
        let problem = "must be " + LineHeight.expectation
        guard case .string(let text) = value else { throw failure(path, "\(problem), found \(value.kindDescription)") }
        guard let lineHeight = LineHeight(parsing: text) else { throw failure(path, "\(problem), got \"\(messageText(text))\"") }
        return lineHeight
    }
}

/// The JSON path of a member: `$.labels` for a plain key, `$["my key"]` for any other.
func memberPath(_ path: String, _ key: String) -> String {
    let isIdentifier = key.first.map { $0.isLetter || $0 == "_" } == true
        && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    return isIdentifier ? path + "." + key : path + "[" + jsonString(key) + "]"
}
