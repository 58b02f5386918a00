@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// Issue 13's font files: read into memory, never mapped, and only regular files.
@Suite("font files")
struct FontFileTests {
    /// A face keeps working, with the same answers, after its file is truncated to nothing (a
    /// mapped file would give SIGBUS at the next glyph FreeType reads).
    @Test("a font file truncated while in use changes nothing")
    func truncatedWhileInUse() throws {
        let directory = try FontFaceErrorTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/font.ttf"
        try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans)).write(to: URL(fileURLWithPath: path))
        let face = try FontFace(path: path)
        #expect(truncate(path, 0) == 0)
        // Every printable ASCII character and some beyond, read after the truncation: the same
        // advances as the installed file's.
        let reference = try FontFace(path: TestFonts.dejaVuSans)
        for codePoint in UInt32(0x20)...0x24F {
            #expect(face.advance(of: codePoint, fontSize: 16) == reference.advance(of: codePoint, fontSize: 16))
        }
        // A second face of the same path (another worker) sees the bytes read first.
        let second = try FontFace(path: path)
        #expect(second.verticalMetrics == face.verticalMetrics)
    }

    /// A large file (Noto Sans CJK, 19 MB) is read into its own memory too (a mapping backed by
    /// huge pages, `FontFileMemory`): the same bytes as the file's, and still there once it is gone.
    @Test("a large font file: the file's bytes, kept after the file is truncated")
    func largeFile() throws {
        let directory = try FontFaceErrorTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/cjk.ttc"
        let original = try Data(contentsOf: URL(fileURLWithPath: TestFonts.notoSansCJK))
        #expect(original.count >= FontFileMemory.mappedSize)
        try original.write(to: URL(fileURLWithPath: path))
        let data = try FontRegistry.shared.fileData(path: path)
        let face = try FontFace(path: path)
        #expect(truncate(path, 0) == 0)
        #expect(Data(data.bytes) == original)
        let reference = try FontFace(path: TestFonts.notoSansCJK)
        for codePoint: UInt32 in [0x4E00, 0x4E2D, 0x3042, 0xAC00, 0xFF01, 0x41] {
            #expect(face.advance(of: codePoint, fontSize: 16) == reference.advance(of: codePoint, fontSize: 16))
        }
    }

    @Test("a font must be a regular file: a FIFO or a device is refused, never read", arguments: ["fifo", "/dev/zero"])
    func notRegular(_ name: String) throws {
        let directory = try FontFaceErrorTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = name.hasPrefix("/") ? name : directory + "/" + name
        if !name.hasPrefix("/") { #expect(mkfifo(path, 0o600) == 0) }
        #expect(throws: EngineError.fontNotRegularFile(path: path)) {
            _ = try FontFace(path: path)
        }
    }
}
