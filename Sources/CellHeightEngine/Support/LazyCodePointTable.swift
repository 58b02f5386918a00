import Synchronization

/// A value per code point of the BMP (a byte of ICU's properties, a script), read from a function
/// of the code point a block of 256 code points at a time, the first time a unit of the block is
/// asked for: most text meets a few blocks, so a table costs a few hundred lookups, not 65,536,
/// and is shared by every thread. Made once per kind and kept for the process
/// (`LetterAndMarkBreaks`, `GraphemesByClass`, `WordCharacters`, `BMPScripts`).
final class LazyCodePointTable<Value: BitwiseCopyable>: @unchecked Sendable {
    private let values: UnsafeMutablePointer<Value> = .allocate(capacity: 1 << 16)
    /// Per block, 1 once its values are written (a release store; read with an acquire load, so
    /// that the values a reader finds are whole).
    private let blocksRead: UnsafeMutablePointer<Atomic<UInt8>>
    /// Held while a block's values are written (two threads never write the same block at once).
    private let reading = Mutex(())
    private let value: (UInt32) -> Value

    init(_ value: @escaping (UInt32) -> Value) {
        self.value = value
        blocksRead = .allocate(capacity: 256)
        for block in 0..<256 { (blocksRead + block).initialize(to: Atomic(0)) }
    }

    /// The value of BMP code unit `unit` (a surrogate's is the function's answer for it).
    @inline(__always)
    subscript(_ unit: UInt16) -> Value {
        let block = Int(unit >> 8)
        if blocksRead[block].load(ordering: .acquiring) == 0 { read(block: block) }
        return values[Int(unit)]
    }

    @inline(never)
    private func read(block: Int) {
        reading.withLock { _ in
            guard blocksRead[block].load(ordering: .acquiring) == 0 else { return }
            for unit in (block << 8)..<((block + 1) << 8) { (values + unit).initialize(to: value(UInt32(unit))) }
            blocksRead[block].store(1, ordering: .releasing)
        }
    }
}
