/// Tests on eight bytes at once, packed in a `UInt64` (SWAR): the hot loops of the pairwise lane
/// skip plain stretches of text eight bytes at a time with them. Each answer is exact for the
/// block as a whole ("does any byte ..."), not per byte.
/// Public, not `package`: Swift 6.3 neither inlines nor specializes a `package` declaration's
/// `@inlinable` body in another module, and the kit calls this for every row (reading NDJSON and
/// JSON rows).
public enum ByteBlock {
    @usableFromInline static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @usableFromInline static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes at `pointer` (no alignment needed), the first in the lowest bits.
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Whether any byte of `block` is below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func hasByte(below limit: UInt8, in block: UInt64) -> Bool {
        (block &- ones &* UInt64(limit)) & ~block & highBits != 0
    }

    /// Whether any byte of `block` is `value`.
    @inlinable @inline(__always)
    public static func hasByte(_ value: UInt8, in block: UInt64) -> Bool {
        hasByte(below: 1, in: block ^ (ones &* UInt64(value)))
    }

    /// The bytes of `block` that are `value`: the high bit of each such byte set, every other bit
    /// clear (exact per byte, so that its bits may be counted).
    @inlinable @inline(__always)
    public static func bytes(equalTo value: UInt8, in block: UInt64) -> UInt64 {
        let lowBits = ~highBits
        let differing = block ^ (ones &* UInt64(value))
        return ~(((differing & lowBits) &+ lowBits) | differing) & highBits
    }

    /// The bytes of `block` that continue a UTF-8 sequence (0b10xxxxxx): the high bit of each such
    /// byte set, every other bit clear.
    @inlinable @inline(__always)
    public static func continuationBytes(in block: UInt64) -> UInt64 {
        // A byte's bit 6 moves to its bit 7: set there when bit 7 is set and bit 6 is clear.
        block & ~(block << 1) & highBits
    }

    /// Whether every byte of `block` is printable ASCII (U+0020...U+007E).
    @inlinable @inline(__always)
    public static func isPrintableASCII(_ block: UInt64) -> Bool {
        block & highBits == 0 && !hasByte(below: 0x20, in: block) && !hasByte(0x7F, in: block)
    }

    /// The low four bytes of `block` widened to four UTF-16 units (the first in the lowest bits).
    @inlinable @inline(__always)
    public static func widenLowHalf(_ block: UInt64) -> UInt64 {
        (block & 0xFF) | (block & 0xFF00) << 8 | (block & 0xFF_0000) << 16 | (block & 0xFF00_0000) << 24
    }
}
