@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// The eight-bytes-at-once tests must answer what a byte-by-byte look gives, for every block.
@Suite("byte blocks")
struct ByteBlockTests {
    /// Blocks built to hit the edges (see `TestByteBlocks`).
    static let blocks = TestByteBlocks.all

    @Test("any byte below a limit, any byte equal to a value, all printable ASCII")
    func tests() {
        for bytes in Self.blocks {
            let block = bytes.withUnsafeBufferPointer { ByteBlock.load($0.baseAddress!) }
            for limit: UInt8 in [1, 0x20, 0x80] {
                #expect(ByteBlock.hasByte(below: limit, in: block) == bytes.contains { $0 < limit }, "\(bytes) below \(limit)")
            }
            for value: UInt8 in [0x00, 0x22, 0x5C, 0x7F, 0xFF] {
                #expect(ByteBlock.hasByte(value, in: block) == bytes.contains(value), "\(bytes) has \(value)")
            }
            #expect(ByteBlock.isPrintableASCII(block) == bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }, "\(bytes)")
        }
    }

    @Test("masks: a high bit for exactly the bytes equal to a value, or continuing a UTF-8 sequence")
    func masks() {
        func marked(_ mask: UInt64) -> [Bool] { (0..<8).map { mask >> (8 * $0) & 0xFF == 0x80 } }
        for bytes in Self.blocks {
            let block = bytes.withUnsafeBufferPointer { ByteBlock.load($0.baseAddress!) }
            for value: UInt8 in [0x00, 0x01, 0x0A, 0x22, 0x7F, 0x80, 0xFF] {
                #expect(marked(ByteBlock.bytes(equalTo: value, in: block)) == bytes.map { $0 == value }, "\(bytes) = \(value)")
            }
            #expect(marked(ByteBlock.continuationBytes(in: block)) == bytes.map { $0 & 0xC0 == 0x80 }, "\(bytes)")
        }
    }

    @Test("widening: each byte becomes a UTF-16 unit, in order")
    func widening() {
        let bytes: [UInt8] = [0x41, 0x7E, 0x20, 0x00, 0xFF, 0x61, 0x80, 0x7F]
        let block = bytes.withUnsafeBufferPointer { ByteBlock.load($0.baseAddress!) }
        let units = [ByteBlock.widenLowHalf(block), ByteBlock.widenLowHalf(block >> 32)].flatMap { half in
            (0..<4).map { UInt16(truncatingIfNeeded: half >> (16 * $0)) }
        }
        #expect(units == bytes.map(UInt16.init))
    }
}
