/// Produces the next element on a thread of its own while the caller works on the current one:
/// reading, checking and splitting the next batch of input overlaps with measuring this one.
///
/// `produce` runs on one thread at a time, in order, so it may keep state (a
/// `StreamingRowReader`); after it returns nil or throws it is not called again. The first
/// element is made on the caller's thread, and the next one in the background only while
/// `hasMore` says there is more to read, so a small input starts no thread. Without
/// `usesThread` (`--jobs 1`), or when the system gives no thread (`ulimit -u`, memory), every
/// element is made on the caller's thread. Not thread-safe itself: one caller.
package final class ReadAhead<Element>: @unchecked Sendable {
    private let produce: () throws -> Element?
    private let hasMore: () -> Bool
    private let usesThread: Bool
    /// What the background thread made; read once it is joined.
    private final class Slot {
        var result: Result<Element?, Error>?
    }
    private let slot = Slot()
    private var worker: WorkerThread?
    private var isFinished = false

    package init(usesThread: Bool = true, hasMore: @escaping () -> Bool, _ produce: @escaping () throws -> Element?) {
        self.usesThread = usesThread
        self.hasMore = hasMore
        self.produce = produce
    }

    deinit {
        // An element still being made when the caller gives up (an error, `| head`) is awaited,
        // so that `produce` never outlives what it reads from.
        worker?.join()
    }

    /// The next element (nil after the last), rethrowing what `produce` threw; starts making
    /// the one after it before returning.
    package func next() throws -> Element? {
        guard !isFinished else { return nil }
        let current: Result<Element?, Error>
        if let worker {
            worker.join()
            self.worker = nil
            current = slot.result!
            slot.result = nil
        } else {
            current = Result { try produce() }
        }
        switch current {
        case .success(let element?):
            if usesThread, hasMore() { start() }
            return element
        case .success(nil):
            isFinished = true
            return nil
        case .failure(let error):
            isFinished = true
            throw error
        }
    }

    /// Starts making the next element on a thread; without one, `next()` makes it itself.
    private func start() {
        let slot = self.slot, produce = self.produce
        worker = WorkerThread.start { slot.result = Result { try produce() } }
    }
}
