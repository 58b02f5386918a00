/// A text as a dictionary key that compares by its UTF-8 code units.
///
/// Swift's `String` equality is canonical equivalence: "Caf\u{E9}" (NFC) and "Cafe\u{301}" (NFD)
/// are equal `String`s with equal hashes. A cache keyed by `String` would hand one row another
/// row's code points (and line texts), so every cache keyed by text is keyed by this instead.
/// Public, not `package`: Swift 6.3 neither inlines nor specializes a `package` declaration's
/// `@inlinable` body in another module, and the kit calls this for every row (keys of rows).
public struct CodeUnitKey: Hashable {
    public let text: String

    @inlinable
    public init(_ text: String) { self.text = text }

    @inlinable
    public static func == (a: CodeUnitKey, b: CodeUnitKey) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        let hashedContiguously: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashedContiguously == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}
