#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX thread running one closure, for the read-ahead and the measuring workers.
///
/// libdispatch keeps retrying when the system has no thread to give (`ulimit -u`, an
/// address-space cap too small for another stack) and ends the process when it cannot make its
/// own descriptors (`ulimit -n`); a thread of our own simply fails to start, and the caller then
/// does the work itself, on its own thread. Nothing here ever needs a second thread to finish.
final class WorkerThread {
    private let thread: pthread_t

    private init(thread: pthread_t) {
        self.thread = thread
    }

    /// Starts `body` on a new thread; nil (and `body` not run) when none can be created.
    static func start(_ body: @escaping () -> Void) -> WorkerThread? {
        let box = Unmanaged.passRetained(Box(body))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let result = pthread_create(&thread, nil, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque())
        guard result == 0 else {
            box.release()
            return nil
        }
        #if canImport(Glibc)
        return WorkerThread(thread: thread)
        #else
        return WorkerThread(thread: thread!)
        #endif
    }

    /// Waits until the closure has returned. Call once.
    func join() {
        pthread_join(thread, nil)
    }

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
