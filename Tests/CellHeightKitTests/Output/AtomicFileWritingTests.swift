import Foundation
import Testing
@testable import CellHeightKit

@Suite("atomic file writing")
struct AtomicFileWritingTests {
    /// A fresh, empty directory for one test.
    static func makeDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "cellheight-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("atomic write: new file has the contents and no temporary file is left")
    func atomicWriteNewFile() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/report.json"
        try writeAtomically(Data("{\"rows\":[]}\nファイル\n".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("{\"rows\":[]}\nファイル\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["report.json"])
    }

    @Test("atomic write: replacing keeps the old file's permissions")
    func atomicWriteReplace() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/report.csv"
        try Data("old contents that are longer\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try writeAtomically(Data("new\n".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("new\n".utf8))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["report.csv"])
    }

    /// Issue 31, item 14: a legal name of 248 to 255 bytes failed ("file name too long"): its
    /// temporary name, `.name.XXXXXX`, was 8 bytes longer.
    @Test("atomic write: a name of 248 to 255 bytes (ASCII or beyond) is written", arguments: [248, 250, 255])
    func longName(_ length: Int) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in [String(repeating: "r", count: length), String(repeating: "ä", count: length / 2) + (length % 2 == 1 ? "r" : "")] {
            #expect(name.utf8.count == length)
            try writeAtomically(Data("rows".utf8), to: directory + "/" + name)
            #expect(try String(contentsOfFile: directory + "/" + name, encoding: .utf8) == "rows")
            #expect(temporaryNameStem(name).utf8.count <= 247)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 2)
    }

    @Test("atomic write: empty data gives an empty file")
    func atomicWriteEmptyData() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/empty.txt"
        try writeAtomically(Data(), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data())
    }

    @Test("atomic write: missing directory is an error")
    func atomicWriteMissingDirectory() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/no/such/dir/report.json"
        #expect(throws: CellHeightError.output(path: path, reason: "no such directory")) {
            try writeAtomically(Data("x".utf8), to: path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    @Test("atomic write: a directory as target is an error and leaves no temporary file")
    func atomicWriteOntoDirectory() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/out"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        #expect(throws: CellHeightError.output(path: target, reason: "is a directory")) {
            try writeAtomically(Data("x".utf8), to: target)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == [])
    }

    @Test("atomic write: a path ending in a slash is an error")
    func atomicWriteTrailingSlash() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/"
        #expect(throws: CellHeightError.output(path: path, reason: "is a directory")) {
            try writeAtomically(Data("x".utf8), to: path)
        }
    }
}
