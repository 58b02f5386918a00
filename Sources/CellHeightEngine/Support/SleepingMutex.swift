import Foundation

/// A value behind a lock whose waiters sleep: for work held long and done once, such as reading a
/// font file or checking a font for the pairwise lane (milliseconds).
///
/// `Synchronization.Mutex` is right for the short sections it guards elsewhere, but on Linux it is
/// a priority-inheriting futex, and the kernel spins a waiter for as long as the holder runs: in a
/// 10-row run, the second worker burned a tenth of the process's CPU spinning while the first
/// checked the font, time a loaded machine takes from the worker doing the check. Foundation's
/// `NSLock` (a plain pthread mutex, as `FreeTypeLibrary.lock` uses) puts the waiter to sleep; this
/// keeps the value it guards behind it, as `Mutex` does.
final class SleepingMutex<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
