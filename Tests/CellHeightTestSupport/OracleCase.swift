import CellHeightEngine
import Foundation

/// One Chromium layout case from fixtures/public.jsonl (see fixtures/README.md).
package struct OracleCase: Decodable, Sendable, CustomStringConvertible {
    package struct Expected: Decodable, Sendable {
        package var lineCount: Int
        package var height: Double
        package var lines: [String]
        /// The face Chromium resolved `fontFamily` to (public-gen cases named by family).
        package var familyFace: FamilyFace?
    }

    package struct FamilyFace: Decodable, Sendable {
        package var file: String
        package var index: Int?
    }

    package var id: String
    package var text: String
    package var font: String
    package var size: Double
    package var width: Double
    package var lineHeight: String
    package var expected: Expected
    package var tags: [String]
    /// CSS `font-family` when the case names its font by family (`font` is then the file Chromium
    /// resolved it to); the CLI is given this name, not the file.
    package var fontFamily: String?
    /// CSS `white-space` when not `pre-wrap`, e.g. "normal".
    package var whiteSpace: String?

    package var description: String { id }

    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static func loadPublic() throws -> [OracleCase] { try load("fixtures/public.jsonl") }

    /// Cases in the oracle's format from a file of the package, e.g. "fixtures/chromium-local.jsonl".
    package static func load(_ relativePath: String) throws -> [OracleCase] {
        let url = packageRoot.appendingPathComponent(relativePath)
        let decoder = JSONDecoder()
        return try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n")
            .map { try decoder.decode(OracleCase.self, from: Data($0.utf8)) }
    }

    /// The case's line height as CSS writes it ("normal", "20px", "1.5"), read here so that the
    /// engine's tests need no kit (which reads the command line's the same way: LineHeightTextTests).
    package var lineHeightValue: LineHeight? {
        if lineHeight == "normal" { return .normal }
        if lineHeight.hasSuffix("px") { return Double(lineHeight.dropLast(2)).map(LineHeight.pixels) }
        return Double(lineHeight).map(LineHeight.multiple)
    }
}
