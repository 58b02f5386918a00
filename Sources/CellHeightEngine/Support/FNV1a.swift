/// 64-bit FNV-1a, a code unit at a time: a few instructions per unit, spread enough for words.
/// Public, not `package`: Swift 6.3 neither inlines nor specializes a `package` declaration's
/// `@inlinable` body in another module, and the kit calls this for every row (hashing keys).
public enum FNV1a {
    public static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable @inline(__always)
    public static func step(_ hash: UInt64, _ unit: UInt16) -> UInt64 {
        (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3
    }
}
