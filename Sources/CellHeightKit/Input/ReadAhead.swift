import Dispatch

/// Produces the next element on a thread of its own while the caller works on the current one:
/// reading, checking and splitting the next batch of input overlaps with measuring this one.
///
/// `produce` runs on one thread at a time, in order, so it may keep state (a
/// `StreamingRowReader`); after it returns nil or throws it is not called again. The first
/// element is made on the caller's thread, and the next one in the background only while
/// `hasMore` says there is more to read, so a small input starts no thread. Not thread-safe
/// itself: one caller.
public final class ReadAhead<Element>: @unchecked Sendable {
    private let produce: () throws -> Element?
    private let hasMore: () -> Bool
    private let queue = DispatchQueue(label: "cellheight.read-ahead")
    private let ready = DispatchSemaphore(value: 0)
    private var result: Result<Element?, Error>?
    private var isRunning = false
    private var isFinished = false

    public init(hasMore: @escaping () -> Bool, _ produce: @escaping () throws -> Element?) {
        self.hasMore = hasMore
        self.produce = produce
    }

    deinit {
        // An element still being made when the caller gives up (an error, `| head`) is awaited,
        // so that `produce` never outlives what it reads from.
        if isRunning { ready.wait() }
    }

    /// The next element (nil after the last), rethrowing what `produce` threw; starts making
    /// the one after it before returning.
    public func next() throws -> Element? {
        guard !isFinished else { return nil }
        let current: Result<Element?, Error>
        if isRunning {
            ready.wait()
            isRunning = false
            current = result!
            result = nil
        } else {
            current = Result { try produce() }
        }
        switch current {
        case .success(let element?):
            if hasMore() { start() }
            return element
        case .success(nil):
            isFinished = true
            return nil
        case .failure(let error):
            isFinished = true
            throw error
        }
    }

    private func start() {
        isRunning = true
        queue.async { [self] in
            result = Result { try produce() }
            ready.signal()
        }
    }
}
