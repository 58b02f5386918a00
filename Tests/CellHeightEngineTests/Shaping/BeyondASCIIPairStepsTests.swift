@testable import CellHeightEngine
import Foundation
import Testing

/// The shared table of pair steps beyond ASCII (issue 26): a step stored is found by every worker,
/// unknown pairs are unknown, and workers storing at once never see a key without its step.
@Suite("pair steps beyond ASCII")
struct BeyondASCIIPairStepsTests {
    static func packed(_ advance: Int32, _ loss: Int32) -> UInt64 {
        PlainShapingTables.pack(PairwiseASCIIAdvances.Step(advance: advance, loss: loss))
    }

    @Test("stored steps are found, others are unknown, a pair is stored once")
    func storeAndFind() {
        let owner = BeyondASCIIPairSteps(), table = owner.slots
        defer { withExtendedLifetime(owner) {} }  // `slots` does not keep the table
        #expect(table.step(0xE9, 0x74) == PlainShapingTables.unknown)
        table.set(0xE9, 0x74, Self.packed(556_000, -1_200))
        table.set(0xE9, 0x74, Self.packed(1, 1))  // a second store of the same pair changes nothing
        table.set(0x74, 0xE9, BeyondASCIIPairSteps.notPairwise)
        table.set(0xDF, 0, Self.packed(600_000, 0))  // before the paragraph's end
        #expect(table.step(0xE9, 0x74) == Self.packed(556_000, -1_200))
        #expect(table.step(0x74, 0xE9) == BeyondASCIIPairSteps.notPairwise)
        #expect(table.step(0xDF, 0) == Self.packed(600_000, 0))
        #expect(table.step(0xDF, 0x20) == PlainShapingTables.unknown)
    }

    @Test("workers storing and reading at once: every step found is the one stored for its pair")
    func concurrentWorkers() async {
        let owner = BeyondASCIIPairSteps(), table = owner.slots
        defer { withExtendedLifetime(owner) {} }  // `slots` does not keep the table
        let wrong = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for n in 0..<20_000 {
                        let first = UInt16(0x100 + (n * 7 + worker) % 3000), next = UInt16(0x20 + n % 90)
                        let expected = Self.packed(Int32(first) * 1000 + Int32(next), -Int32(next))
                        let found = table.step(first, next)
                        if found == PlainShapingTables.unknown {
                            table.set(first, next, expected)
                        } else if found != expected {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
