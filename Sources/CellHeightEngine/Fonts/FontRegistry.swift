import Synchronization

/// What the process keeps per font, in one place: the bytes of each font file (`FontFileData`),
/// and what the workers share per font, size and shaping settings: shaped words and ranges and
/// the pairwise lane's tables (`SharedShapingStore`), and word records (`SharedWordRecords`).
///
/// Faces are not kept here: FreeType and HarfBuzz objects are not thread-safe, so each worker
/// opens its own (its engine's `FontFallbackChain`), from the bytes kept here. Everything kept
/// here is found by what is the same for every worker's faces of a font: its file's path and the
/// face's index in it (`Key`).
///
/// One lock, `state`, held only to find or add an entry, never while one is read or made: a
/// file's bytes are read under the file's own lock (`FileSlot`), so that a thread reading Noto
/// Sans CJK (20 MB, some 5 ms) keeps the others from reading it again, not from opening other fonts.
///
/// What is kept how long:
/// - a file's bytes, for the process: a run meets few fonts (its own, Chromium's default font,
///   one per script met), and once read a path is one font for the whole run, whatever happens to
///   the file (every face opened later sees the bytes the first one saw; see `FontFileData`);
/// - a shaping store, for the process: bounded (its caches forget by generations), a handful per
///   run, and its pairwise tables cost a check of the font to make again; an engine made per call
///   (`TextMeasurer`, `measure(_:font:size:width:)`) finds the words the previous one shaped;
/// - word records, weakly, while an engine holds them: a store takes up to 40 MB once full, and
///   each set of fonts, size and settings has its own (the per-row fonts of a rules file make many).
final class FontRegistry: Sendable {
    /// The registry the engine uses (`FontFace`, `Shaper`, `TextLayoutEngine`); tests make their own.
    static let shared = FontRegistry()

    /// What makes stores differ: the font (a file and a face in it), the size, the shaping
    /// settings that change results and, for what depends on them, the fonts after it.
    struct Key: Hashable {
        var font: FontReference
        var fontSize: Double
        /// `Shaper.splitsLongClusters` (on but in tests).
        var splitsLongClusters: Bool
        /// The fallback chain after `font` (word records name the fonts that drew each character);
        /// nil for what depends on `font` alone.
        var fallbacks: FontFallbackChain.Identity?

        init(font: FontReference, fontSize: Double, splitsLongClusters: Bool,
             fallbacks: FontFallbackChain.Identity? = nil) {
            self.font = font
            self.fontSize = fontSize
            self.splitsLongClusters = splitsLongClusters
            self.fallbacks = fallbacks
        }

        /// `face`'s font (any worker's face of it).
        init(face: FontFace, fontSize: Double, splitsLongClusters: Bool) {
            self.init(font: FontReference(path: face.path, faceIndex: face.faceIndex), fontSize: fontSize,
                      splitsLongClusters: splitsLongClusters)
        }
    }

    /// A path's bytes once read, and the lock held while they are read (a waiter sleeps: Noto
    /// Sans CJK takes milliseconds).
    private final class FileSlot: @unchecked Sendable {
        let lock = SleepingMutex(())
        var data: FontFileData?
    }

    private struct WeakWordRecords {
        weak var store: SharedWordRecords?
    }

    private struct State {
        var files: [String: FileSlot] = [:]
        /// How many files were read (one per path).
        var filesRead = 0
        var shapingStores: [Key: SharedShapingStore] = [:]
        var wordRecords: [Key: WeakWordRecords] = [:]
    }
    private let state = Mutex(State())

    init() {}

    /// The bytes of the font file at `path`, read on first use.
    ///
    /// - Throws: `EngineError` when the path is missing, unreadable, a directory, or not a
    ///   regular file (a FIFO would block forever, a device never end). A path that failed is
    ///   read again when asked again.
    func fileData(path: String) throws -> FontFileData {
        let slot = state.withLock { state in
            if let slot = state.files[path] { return slot }
            let slot = FileSlot()
            state.files[path] = slot
            return slot
        }
        return try slot.lock.withLock { _ in
            if let data = slot.data { return data }
            let data = try FontFileData.read(path)
            slot.data = data
            state.withLock { $0.filesRead += 1 }
            return data
        }
    }

    /// How many font files this registry has read.
    var filesRead: Int { state.withLock { $0.filesRead } }

    /// The shaping store of `key`'s font at its size and settings, made on first use. The chain
    /// after the font (`key.fallbacks`) is left out: shaped text depends on the font alone.
    func shapingStore(for key: Key) -> SharedShapingStore {
        var key = key
        key.fallbacks = nil
        return state.withLock { state in
            if let store = state.shapingStores[key] { return store }
            let store = SharedShapingStore()
            state.shapingStores[key] = store
            return store
        }
    }

    /// The word records of `key` (its primary font, chain, size and settings), made when no
    /// engine holds them (stores no one holds any more are forgotten then).
    func wordRecords(for key: Key) -> SharedWordRecords {
        state.withLock { state in
            if let store = state.wordRecords[key]?.store { return store }
            state.wordRecords = state.wordRecords.filter { $0.value.store != nil }
            let store = SharedWordRecords(primary: key.font)
            state.wordRecords[key] = WeakWordRecords(store: store)
            return store
        }
    }
}
