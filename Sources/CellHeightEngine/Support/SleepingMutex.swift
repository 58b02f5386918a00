import Glibc

/// A value behind a lock whose waiters sleep: for work held long and done once, such as reading a
/// font file or checking a font for the pairwise lane (milliseconds).
///
/// `Synchronization.Mutex` is right for the short sections it guards elsewhere, but on Linux it is
/// a priority-inheriting futex, and the kernel spins a waiter for as long as the holder runs: in a
/// 10-row run, the second worker burned a tenth of the process's CPU spinning while the first
/// checked the font, time a loaded machine takes from the worker doing the check. A plain
/// pthread mutex puts the waiter to sleep.
final class SleepingMutex<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
