import Foundation
import Testing
@testable import CellHeightKit

@Suite("input file")
struct InputFileTests {
    /// A fresh, empty directory for one test.
    static func makeDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "cellheight-input-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("input file: reads every byte")
    func inputFileReadsBytes() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/rows.txt"
        let bytes: [UInt8] = Array("Datei öffnen…\nファイルを開く\n".utf8) + [0xFF, 0x00]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try readInputData(from: path) == Data(bytes))
    }

    @Test("input file: reads a file larger than one read chunk")
    func inputFileLarge() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.txt"
        let bytes = (0..<200_000).map { UInt8($0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try readInputData(from: path) == Data(bytes))
    }

    @Test("input file: missing file")
    func inputFileMissing() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/missing.txt"
        #expect(throws: CellHeightError.unreadableInput(path: path, reason: "no such file")) {
            try readInputData(from: path)
        }
    }

    @Test("input file: directory")
    func inputFileDirectory() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: CellHeightError.unreadableInput(path: directory, reason: "is a directory")) {
            try readInputData(from: directory)
        }
    }

    @Test("input file: permission denied", .disabled(if: geteuid() == 0, "root can read any file"))
    func inputFilePermissionDenied() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/secret.txt"
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0)
        #expect(throws: CellHeightError.unreadableInput(path: path, reason: "permission denied")) {
            try readInputData(from: path)
        }
    }

    @Test("input file: display names", arguments: [
        (nil as String?, "<stdin>"), ("-", "<stdin>"), ("rows.json", "rows.json"),
    ])
    func inputFileDisplayName(_ path: String?, expected: String) {
        #expect(inputDisplayName(for: path) == expected)
    }
}
