@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// Opening fonts through fallback, over and over with fresh engines, must not leak file descriptors.
@Suite("fallback resources")
struct FallbackResourceTests {
    /// Rows that need different fallback fonts (Devanagari, Hebrew, Arabic, Thai, CJK, Ethiopic, emoji).
    static let rows = ["नमस्ते दुनिया", "שלום עולם", "مرحبا بالعالم", "สวัสดีครับ", "ファイルを開く", "ሰላም ዓለም", "ok 😀"]

    /// Descriptors of this process open on font files (other tests run in parallel, so only these count).
    static func openFontDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { entry in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry)) ?? ""
            return target.hasPrefix("/usr/share/fonts/")
        }.count
    }

    @Test("fallback resources: 100 fresh engines laying out rows in 7 fallback fonts open no more descriptors",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func noDescriptorGrowth() throws {
        func round() throws {
            let chain = try TestFonts.chromiumChain(TestFonts.dejaVuSans)
            let engine = try TextLayoutEngine(chain: chain, fontSize: 16, lineHeight: .normal)
            for row in Self.rows { _ = engine.layout(engine.prepare(row), width: 100) }
        }
        try round()  // the first round opens (and caches) what a run keeps for its whole life
        let before = try Self.openFontDescriptors()
        for _ in 0..<100 { try round() }
        let after = try Self.openFontDescriptors()
        // A leak would grow by ~7 per round (700); fonts other tests open meanwhile stay well under 32.
        #expect(after <= before + 32, "font descriptors \(before) → \(after)")
    }
}
