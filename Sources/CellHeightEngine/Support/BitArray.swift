/// A fixed number of bits, 64 to a word: a flag per UTF-16 unit of a long text in an eighth of
/// the memory of `[Bool]`.
package struct BitArray {
    private var words: [UInt64] = []
    private(set) var count = 0

    package init() {}

    /// `count` bits, all clear.
    package init(count: Int) {
        self.count = count
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    package subscript(index: Int) -> Bool {
        @inline(__always) get { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }
        @inline(__always) set {
            if newValue { words[index >> 6] |= 1 << UInt64(index & 63) } else { words[index >> 6] &= ~(1 << UInt64(index & 63)) }
        }
    }
}
