@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// Workers measuring with the same fonts and settings share their word records
/// (`SharedWordRecords`): a worker takes a record another made instead of shaping the word again,
/// and its prepared texts hold exactly what shaping gives, fonts included (each worker has faces
/// of its own). Each test has a size of its own, so that no other test's engines share its store.
@Suite("shared word records")
struct SharedWordRecordsTests {
    /// An engine as a worker of a run makes it: its own faces of `font` and its own chain.
    static func worker(_ font: String, size: Double) throws -> TextLayoutEngine {
        let chain = FontFallbackChain.chromiumDefault(primary: try FontFace(path: font))
        return try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: .normal)
    }

    /// The texts of `WordRecordTests` that the lane puts together from records.
    static func textsFromRecords(_ font: String, size: Double) throws -> [String] {
        let probe = try worker(font, size: size)
        probe.usesSharedWordRecords = false
        return try WordRecordTests.texts().filter { text in
            let utf8 = Array(text.utf8)
            return utf8.withUnsafeBufferPointer { probe.preparePlainText($0) }?.paragraphs
                .contains(where: \.isFromWordRecords) ?? false
        }
    }

    @Test("a second worker takes the first one's records: no shaping, the same numbers and fonts as shaping")
    func secondWorkerTakesRecords() throws {
        let size = 14.125
        let texts = try Self.textsFromRecords(TestFonts.dejaVuSans, size: size)
        let first = try Self.worker(TestFonts.dejaVuSans, size: size)
        let second = try Self.worker(TestFonts.dejaVuSans, size: size)
        let (_, shaping) = try laneAndShapingEngines(TestFonts.dejaVuSans, size: size)
        for text in texts { _ = first.prepare(text) }
        // (Its lane, made on its first text, shapes a space of its own.)
        _ = second.prepare("lane")
        let shapingsBefore = second.harfBuzzShapings
        var differing: [String] = [], withFallback = 0
        for text in texts {
            let utf8 = Array(text.utf8)
            guard let prepared = utf8.withUnsafeBufferPointer({ second.preparePlainText($0) }) else {
                differing.append("not from records: \(text)")
                continue
            }
            if prepared.fonts.count > 1 { withFallback += 1 }
            if let field = prepared.differingNumbers(from: shaping.prepare(text), engine: second, otherEngine: shaping)
            {
                differing.append("\(field): \(text)")
            }
        }
        let shaped = second.harfBuzzShapings - shapingsBefore
        print(
            "shared word records: \(texts.count) texts (\(withFallback) with fallback fonts); the first worker "
                + "called HarfBuzz \(first.harfBuzzShapings) times, the second \(shaped)")
        #expect(texts.count > 1_000)
        #expect(withFallback > 300, "texts of other scripts take records naming fallback fonts")
        #expect(first.harfBuzzShapings > 1_000)
        #expect(shaped == 0, "every word's record was the first worker's")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    @Test("workers preparing at once, in different orders, give what one worker alone gives")
    func concurrentWorkers() async throws {
        let size = 15.375
        let texts = try Self.textsFromRecords(TestFonts.notoSans, size: size)
        let alone = try Self.worker(TestFonts.notoSans, size: size)
        alone.usesSharedWordRecords = false
        let expected = texts.map { alone.layout(alone.prepare($0), width: 97.5) }
        let orders = [
            Array(texts.indices), Array(texts.indices.reversed()),
            texts.indices.sorted { ($0 * 7919) % texts.count < ($1 * 7919) % texts.count },
        ]
        let results = try await withThrowingTaskGroup(of: [Int: TextLayout].self) { group in
            for order in orders {
                group.addTask {
                    let worker = try Self.worker(TestFonts.notoSans, size: size)
                    var layouts: [Int: TextLayout] = [:]
                    for index in order { layouts[index] = worker.layout(worker.prepare(texts[index]), width: 97.5) }
                    return layouts
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == orders.count)
        for layouts in results {
            let differing = texts.indices.filter { layouts[$0] != expected[$0] }
            #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(3).map { texts[$0] })")
        }
    }

    @Test("a record is shared once, found whole by its units and context, and not beyond the store's room")
    func storeContract() throws {
        let primary = FontReference(path: TestFonts.dejaVuSans, faceIndex: 0)
        let store = SharedWordRecords(primary: primary,
                                      capacity: .init(records: 3, units: 64, breaks: 8, losses: 8, splits: 8))
        #expect(store.fontIndex(of: primary) == 0)
        let fallback = FontReference(path: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
                                     faceIndex: 0)
        let fallbackIndex = try #require(store.fontIndex(of: fallback))
        #expect(fallbackIndex == 1 && store.fontIndex(of: fallback) == 1 && store.font(1) == fallback)
        /// Shares word `text` (its numbers made up: advances 1000 per unit, a break inside it, its
        /// units drawn by `font`), in context `edges`.
        func share(_ text: String, edges: UInt8 = 3, font: UInt8 = 0) {
            let units = Array(text.utf16)
            let hash = units.withUnsafeBufferPointer {
                WordRecords.hash($0.baseAddress!, units.count, leadingScript: 0, edges: edges)
            }
            let record = WordRecords.Record(hash: hash, leadingScript: 0, edges: edges, unitStart: 0,
                                            unitCount: Int32(units.count), breakStart: 0, breakCount: 1, lossStart: 0,
                                            lossCount: 0, width: 1000 * units.count, firstScript: 0, lastScript: 0,
                                            firstFont: font == 0 ? -1 : Int16(font), firstChosenByItself: true,
                                            lastFont: -1, lastChosenByItself: false, isOneRun: true,
                                            usesFallback: font != 0, hasSoftHyphens: false, isUsable: true)
            let advances = [Int32](repeating: 1000, count: units.count)
            let cuttable = [Bool](repeating: true, count: units.count)
            let fonts = [UInt8](repeating: font, count: units.count)
            let breakOffsets: [Int32] = [1], breakXs = [1000], breakKinds: [BreakKind] = [.afterSpaces]
            let none: [Int32] = [], noValues: [Int] = [], noSplits: [LigatureSplit] = []
            units.withUnsafeBufferPointer { units in advances.withUnsafeBufferPointer { advances in
            cuttable.withUnsafeBufferPointer { cuttable in fonts.withUnsafeBufferPointer { fonts in
            breakOffsets.withUnsafeBufferPointer { breakOffsets in breakXs.withUnsafeBufferPointer { breakXs in
            breakKinds.withUnsafeBufferPointer { breakKinds in none.withUnsafeBufferPointer { none in
            noValues.withUnsafeBufferPointer { noValues in noSplits.withUnsafeBufferPointer { noSplits in
                store.share(SharedWordRecords.Found(
                    record: record, units: units, advances: advances, cuttable: cuttable, fontIndices: fonts,
                    breakOffsets: breakOffsets, breakXs: breakXs, breakKinds: breakKinds, lossOffsets: none,
                    lossValues: noValues, splitOffsets: none, splitValues: noSplits))
            }}}}}}}}}}
        }
        func find(_ text: String, edges: UInt8 = 3) -> SharedWordRecords.Found? {
            let units = Array(text.utf16)
            return units.withUnsafeBufferPointer {
                let hash = WordRecords.hash($0.baseAddress!, units.count, leadingScript: 0, edges: edges)
                return store.find($0.baseAddress!, units.count, hash: hash, leadingScript: 0, edges: edges)
            }
        }
        share("नमस्ते", font: 1)
        share("नमस्ते", font: 1)
        #expect(store.count == 1, "a record shared twice is kept once")
        let found = try #require(find("नमस्ते"))
        #expect(Array(found.units) == Array("नमस्ते".utf16) && found.advances.allSatisfy { $0 == 1000 })
        #expect(found.fontIndices.allSatisfy { $0 == 1 } && found.record.firstFont == 1)
        #expect(Array(found.breakXs) == [1000] && found.breakKinds.first == .afterSpaces)
        #expect(find("नमस्ते", edges: 1) == nil, "another context is another record")
        #expect(find("नमस्त") == nil && find("hello") == nil)
        share("hello", edges: 1)
        share("world")
        #expect(store.count == 3)
        share("beyond")
        #expect(store.count == 3 && find("beyond") == nil, "a full store shares no more")
        #expect(find("hello", edges: 1) != nil && find("world") != nil)
    }
}
