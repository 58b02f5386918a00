/// What identifies one shaping in a store shared by workers (see `SharedShapes`): code units that
/// hold everything the result depends on besides the font, e.g. a script marker, the units before
/// and after a word, and the word's units.
///
/// Compared unit by unit, never as a `String` (whose equality is canonical equivalence: an NFD
/// word would get an NFC word's advances). The hash is computed once, with FNV-1a as the
/// per-thread caches hash their keys: it picks the key's shard and its slot.
struct ShapingKey: Equatable, BoundedCacheKey {
    let units: [UInt16]
    let hash: UInt64

    init(_ units: [UInt16]) {
        self.init(units, hash: Self.hash(of: units))
    }

    /// A key whose hash its maker has computed already (`hash(of: units)`).
    init(_ units: [UInt16], hash: UInt64) {
        assert(hash == Self.hash(of: units))
        self.units = units
        self.hash = hash
    }

    /// The hash of a key of `units`.
    static func hash(of units: [UInt16]) -> UInt64 {
        var hash = FNV1a.basis
        for unit in units { hash = FNV1a.step(hash, unit) }
        return hash
    }

    static func == (a: ShapingKey, b: ShapingKey) -> Bool {
        a.hash == b.hash && a.units == b.units
    }

    var unitCount: Int { units.count }

    func matches(_ stored: UnsafeBufferPointer<UInt16>) -> Bool {
        units.withUnsafeBufferPointer { $0.elementsEqual(stored) }
    }

    func append(to stored: inout [UInt16]) {
        stored += units
    }
}
