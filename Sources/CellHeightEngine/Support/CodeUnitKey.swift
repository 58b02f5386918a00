/// A text as a dictionary key that compares by its UTF-8 code units.
///
/// Swift's `String` equality is canonical equivalence: "Caf\u{E9}" (NFC) and "Cafe\u{301}" (NFD)
/// are equal `String`s with equal hashes. A cache keyed by `String` would hand one row another
/// row's code points (and line texts), so every cache keyed by text is keyed by this instead.
package struct CodeUnitKey: Hashable {
    package let text: String

    @inlinable
    package init(_ text: String) { self.text = text }

    @inlinable
    package static func == (a: CodeUnitKey, b: CodeUnitKey) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8)
    }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        let hashedContiguously: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashedContiguously == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}
