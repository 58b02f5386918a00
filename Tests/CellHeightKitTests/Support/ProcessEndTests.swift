import Testing
@testable import CellHeightKit

/// What a run leaves to the operating system at the end of the process is never freed.
@Suite("process end")
struct ProcessEndTests {
    private final class Cache {
        var entries = Array(repeating: [1, 2, 3], count: 1000)
    }

    @Test("a value kept for the process end outlives every reference to it; one not kept is freed")
    func keeps() {
        weak var kept: Cache?
        weak var dropped: Cache?
        do {
            let keep = Cache(), drop = Cache()
            kept = keep
            dropped = drop
            ProcessEnd.keep(keep, [keep.entries])
        }
        #expect(kept != nil && kept?.entries.count == 1000)
        #expect(dropped == nil)
    }
}
