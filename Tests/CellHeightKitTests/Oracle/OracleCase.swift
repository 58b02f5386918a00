import Foundation

/// One Chromium layout case from fixtures/public.jsonl (see fixtures/README.md).
struct OracleCase: Decodable, Sendable, CustomStringConvertible {
    struct Expected: Decodable, Sendable {
        var lineCount: Int
        var height: Double
        var lines: [String]
    }

    var id: String
    var text: String
    var font: String
    var size: Double
    var width: Double
    var lineHeight: String
    var expected: Expected
    var tags: [String]

    var description: String { id }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func loadPublic() throws -> [OracleCase] {
        let url = packageRoot.appendingPathComponent("fixtures/public.jsonl")
        let decoder = JSONDecoder()
        return try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n")
            .map { try decoder.decode(OracleCase.self, from: Data($0.utf8)) }
    }
}
