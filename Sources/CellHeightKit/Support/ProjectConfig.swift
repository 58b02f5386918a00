import Foundation

/// A project's `.cellheight.yaml` (or the file `--config` names): default options for `measure`,
/// by long option name, and optionally rules (the rules file's `rules:` list, so that the file is
/// also the run's rules file). Found upward from the working directory, like `.editorconfig`.
///
/// ```yaml
/// options:
///   font: DejaVu Sans        # --font "DejaVu Sans"
///   size: 14                 # --size 14
///   width: [320, 375]        # --width 320,375
///   dynamic-type: [large, AX1-AX5]  # --dynamic-type large,AX1-AX5
///   forecast: [de, fr, ja]   # --forecast de,fr,ja
///   quiet: true              # --quiet (false: left out)
///   replace: ["...=…"]       # --replace "...=…" (repeatable options: one per element)
/// rules:                     # as in a rules file; --rules then defaults to this file
///   - keys: "*.title"
///     maxLines: 1
/// ```
///
/// Options given on the command line win over the file's (the file's are dropped, not merged).
package struct ProjectConfig {
    package static let fileName = ".cellheight.yaml"

    /// One default option: its long name (without `--`) and its values, as command-line words
    /// (none for a flag that is on).
    package struct Option: Equatable {
        package var name: String
        package var values: [String]

        package init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    package var file: String
    package var options: [Option]
    /// Whether the file holds `rules:` (then it is the default `--rules`).
    package var hasRules: Bool

    /// The nearest `.cellheight.yaml` in `directory` or a directory above it, or nil.
    package static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// Reads a project file. Option values are a string, a number, true/false (a flag) or a list
    /// (`width`, `size`, `fallback`, `dynamic-type`, `font-scale` and `forecast` take it comma-joined; other
    /// options once per element).
    /// - Throws: `configSyntax` or `invalidConfig` (exit 78), naming the file and the JSON path.
    package init(data: Data, file: String) throws {
        self.file = file
        let text = try decodeConfigText(data, file: file)
        let value = try parseYAMLValue(text, file: file)
        let decoder = ProjectConfigDecoder(file: file)
        let members = try decoder.members(of: value == .null ? .object(JSONObject()) : value, at: "$",
                                          allowedKeys: RulesKeys.file)
        if let description = members["description"] { _ = try decoder.string(description, at: "$.description") }
        hasRules = members["rules"] != nil
        if hasRules { _ = try parseBudgetRules(data, file: file) }
        options = try members["options"].map { try decoder.options($0) } ?? []
    }
}

private struct ProjectConfigDecoder: ConfigDecoding {
    let file: String
    /// Options whose several values are one comma-separated word.
    static let commaLists: Set<String> = ["width", "size", "fallback", "dynamic-type", "font-scale", "forecast"]

    func options(_ value: JSONValue) throws -> [ProjectConfig.Option] {
        guard case .object(let object) = value else {
            throw failure("$.options", "expected an object of options by long name, found \(value.kindDescription)")
        }
        var seen: Set<String> = []
        return try object.members.compactMap { member in
            let path = memberPath("$.options", member.key)
            let name = member.key.hasPrefix("--") ? String(member.key.dropFirst(2)) : member.key
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                throw failure(path, "not an option's long name")
            }
            guard seen.insert(name).inserted else { throw failure(path, "repeated option") }
            switch member.value {
            case .bool(let on): return on ? ProjectConfig.Option(name: name, values: []) : nil
            case .array(let elements):
                let words = try elements.enumerated().map { index, element in try word(element, at: "\(path)[\(index)]") }
                guard !words.isEmpty else { throw failure(path, "an empty list") }
                return ProjectConfig.Option(name: name, values: Self.commaLists.contains(name) ? [words.joined(separator: ",")] : words)
            default:
                return ProjectConfig.Option(name: name, values: [try word(member.value, at: path)])
            }
        }
    }

    private func word(_ value: JSONValue, at path: String) throws -> String {
        switch value {
        case .string(let string): return string
        case .number(let number): return number
        default: throw failure(path, "expected a string or a number, found \(value.kindDescription)")
        }
    }
}
