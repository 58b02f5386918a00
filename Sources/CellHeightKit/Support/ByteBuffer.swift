import Foundation

/// Bytes written through one pointer into storage that grows by doubling, read once at the end
/// (as a `String`). `Array.append` checks uniqueness and capacity and takes the generic copy for
/// each piece: some 100 instructions for a 6-byte key, and a JSON report writes a dozen pieces a
/// row (10% of a prose run's instructions went to writing its rows).
///
/// A reference type, so that a writer holding one copies no bytes; each writer makes its own.
final class ByteBuffer {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// Everything written, as text (UTF-8).
    var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    /// Everything written, handed over without a copy; the buffer starts empty again. (A `json`
    /// document of 100,000 rows is 13 MB: made a `String` and then `Data`, it was copied twice
    /// and checked as UTF-8 once, alone on one core at the end of the run.)
    func takeData() -> Data {
        let data = Data(bytesNoCopy: start, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        capacity = 64
        start = .allocate(capacity: capacity)
        count = 0
        return data
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        start[count] = byte
        count &+= 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        if bytes.count <= 16 {
            // (A call to memcpy costs more than a short loop: most pieces are keys and numbers.)
            for k in 0..<bytes.count { start[count &+ k] = base[k] }
        } else {
            (start + count).update(from: base, count: bytes.count)
        }
        count &+= bytes.count
    }

    /// Lets `body` write up to `limit` bytes at the end in one go; it returns how many it wrote.
    @inline(__always)
    func write(atMost limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + limit > capacity { grow(to: count + limit) }
        count &+= body(start + count)
    }

    /// `number`'s decimal digits.
    func appendDecimalDigits(_ number: UInt64) {
        write(atMost: maximumDecimalDigits) { writeDecimalDigits(number, to: $0) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, 2 * capacity)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }
}
