/// Eight-byte blocks for the tests of code that reads eight bytes at once: it must answer what a
/// byte-by-byte look gives, for every block.
package enum TestByteBlocks {
    /// Blocks built to hit the edges (each byte value in each position) and pseudo-random ones.
    package static let all: [[UInt8]] = {
        var blocks: [[UInt8]] = []
        for value in 0...255 {
            for position in 0..<8 {
                var block = Array("plain ok".utf8)
                block[position] = UInt8(value)
                blocks.append(block)
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            blocks.append((0..<8).map { UInt8(truncatingIfNeeded: state >> (8 * $0)) })
        }
        return blocks
    }()
}
