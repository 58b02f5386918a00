/// A parsed JSON value. Numbers keep their source text, so an id written `1.50` stays "1.50".
enum JSONValue: Equatable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object(JSONObject)

    /// The kind of value with its article, for messages: "a number", "an array", "null".
    var kindDescription: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
struct JSONMember: Equatable {
    var key: String
    var value: JSONValue
    /// 1-based line where the value starts, e.g. 12 (0 for members not read from a file), so that
    /// readers of nested documents (String Catalogs) can say where each value is.
    var line = 0
}

/// A JSON object with its members in source order (duplicate keys kept; lookups take the last one).
struct JSONObject: Equatable {
    var members: [JSONMember] = []

    subscript(key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }

    /// The member a lookup by `key` finds (the last of that name), with its line.
    func member(_ key: String) -> JSONMember? {
        members.last { $0.key == key }
    }
}
