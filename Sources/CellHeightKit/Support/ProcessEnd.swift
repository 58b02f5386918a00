import Foundation

/// What a run leaves to the operating system when the process ends right after it (the command
/// line): its fonts, caches, rows and measured cells. Freeing them one by one (hundreds of
/// thousands of arrays, cache entries, HarfBuzz and FreeType objects) took some 25 ms after the
/// last byte of output on 10k multilingual rows or 100k rows of prose written as JSON, longer
/// than process start; the kernel takes the whole address space back at once.
package enum ProcessEnd {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `values` referenced until the process exits, so that they are never freed.
    package static func keep(_ values: Any...) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(contentsOf: values)
    }
}
