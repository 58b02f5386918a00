@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// The one registry of what the process keeps per font (`FontRegistry`): each file read once, one
/// store per font, size, settings (and chain, for word records) whichever thread asks, word
/// records let go once no engine holds them while file bytes and shaping stores stay. Each test
/// makes a registry of its own, so that what it counts is its own.
@Suite("font registry")
struct FontRegistryTests {
    /// Copies of installed fonts under paths of their own (no other test reads them).
    static func copies(of sources: [String], in directory: String) throws -> [String] {
        try sources.enumerated().map { index, source in
            let path = directory + "/font\(index)" + (source.hasSuffix(".ttc") ? ".ttc" : ".ttf")
            try Data(contentsOf: URL(fileURLWithPath: source)).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// Threads opening the same fonts at once share one read of each file (each path has its own
    /// lock: a thread reading one file does not hold up another opening a different one).
    @Test("threads opening fonts at once get one read of each file")
    func concurrentReads() throws {
        let directory = try FontFaceErrorTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sources = [TestFonts.notoSansCJK, TestFonts.dejaVuSans, TestFonts.notoSansThai, TestFonts.liberationSerif]
        let paths = try Self.copies(of: sources, in: directory)
        let registry = FontRegistry()
        let threads = 8
        let results = UnsafeMutableBufferPointer<FontFileData?>.allocate(capacity: threads * paths.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread in its own order, so that reads of different files overlap.
            for step in 0..<paths.count {
                let index = (step + thread) % paths.count
                results[thread * paths.count + index] = try? registry.fileData(path: paths[index])
            }
        }
        #expect(registry.filesRead == paths.count)
        for (index, path) in paths.enumerated() {
            let first = try #require(results[index])
            #expect(Data(first.bytes) == (try Data(contentsOf: URL(fileURLWithPath: sources[index]))), "\(path)")
            for thread in 1..<threads {
                #expect(results[thread * paths.count + index] === first, "\(path), thread \(thread)")
            }
        }
    }

    /// A path that cannot be read is not kept as read: asked again once it is there, it is read.
    @Test("a missing font file is an error, and read once it is there")
    func missingThenThere() throws {
        let directory = try FontFaceErrorTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/font0.ttf"
        let registry = FontRegistry()
        #expect(throws: EngineError.fontNotFound(path: path)) { try registry.fileData(path: path) }
        #expect(registry.filesRead == 0)
        #expect(try Self.copies(of: [TestFonts.dejaVuSans], in: directory) == [path])
        let data = try registry.fileData(path: path)
        #expect(data.bytes.count == (try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans))).count)
        #expect(try registry.fileData(path: path) === data && registry.filesRead == 1)
    }

    /// The fonts `FontFallbackChain.identity` tells apart: Chromium's chain, and one of no fixed fallbacks.
    static func chains(_ face: FontFace) -> (chromium: FontFallbackChain.Identity, own: FontFallbackChain.Identity) {
        (FontFallbackChain.chromiumDefault(primary: face).identity,
         FontFallbackChain(primary: face, fixedFallbacks: [], usesSystemFallback: true).identity)
    }

    @Test("threads asking at once for the same key get the same stores")
    func sameStoreFromThreads() throws {
        let registry = FontRegistry()
        let face = try TestFonts.face(TestFonts.dejaVuSans)
        let key = FontRegistry.Key(face: face, fontSize: 14, splitsLongClusters: true)
        var chained = key
        chained.fallbacks = Self.chains(face).chromium
        let threads = 8, asks = 50
        let shaping = UnsafeMutableBufferPointer<SharedShapingStore?>.allocate(capacity: threads * asks)
        let records = UnsafeMutableBufferPointer<SharedWordRecords?>.allocate(capacity: threads * asks)
        shaping.initialize(repeating: nil)
        records.initialize(repeating: nil)
        defer {
            _ = shaping.deinitialize()
            _ = records.deinitialize()
            shaping.deallocate()
            records.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for ask in 0..<asks {
                shaping[thread * asks + ask] = registry.shapingStore(for: key)
                records[thread * asks + ask] = registry.wordRecords(for: chained)
            }
        }
        let firstShaping = try #require(shaping[0]), firstRecords = try #require(records[0])
        #expect(shaping.allSatisfy { $0 === firstShaping })
        #expect(records.allSatisfy { $0 === firstRecords })
        #expect(firstRecords.font(0) == key.font, "the records' first font is the primary one")
    }

    @Test("one shaping store per font file, face, size and settings, whichever worker's face asks")
    func shapingStoreIdentity() throws {
        let registry = FontRegistry()
        func store(_ face: FontFace, _ size: Double, splits: Bool = true) -> SharedShapingStore {
            registry.shapingStore(for: FontRegistry.Key(face: face, fontSize: size, splitsLongClusters: splits))
        }
        let a = try TestFonts.face(TestFonts.notoSansCJK), b = try TestFonts.face(TestFonts.notoSansCJK)
        let otherFace = try TestFonts.face(TestFonts.notoSansCJK, faceIndex: 1)
        let otherFile = try TestFonts.face(TestFonts.dejaVuSans)
        #expect(store(a, 14) === store(b, 14))
        #expect(store(a, 14) !== store(a, 14.5))
        #expect(store(a, 14) !== store(otherFace, 14))
        #expect(store(a, 14) !== store(otherFile, 14))
        #expect(store(a, 14) !== store(a, 14, splits: false))
        // Shaped text depends on the font alone: the chain after it is not part of the store's key.
        var chained = FontRegistry.Key(face: a, fontSize: 14, splitsLongClusters: true)
        chained.fallbacks = Self.chains(a).own
        #expect(registry.shapingStore(for: chained) === store(a, 14))
    }

    @Test("one word-record store per fonts, size and settings, and it lives while an engine holds it")
    func wordRecordsIdentity() throws {
        let registry = FontRegistry()
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let chains = Self.chains(face)
        func key(size: Double, chain: FontFallbackChain.Identity = chains.chromium, splits: Bool = true)
            -> FontRegistry.Key
        {
            FontRegistry.Key(font: FontReference(path: face.path, faceIndex: face.faceIndex), fontSize: size,
                             splitsLongClusters: splits, fallbacks: chain)
        }
        let store = registry.wordRecords(for: key(size: 16.625))
        #expect(registry.wordRecords(for: key(size: 16.625)) === store)
        #expect(registry.wordRecords(for: key(size: 16.75)) !== store)
        #expect(registry.wordRecords(for: key(size: 16.625, splits: false)) !== store)
        #expect(registry.wordRecords(for: key(size: 16.625, chain: chains.own)) !== store)
        weak let released = registry.wordRecords(for: key(size: 16.875))
        #expect(released == nil, "a store no engine holds is not kept")
    }

    /// Word records are let go once no one holds them; the file's bytes and the shaping store of the
    /// same font stay for the process (see `FontRegistry`).
    @Test("a store held by nobody is released while the file's bytes and shaping store stay")
    func releasedWhileBytesStay() throws {
        let directory = try FontFaceErrorTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.copies(of: [TestFonts.dejaVuSans], in: directory)[0]
        let registry = FontRegistry()
        let key = FontRegistry.Key(font: FontReference(path: path), fontSize: 13.125, splitsLongClusters: true,
                                   fallbacks: FontFallbackChain.Identity(fixedFallbacks: [], usesSystemFallback: false))
        let bytes = try registry.fileData(path: path)
        let shaping = ObjectIdentifier(registry.shapingStore(for: key))
        weak var records: SharedWordRecords?
        do {
            let held = registry.wordRecords(for: key)
            records = held
            #expect(registry.wordRecords(for: key) === held, "kept while held")
        }
        #expect(records == nil, "released once no one holds it")
        #expect(try registry.fileData(path: path) === bytes)
        #expect(registry.filesRead == 1, "the file is not read again")
        #expect(ObjectIdentifier(registry.shapingStore(for: key)) == shaping, "the shaping store stays")
    }
}
