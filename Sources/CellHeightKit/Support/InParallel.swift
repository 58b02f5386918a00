import Foundation

/// Cuts `0..<count` into contiguous slices (`slicesPerJob` per worker) and runs
/// `body(worker, slice)` on each, up to `jobs` threads taking the next slice as they finish one,
/// so that a slice of slow rows does not leave the other workers idle; each worker's calls have
/// its own number, so it may use its own measurer. Returns the results in slice order. The
/// calling thread is one of the workers. (Measuring a batch's rows, rendering a table's.)
func inParallel<Part>(count: Int, jobs: Int, _ body: (Int, Range<Int>) -> Part) -> [Part] {
    let shares = min(jobs * slicesPerJob, count)
    guard jobs > 1, shares > 1 else { return [body(0, 0..<count)] }
    let slices = (0..<shares).map { n in (count * n / shares)..<(count * (n + 1) / shares) }
    let results = UnsafeMutableBufferPointer<Part?>.allocate(capacity: shares)
    results.initialize(repeating: nil)
    defer {
        _ = results.deinitialize()
        results.deallocate()
    }
    let lock = NSLock()
    var taken = 0
    withoutActuallyEscaping(body) { body in
        func work(_ job: Int) {
            while true {
                lock.lock()
                let n = taken
                taken += 1
                lock.unlock()
                guard n < shares else { return }
                results[n] = body(job, slices[n])
            }
        }
        // The calling thread is worker 0; a thread the system does not give (`ulimit -u`,
        // memory) leaves its slices to the others, so the work is done whatever starts.
        let threads = (1..<min(jobs, shares)).compactMap { job in WorkerThread.start { work(job) } }
        work(0)
        for thread in threads { thread.join() }
    }
    return results.map { $0! }
}

/// Slices per worker: enough to even out slow stretches of a batch, and to keep its end short
/// (a worker that has taken the last slice works on alone for about half a slice: at 32, some
/// 1 ms of a megabyte of multilingual rows at 2 workers, against 4 at 8); few enough that each
/// slice still holds dozens of rows.
private let slicesPerJob = 32
