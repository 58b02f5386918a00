import Testing
import CellHeightTestSupport
@testable import CellHeightKit

/// The input's counts, made eight bytes at a time (`ByteBlock`), against a byte-by-byte look.
@Suite("UTF-8 scanning")
struct UTF8ScanningTests {
    @Test("counts of newlines and scalars over buffers of every length and start")
    func counts() {
        let text = Array("Ligne un\nzwei: Straße — 日本語\n\n😀 end\n".utf8) + TestByteBlocks.all.prefix(600).joined()
        for start in 0..<9 {
            for end in stride(from: start, through: text.count, by: 7) {
                let slice = Array(text[start..<end])
                slice.withUnsafeBufferPointer { bytes in
                    #expect(newlineCount(in: bytes) == slice.filter { $0 == 0x0A }.count, "\(start)..<\(end)")
                    #expect(scalarCount(in: bytes) == slice.filter { $0 & 0xC0 != 0x80 }.count, "\(start)..<\(end)")
                }
            }
        }
    }
}
