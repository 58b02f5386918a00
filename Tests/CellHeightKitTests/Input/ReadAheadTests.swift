import Foundation
import Testing
@testable import CellHeightKit

/// `ReadAhead` hands out what its producer makes, in order, with its errors in place, and makes
/// the next element in the background only while there is more to read.
@Suite("read-ahead of batches")
struct ReadAheadTests {
    struct Broken: Error, Equatable {}

    /// A producer of 1, 2, ..., `count` (then nil) that records on which thread each call ran.
    final class Counter: @unchecked Sendable {
        let count: Int
        let failsAt: Int?
        var made = 0
        var onCallerThread: [Bool] = []
        let caller = Thread.current

        init(count: Int, failsAt: Int? = nil) {
            self.count = count
            self.failsAt = failsAt
        }

        func next() throws -> Int? {
            onCallerThread.append(Thread.current == caller)
            guard made < count else { return nil }
            made += 1
            if made == failsAt { throw Broken() }
            return made
        }
    }

    @Test("every element in order, then nil, and nil again")
    func order() throws {
        let counter = Counter(count: 50)
        let reader = ReadAhead(hasMore: { counter.made < counter.count }, counter.next)
        var got: [Int] = []
        while let element = try reader.next() { got.append(element) }
        #expect(got == Array(1...50))
        #expect(try reader.next() == nil)
        // The first element is made on the caller's thread, later ones ahead of time on another.
        #expect(counter.onCallerThread.first == true)
        #expect(counter.onCallerThread.dropFirst().contains(false))
    }

    @Test("an error comes after the elements made before it, and nothing after")
    func errorInPlace() throws {
        let counter = Counter(count: 10, failsAt: 4)
        let reader = ReadAhead(hasMore: { true }, counter.next)
        #expect(try reader.next() == 1)
        #expect(try reader.next() == 2)
        #expect(try reader.next() == 3)
        #expect(throws: Broken.self) { try reader.next() }
        #expect(try reader.next() == nil)
        #expect(counter.made == 4, "nothing is read after the error")
    }

    @Test("a small input starts no thread")
    func smallInput() throws {
        let counter = Counter(count: 1)
        let reader = ReadAhead(hasMore: { counter.made < counter.count }, counter.next)
        #expect(try reader.next() == 1)
        #expect(try reader.next() == nil)
        #expect(counter.onCallerThread == [true, true])
    }
}
