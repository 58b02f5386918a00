import CHarfBuzz

/// Shapes paragraphs with HarfBuzz, using the fallback chain for clusters a font lacks.
///
/// Like Chromium's HarfBuzzShaper: shape a script run with the first font, then reshape each
/// range of clusters that came out as .notdef with the next font, until every cluster has a
/// font or the chain is exhausted (then the primary font's .notdef boxes are kept).
/// Not thread-safe: use one shaper (and one chain) per thread.
final class Shaper {
    let chain: FontFallbackChain
    let fontSize: Double
    let buffer: OpaquePointer
    /// Words already shaped, for paragraphs that can be shaped word by word (see SegmentShaping).
    var segmentCache = ShapedSegmentCache()
    /// Whether simple paragraphs use `segmentCache`; off only to compare both paths in tests.
    var usesSegmentCache = true
    /// The fallback chain's answers as this shaper has had them (see `FallbackFaces`).
    lazy var fallbackFaces = FallbackFaces(chain: chain)
    /// The glyphs the fonts have, as the fallback loop asked (see `GlyphCoverageMemo`).
    var coverage = GlyphCoverageMemo()
    /// The fonts other than the primary one that drew a character, in the order they first did
    /// (a report's settings list them: fontconfig's choices depend on the text).
    private(set) var fallbackFontsUsed: [FontFace] = []
    /// Ranges the fallback loop shaped already (see `ShapedRangeCache`).
    var rangeCache = ShapedRangeCache()
    /// Whether the fallback loop uses `rangeCache`; off only to compare with shaping every range in tests.
    var usesRangeCache = true
    /// Whether clusters of very many marks are shaped in pieces (see `LongClusterPieces`); off
    /// only to compare with shaping them whole in tests.
    var splitsLongClusters = true {
        didSet { sharedStores.removeAll() }
    }
    /// The stores this shaper shares with the other workers' shapers, per face it asked for (see
    /// `sharedStore(for:)`).
    private var sharedStores: [(face: FontFace, store: SharedShapingStore)] = []
    /// Calls to HarfBuzz's shaping so far, e.g. 9_344 (what the caches save).
    private(set) var harfBuzzShapings = 0
    /// How long a range is shaped as one HarfBuzz buffer at most, and how far before a window's
    /// end it is cut (see `forEachWindow`); small only to test the windows.
    var runWindow = defaultRunWindow
    static let defaultRunWindow = (units: 1 << 16, margin: 256)
    /// Whether a fallback font that has none of a range's characters is skipped without shaping
    /// (see `FontFace.drawsNothing`); off only to compare with shaping it in tests.
    var skipsFontsWithoutGlyphs = true
    /// Runs the primary font provably draws only spaces, digits and punctuation of, read without
    /// shaping (see `NotdefScan`).
    let notdefScan = NotdefScan()
    /// Whether the fallback loop's first pass uses `notdefScan`; off only to compare with
    /// shaping in tests.
    var usesNotdefScan = true
    /// Whether the primary font draws every printable ASCII character (then ASCII text never
    /// needs fallback).
    lazy var primaryCoversASCII: Bool = (0x20...0x7E).allSatisfy { chain.primary.hasGlyph($0) }

    /// Features Chromium turns on beyond HarfBuzz's defaults: `chws`, the font's own contextual
    /// half-width spacing of adjacent CJK punctuation (CSS `text-spacing-trim: normal` trims
    /// adjacent punctuation; Blink's FontFeatures adds `chws` for it).
    static let defaultFeatures: [hb_feature_t] = {
        var chws = hb_feature_t()
        _ = hb_feature_from_string("chws", -1, &chws)
        return [chws]
    }()

    /// Chromium's content language when no `lang` is set.
    static let language = hb_language_from_string("en-us", -1)

    /// `units` shaped alone, left to right, as text of `script` in `font` with Chromium's features:
    /// what `body` reads of HarfBuzz's glyphs and positions (valid only in it); nil when HarfBuzz
    /// gives no buffer.
    static func shapedAlone<T>(_ units: [UInt16], script: hb_script_t, font: OpaquePointer,
                               _ body: (UnsafeBufferPointer<hb_glyph_info_t>,
                                        UnsafeBufferPointer<hb_glyph_position_t>) -> T) -> T? {
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf16(buffer, units, Int32(units.count), 0, Int32(units.count))
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_language(buffer, language)
        defaultFeatures.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count), positions = hb_buffer_get_glyph_positions(buffer, &count)
        return body(UnsafeBufferPointer(start: infos, count: Int(count)),
                    UnsafeBufferPointer(start: positions, count: Int(count)))
    }

    init(chain: FontFallbackChain, fontSize: Double) {
        self.chain = chain
        self.fontSize = fontSize
        self.buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `text` (one paragraph, no "\n"). Tabs are shaped as spaces: their width depends on
    /// where they fall on a line and is set during layout.
    func shape(_ text: [UInt16]) -> ShapedParagraph {
        var whole: ShapedParagraph?
        shapeInPieces(text, pieceUnits: .max) { whole = $0 }
        return whole!
    }

    /// Shapes `text` as `shape(_:)` does, handing it over in pieces of consecutive script runs of
    /// at least `pieceUnits` units (the last may be shorter; one piece when the text is shorter):
    /// runs are shaped one by one with the whole text as context, so the pieces hold exactly
    /// what shaping it whole gives, and a long paragraph's numbers are never all in memory at once.
    /// `contexts`: see `scriptRuns(of:contexts:)`.
    func shapeInPieces(_ text: [UInt16], pieceUnits: Int, contexts: [ScriptContext] = [],
                       _ body: (ShapedParagraph) -> Void) {
        func piece(_ range: Range<Int>) -> ShapedParagraph {
            ShapedParagraph(start: range.lowerBound, advances: Array(repeating: 0, count: range.count),
                            fontIndices: Array(repeating: 0, count: range.count), fonts: [chain.primary],
                            clusterStarts: Array(repeating: false, count: range.count))
        }
        guard !text.isEmpty else { return body(piece(0..<0)) }
        if usesSegmentCache, contexts.isEmpty, let shaped = shapeBySegments(text) { return body(shaped) }
        var shapingText = text
        for i in shapingText.indices where shapingText[i] == 0x09 { shapingText[i] = 0x20 }
        // Chromium shapes each script run piece by piece where emoji presentation starts or ends,
        // and gives the emoji pieces their own fallback fonts (see `EmojiSegments`).
        let emojiSegments = EmojiSegments.segments(in: text)
        let runs = scriptRuns(of: text, contexts: contexts)
        var first = 0
        while first < runs.count {
            // The runs of this piece: at least `pieceUnits` units of them, or the rest.
            var last = first
            while last + 1 < runs.count && runs[last].range.upperBound - runs[first].range.lowerBound < pieceUnits { last += 1 }
            var shaped = piece(runs[first].range.lowerBound..<runs[last].range.upperBound)
            for run in runs[first...last] {
                for piece in EmojiSegments.split(run.range, by: emojiSegments) {
                    shapeRun(shapingText, run: ScriptRun(range: piece.range, script: run.script),
                             emojiPresentation: piece.isEmoji, into: &shaped)
                }
            }
            body(shaped)
            first = last + 1
        }
    }

    struct Cluster {
        var range: Range<Int>
        var advance: Double
        var missing: Bool
        /// The advance its glyphs have alone, before kerning with what follows.
        var nominalAdvance: Double = 0
        /// HarfBuzz says cutting the text before this cluster changes the shaping around it.
        var unsafeToBreakBefore = false
    }

    /// Shapes `run` as Chromium's HarfBuzzShaper::ShapeSegment does: each font of the fallback
    /// iterator is tried on all the clusters still without a font, in logical order, and the
    /// next font is chosen for the first of them (see `FontFallbackChain.FallbackIterator`).
    func shapeRun(_ text: [UInt16], run: ScriptRun, emojiPresentation: Bool, into shaped: inout ShapedParagraph) {
        var fonts = chain.fonts(emojiPresentation: emojiPresentation, faces: fallbackFaces)
        var pending: [Range<Int>] = [run.range]
        // Moved once every cluster of the run has its font (a later font may draw the one before).
        var lineStartCollapses: [HanKerning.LineStartCollapse] = []
        defer { moveLineStartCollapses(lineStartCollapses, into: &shaped) }
        while !pending.isEmpty {
            let (hints, definiteHint) = fallbackHints(text, pending)
            guard let face = fonts.next(hints: hints, definiteHint: definiteHint) else {
                // No font has these clusters: keep the primary font's .notdef boxes, as browsers draw them.
                for range in pending {
                    forEachWindow(text, range, script: run.script, face: chain.primary) {
                        store($0, face: chain.primary, into: &shaped)
                    }
                }
                return
            }
            var stillMissing: [Range<Int>] = []
            for range in pending {
                if skipsFontsWithoutGlyphs && face.drawsNothing(of: text, range, coverage: &coverage) {
                    stillMissing.append(range)
                    continue
                }
                // (A range of missing clusters may span windows: it is closed by the next cluster drawn.)
                var missingStart: Int?
                let isFirstPass = face === chain.primary
                forEachWindow(text, range, script: run.script, face: face, missingAsRanges: isFirstPass) { clusters in
                    var resolved: [Cluster] = []
                    resolved.reserveCapacity(clusters.count)
                    for cluster in clusters {
                        if cluster.missing {
                            if missingStart == nil { missingStart = cluster.range.lowerBound }
                            continue
                        }
                        if let start = missingStart {
                            stillMissing.append(start..<cluster.range.lowerBound)
                            missingStart = nil
                        }
                        resolved.append(cluster)
                    }
                    store(resolved, face: face, into: &shaped)
                    recordLineEndTrims(text, clusters: resolved, script: run.script, face: face, into: &shaped)
                    lineStartCollapses += self.lineStartCollapses(text, clusters: resolved, script: run.script,
                                                                  face: face)
                    if hb_script_get_horizontal_direction(run.script) != HB_DIRECTION_RTL {
                        for (offset, loss) in kerningLostAtBreaks(resolved) {
                            shaped.lineEndAdjustments[offset - shaped.start, default: 0] += loss
                        }
                    }
                }
                if let start = missingStart { stillMissing.append(start..<range.upperBound) }
            }
            pending = stillMissing
        }
    }

    /// Calls `body` with the clusters of `range` shaped with `face`, in logical order, a window at
    /// a time: a range longer than `runWindow.units` (a long paragraph in one script) is shaped in
    /// windows cut before a cluster that HarfBuzz does not mark unsafe to break before, at least
    /// `runWindow.margin` units before the window's end. HarfBuzz's promise for such a place is
    /// that shaping each side apart gives what shaping both together gives; the margin keeps the
    /// window's own end, where the text was cut, far from it. So a long run's glyphs (some 130
    /// bytes a character with HarfBuzz's buffers and the clusters) are never all in memory.
    /// `missingAsRanges`: the caller reads missing clusters only as ranges, so a range
    /// `notdefScan` answers is not shaped (it gives each range of missing clusters as one).
    func forEachWindow(_ text: [UInt16], _ range: Range<Int>, script: hb_script_t, face: FontFace,
                       missingAsRanges: Bool = false, _ body: ([Cluster]) -> Void) {
        if missingAsRanges && usesNotdefScan && range.count <= runWindow.units,
           let clusters = notdefScan.clusters(text, range: range, script: script, face: face, fontSize: fontSize,
                                              splitsLongClusters: splitsLongClusters) {
            return body(clusters)
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let end = start + runWindow.units
            guard end < range.upperBound else {
                return body(runClusters(text, range: start..<range.upperBound, script: script, face: face))
            }
            var clusters = shapeClusters(text, range: start..<end, script: script, face: face)
            let limit = end - runWindow.margin
            guard let cut = clusters.lastIndex(where: {
                $0.range.lowerBound > start && $0.range.lowerBound <= limit && !$0.unsafeToBreakBefore
            }) else {
                // Nowhere safe to cut in the window (never seen in real text): the rest whole.
                return body(shapeClusters(text, range: start..<range.upperBound, script: script, face: face))
            }
            let next = clusters[cut].range.lowerBound
            clusters.removeSubrange(cut...)
            body(clusters)
            start = next
        }
    }

    /// `shapeClusters`, through the range cache (and the store behind it that the workers share)
    /// when it is on.
    private func runClusters(_ text: [UInt16], range: Range<Int>, script: hb_script_t, face: FontFace) -> [Cluster] {
        guard usesRangeCache else { return shapeClusters(text, range: range, script: script, face: face) }
        return rangeCache.clusters(text, range: range, script: script, face: face,
                                   shared: { sharedStore(for: face).ranges }) {
            shapeClusters(text, range: range, script: script, face: face)
        }
    }

    /// The store that every worker's shaper with `face`'s font at this size shares (found once
    /// per face: a shaper meets a handful).
    func sharedStore(for face: FontFace) -> SharedShapingStore {
        if let known = sharedStores.first(where: { $0.face === face }) { return known.store }
        let key = FontRegistry.Key(face: face, fontSize: fontSize, splitsLongClusters: splitsLongClusters)
        let store = FontRegistry.shared.shapingStore(for: key)
        sharedStores.append((face, store))
        return store
    }

    /// For fonts that collapse punctuation: how much each fullwidth closing bracket would shrink
    /// at the end of a line (measured by shaping it alone with `halt`). Chromium lets such a
    /// bracket take half its width when it ends a line ("模式为「自动」" fits where its full width
    /// would not); it does not trim opening brackets at line starts (seen on the oracle cases).
    private func recordLineEndTrims(_ text: [UInt16], clusters: [Cluster], script: hb_script_t, face: FontFace,
                                    into shaped: inout ShapedParagraph) {
        guard let data = face.hanKerning else { return }
        for cluster in clusters where cluster.range.count == 1 {
            let unit = text[cluster.range.lowerBound]
            guard HanKerning.unicodeType(UInt32(unit)) == .close, data.type(of: unit) == .close else { continue }
            let halted = advanceAlone(unit, script: script, face: face, halt: true)
            if halted < cluster.advance {
                shaped.lineEndAdjustments[cluster.range.upperBound - shaped.start, default: 0] -= cluster.advance - halted
            }
        }
    }

    /// Where HarfBuzz marks a cut as unsafe (a kerning pair spans it), a line ending there is
    /// reshaped by Chromium and its last glyph loses the kerning: record how much wider it gets.
    func kerningLostAtBreaks(_ clusters: [Cluster], only offsets: ClosedRange<Int>? = nil) -> [Int: Double] {
        var losses: [Int: Double] = [:]
        for (previous, cluster) in zip(clusters, clusters.dropFirst())
        where cluster.unsafeToBreakBefore && previous.range.upperBound == cluster.range.lowerBound
            && offsets.map({ $0.contains(cluster.range.lowerBound) }) ?? true {
            let loss = previous.nominalAdvance - previous.advance
            if loss != 0 { losses[cluster.range.lowerBound, default: 0] += loss }
        }
        return losses
    }

    /// The advance of `unit` shaped alone, with or without `halt` (half-width CJK punctuation).
    func advanceAlone(_ unit: UInt16, script: hb_script_t, face: FontFace, halt: Bool) -> Double {
        face.setSize(fontSize)
        hb_buffer_clear_contents(buffer)
        var single = unit
        hb_buffer_add_utf16(buffer, &single, 1, 0, 1)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        var feature = hb_feature_t(tag: hbTag("halt"), value: 1, start: 0, end: UInt32.max)
        hb_shape(face.hbFont, buffer, &feature, halt ? 1 : 0)
        harfBuzzShapings += 1
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count), count > 0 else { return 0 }
        return (0..<Int(count)).reduce(0.0) { $0 + Double(positions[$1].x_advance) } / FontFace.harfBuzzUnitsPerPixel
    }

    /// The fallback hints of the text still without a font (HarfBuzzShaper's
    /// CollectFallbackHintChars): its distinct code points in order, up to and including the
    /// first of a definite script, which is returned apart (at most 16 code points).
    private func fallbackHints(_ text: [UInt16], _ pending: [Range<Int>]) -> (hints: [UInt32], definite: UInt32?) {
        let unicode = hb_unicode_funcs_get_default()
        var hints: [UInt32] = []
        for range in pending {
            var i = range.lowerBound
            while i < range.upperBound && hints.count < 16 {
                let (codePoint, length) = decodeUTF16(text, at: i)
                if !hints.contains(codePoint) { hints.append(codePoint) }
                if Self.hasDefiniteScript(codePoint, unicode) { return (hints, codePoint) }
                i += length
            }
        }
        return (hints, nil)
    }

    /// U+3000 IDEOGRAPHIC SPACE: a font without it gets HarfBuzz's space glyph in its place, which
    /// Blink's HarfBuzzShaper (ExtractShapeResults) counts as missing, so the text falls back to a
    /// font that has it (Noto Sans CJK), whose taller `normal` line the line then takes: Liberation
    /// Mono 11 px is 12 px a line, 14 with U+3000 (issue 32, item 8).
    static let ideographicSpace: UInt16 = 0x3000

    /// Blink's `Character::HasDefiniteScript`: a script other than Common or Inherited, or, for
    /// those, one given by the character's Unicode block (`GetScriptBasedOnUnicodeBlock` in
    /// character.cc: CJK Symbols and Punctuation, Hiragana, Katakana, Arabic, Thai, Greek and
    /// Coptic, Devanagari, Armenian, Georgian, Kannada, Gothic). So an Arabic kasra is a hint,
    /// and a keycap mark (U+20E3) is not.
    static func hasDefiniteScript(_ codePoint: UInt32, _ unicode: OpaquePointer?) -> Bool {
        let script = hb_unicode_script(unicode, codePoint)
        if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED { return true }
        switch codePoint {
        case 0x3000...0x30FF, 0x0600...0x06FF, 0x0E00...0x0E7F, 0x0370...0x03FF, 0x0900...0x097F,
             0x0530...0x058F, 0x10A0...0x10FF, 0x0C80...0x0CFF, 0x10330...0x1034F:
            return true
        default:
            return false
        }
    }

    private func store(_ clusters: [Cluster], face: FontFace, into shaped: inout ShapedParagraph) {
        guard !clusters.isEmpty else { return }
        var fontIndex = shaped.fonts.firstIndex(where: { $0 === face })
        if fontIndex == nil {
            shaped.fonts.append(face)
            fontIndex = shaped.fonts.count - 1
            if face !== chain.primary && !fallbackFontsUsed.contains(where: { $0 === face }) { fallbackFontsUsed.append(face) }
        }
        for cluster in clusters {
            shaped.advances[cluster.range.lowerBound - shaped.start] = cluster.advance
            shaped.clusterStarts[cluster.range.lowerBound - shaped.start] = true
            for i in cluster.range { shaped.fontIndices[i - shaped.start] = UInt8(truncatingIfNeeded: fontIndex!) }
        }
    }

    /// Shapes `range` of `text` with `face`, the rest of the text given as context, and returns
    /// its clusters in logical order. A cluster of very many marks is shaped in pieces (see
    /// `LongClusterPieces`) whose advances are added up: the cluster comes out as one.
    func shapeClusters(_ text: [UInt16], range: Range<Int>, script: hb_script_t, face: FontFace) -> [Cluster] {
        let pieces = splitsLongClusters ? LongClusterPieces.pieces(of: text, range: range) : [range]
        guard pieces.count > 1 else { return shapePiece(text, range: range, script: script, face: face) }
        var clusters: [Cluster] = []
        for piece in pieces {
            var pieceClusters = shapePiece(text, range: piece, script: script, face: face)[...]
            // A piece after the first starts inside a run of marks: its first cluster continues
            // the last cluster of the piece before.
            if piece.lowerBound > range.lowerBound, let continued = pieceClusters.popFirst(), !clusters.isEmpty {
                clusters[clusters.count - 1].range = clusters[clusters.count - 1].range.lowerBound..<continued.range.upperBound
                clusters[clusters.count - 1].advance += continued.advance
                clusters[clusters.count - 1].nominalAdvance += continued.nominalAdvance
                clusters[clusters.count - 1].missing = clusters[clusters.count - 1].missing || continued.missing
            }
            clusters += pieceClusters
        }
        return clusters
    }

    /// Shapes `range` of `text` as one HarfBuzz buffer (see `shapeClusters`).
    private func shapePiece(_ text: [UInt16], range: Range<Int>, script: hb_script_t, face: FontFace) -> [Cluster] {
        face.setSize(fontSize)
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count),
                                UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL
                                ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_language(buffer, Self.language)
        var features = Self.defaultFeatures
        if let data = face.hanKerning {
            for offset in HanKerning.collapsedOffsets(in: text, range: range, data: data) {
                features.append(hb_feature_t(tag: hbTag("halt"), value: 1, start: UInt32(offset), end: UInt32(offset + 1)))
            }
        }
        features.withUnsafeBufferPointer { features in
            hb_shape(face.hbFont, buffer, features.baseAddress, UInt32(features.count))
        }
        harfBuzzShapings += 1
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        // Glyphs come in visual order with monotone cluster values (HarfBuzz's default cluster
        // level): merge the glyphs of each cluster, then put the clusters in logical order.
        var clusters: [Cluster] = []
        clusters.reserveCapacity(Int(count))
        var firstGlyphs: [Int] = []
        firstGlyphs.reserveCapacity(Int(count) + 1)
        var g = 0
        while g < Int(count) {
            let start = Int(infos[g].cluster)
            firstGlyphs.append(g)
            var advance = 0
            var missing = false, unsafe = false
            while g < Int(count) && Int(infos[g].cluster) == start {
                advance += Int(positions[g].x_advance)
                missing = missing || infos[g].codepoint == 0
                    || (text[start] == Self.ideographicSpace && !face.hasGlyph(UInt32(Self.ideographicSpace)))
                unsafe = unsafe || (infos[g].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0
                g += 1
            }
            let pixels = Double(advance) / FontFace.harfBuzzUnitsPerPixel
            clusters.append(Cluster(range: start..<start, advance: pixels, missing: missing, nominalAdvance: pixels,
                                    unsafeToBreakBefore: unsafe))
        }
        firstGlyphs.append(Int(count))
        // The advance without kerning matters only for a cluster beside an unsafe cut (see
        // `kerningLostAtBreaks`), and for the end clusters, which a long cluster's next piece
        // may continue: set it for those alone. The glyphs' own advances are read in one call
        // (a call per glyph went through HarfBuzz's dispatch into `skiaAdvanceFuncs` each time:
        // 280 instructions, 0.9% of a multilingual run's).
        withUnsafeTemporaryAllocation(of: hb_position_t.self, capacity: Int(count)) { nominals in
            let glyphs = (UnsafeRawPointer(infos) + MemoryLayout<hb_glyph_info_t>.offset(of: \.codepoint)!)
                .assumingMemoryBound(to: hb_codepoint_t.self)
            hb_font_get_glyph_h_advances(face.hbFont, count, glyphs, UInt32(MemoryLayout<hb_glyph_info_t>.stride),
                                         nominals.baseAddress, UInt32(MemoryLayout<hb_position_t>.stride))
            for n in clusters.indices
            where n == 0 || n == clusters.count - 1 || clusters[n].unsafeToBreakBefore
                || clusters[n - 1].unsafeToBreakBefore || clusters[n + 1].unsafeToBreakBefore {
                var nominal = 0
                for glyph in firstGlyphs[n]..<firstGlyphs[n + 1] { nominal += Int(nominals[glyph]) }
                clusters[n].nominalAdvance = Double(nominal) / FontFace.harfBuzzUnitsPerPixel
            }
        }
        if clusters.count > 1, clusters[0].range.lowerBound > clusters[1].range.lowerBound { clusters.reverse() }
        for n in clusters.indices {
            let end = n + 1 < clusters.count ? clusters[n + 1].range.lowerBound : range.upperBound
            clusters[n].range = clusters[n].range.lowerBound..<end
        }
        return clusters
    }
}
