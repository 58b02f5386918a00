import CHarfBuzz
import ICUBridge

/// Chromium's fullwidth punctuation collapsing (CSS `text-spacing-trim: normal`, Blink's
/// HanKerning in platform/fonts/shaping/han_kerning.cc), for fonts with the OpenType `halt`
/// feature (Noto Sans CJK has it):
/// - adjacent punctuation: an opening bracket after an opening bracket, a middle dot or a closing
///   bracket is set half-width, and so is a closing bracket before a closing bracket or a middle dot
///   ("，「" and "」。" take one em and a half, not two);
/// - at the end of a line, a fullwidth closing bracket may be set half-width (see the Shaper);
/// - a pair is collapsed only within a line: an opening bracket that starts a line is full width
///   (see `Shaper.lineStartCollapses`).
/// Blink classifies characters by Unicode properties and resolves the ambiguous ones (full stops,
/// commas, colons, curly quotes) from where the font draws them.
enum HanKerning {
    enum CharType: UInt8 {
        case other, open, close, middle, openNarrow, closeNarrow
        case dot, colon, semicolon, openQuote, closeQuote
    }

    /// The type a character has before the font is consulted.
    static func unicodeType(_ codePoint: UInt32) -> CharType {
        switch codePoint {
        case 0x201C, 0x2018: return .openQuote
        case 0x201D, 0x2019: return .closeQuote
        case 0x3000, 0x00B7, 0x2027, 0x30FB: return .middle
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return .dot
        case 0xFF1A: return .colon
        case 0xFF1B: return .semicolon
        default: break
        }
        guard codePoint >= 0x28 else { return .other }
        let category = icub_general_category(codePoint)
        let isOpen = category == Int32(ICUB_GC_PS)
        guard isOpen || category == Int32(ICUB_GC_PE) else { return .other }
        let isWide = icub_is_in_cjk_symbols_block(codePoint) != 0
            || icub_east_asian_width(codePoint) == Int32(ICUB_EA_FULLWIDTH)
        switch (isOpen, isWide) {
        case (true, true): return .open
        case (false, true): return .close
        case (true, false): return .openNarrow
        case (false, false): return .closeNarrow
        }
    }

    /// Whether a character may be collapsed at all (a cheap test before any work): fullwidth
    /// brackets, and the dots, colons and quotes that a font may draw as fullwidth brackets.
    static func mayCollapse(_ unit: UInt16) -> Bool {
        guard unit >= 0x2018 else { return false }
        switch unicodeType(UInt32(unit)) {
        case .open, .close, .dot, .colon, .semicolon, .openQuote, .closeQuote: return true
        case .other, .middle, .openNarrow, .closeNarrow: return false
        }
    }

    /// An opening character after an opening, middle, closing or narrow opening one is halved.
    static func shouldKern(_ type: CharType, after last: CharType) -> Bool {
        type == .open && (last == .open || last == .middle || last == .close || last == .openNarrow)
    }

    /// A closing character before a closing, middle or narrow closing one is halved.
    static func shouldKernLast(_ type: CharType, after last: CharType) -> Bool {
        last == .close && (type == .close || type == .middle || type == .closeNarrow)
    }

    /// How one font draws the ambiguous punctuation, found from its glyphs' ink bounds.
    struct FontData {
        var typeForDot: CharType
        var typeForColon: CharType
        var typeForSemicolon: CharType
        var isQuoteFullwidth: Bool

        func resolve(_ type: CharType) -> CharType {
            switch type {
            case .dot: return typeForDot
            case .colon: return typeForColon
            case .semicolon: return typeForSemicolon
            case .openQuote: return isQuoteFullwidth ? .open : .openNarrow
            case .closeQuote: return isQuoteFullwidth ? .close : .closeNarrow
            default: return type
            }
        }

        func type(of unit: UInt16) -> CharType { resolve(unicodeType(UInt32(unit))) }

        /// Probe characters: dots (、。，．), colon, semicolon, then curly quotes (“‘”’).
        static let probe: [UInt16] = [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x201C, 0x2018, 0x201D, 0x2019]

        /// The font's data, or nil when it has no `halt` feature (then nothing is collapsed).
        init?(font: OpaquePointer) {
            let face = hb_font_get_face(font)
            guard Self.hasFeature(face, hbTag("halt")) else { return nil }
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            Self.probe.withUnsafeBufferPointer { hb_buffer_add_utf16(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count)) }
            hb_buffer_set_script(buffer, HB_SCRIPT_HAN)
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_shape(font, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count),
                  count == UInt32(Self.probe.count) else { return nil }
            var glyphs: [(advance: Double, left: Double, right: Double, glyph: UInt32)] = []
            for g in 0..<Int(count) {
                guard infos[g].cluster == UInt32(g) else { return nil }
                var extents = hb_glyph_extents_t()
                _ = hb_font_get_glyph_extents(font, infos[g].codepoint, &extents)
                let left = Double(extents.x_bearing + positions[g].x_offset)
                glyphs.append((Double(positions[g].x_advance), left, left + Double(extents.width), infos[g].codepoint))
            }
            func typeFromBounds(_ range: Range<Int>) -> CharType {
                let present = glyphs[range].filter { $0.glyph != 0 }
                guard let first = present.first else { return .other }
                let half = first.advance / 2
                func classify(_ g: (advance: Double, left: Double, right: Double, glyph: UInt32)) -> CharType {
                    if g.right <= half { return .close }
                    if g.left >= half { return .open }
                    if g.right - g.left <= half && g.left >= half / 2 { return .middle }
                    return .other
                }
                let type = classify(first)
                for g in present.dropFirst() where g.advance != first.advance || classify(g) != type { return .other }
                return type
            }
            typeForDot = typeFromBounds(0..<4)
            typeForColon = typeFromBounds(4..<5)
            typeForSemicolon = typeFromBounds(5..<6)
            isQuoteFullwidth = typeFromBounds(6..<8) == .open && typeFromBounds(8..<10) == .close
        }

        private static func hasFeature(_ face: OpaquePointer?, _ tag: hb_tag_t) -> Bool {
            for table in [hbTag("GSUB"), hbTag("GPOS")] {
                var tags = [hb_tag_t](repeating: 0, count: 256)
                var count = UInt32(tags.count)
                _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
                if tags[0..<Int(count)].contains(tag) { return true }
            }
            return false
        }
    }

    /// Offsets of `range` in `text` whose character the font sets half-width, by the adjacency
    /// rules above (neighbours outside the range count, with this font's types).
    static func collapsedOffsets(in text: [UInt16], range: Range<Int>, data: FontData) -> [Int] {
        guard text[range].contains(where: mayCollapse) else { return [] }
        var offsets: [Int] = []
        let start = range.lowerBound
        var last = data.type(of: text[start])
        if start > 0, shouldKern(last, after: data.type(of: text[start - 1])) { offsets.append(start) }
        for i in (start + 1)..<max(range.upperBound, start + 1) {
            let type = data.type(of: text[i])
            if shouldKernLast(type, after: last) {
                offsets.append(i - 1)
            } else if shouldKern(type, after: last) {
                offsets.append(i)
            }
            last = type
        }
        if range.upperBound < text.count, shouldKernLast(data.type(of: text[range.upperBound]), after: last) {
            offsets.append(range.upperBound - 1)
        }
        return offsets
    }
}

extension HanKerning {
    /// An opening bracket set half-width because of the character before it (`shouldKern`), at
    /// `offset`, and how much narrower that made it (px).
    struct LineStartCollapse {
        var offset: Int
        var amount: Double
    }
}

extension Shaper {
    /// The opening brackets among `clusters` that the font sets half-width because of the
    /// character before them ("』【": the "【"), each with how much `halt` took off it.
    ///
    /// Chromium collapses such a pair only within a line: Blink's HanKerning::Compute
    /// (han_kerning.cc) marks the collapsed bracket unsafe to break before, so a wrapped line that
    /// starts there is reshaped from its start (ShapingLineBreaker::FirstSafeOffset and ShapeLine,
    /// shaping_line_breaker.cc, with ShapeOptions.is_line_start), and Compute kerns the first
    /// character with the one before it only when `start && !options.is_line_start`: the bracket
    /// that starts a line is full width. ("能』【能" in Noto Serif CJK 32 px at 49 px is
    /// ["能』", "【", "能"]: "【能" is 64 px there, not 48.) `text-spacing-trim: normal` does not trim
    /// it either (Chromium's `space-first` trims only with `trim-start`).
    func lineStartCollapses(_ text: [UInt16], clusters: [Cluster], script: hb_script_t,
                            face: FontFace) -> [HanKerning.LineStartCollapse] {
        guard let data = face.hanKerning else { return [] }
        var found: [HanKerning.LineStartCollapse] = []
        for cluster in clusters where cluster.range.count == 1 && cluster.range.lowerBound > 0 {
            let i = cluster.range.lowerBound
            guard HanKerning.mayCollapse(text[i]),
                  HanKerning.shouldKern(data.type(of: text[i]), after: data.type(of: text[i - 1])) else { continue }
            let amount = advanceAlone(text[i], script: script, face: face, halt: false)
                - advanceAlone(text[i], script: script, face: face, halt: true)
            if amount > 0 { found.append(HanKerning.LineStartCollapse(offset: i, amount: amount)) }
        }
        return found
    }

    /// Gives each collapse to the cluster before the bracket, as a kerning pair's adjustment is
    /// given to its first glyph: the bracket keeps its full advance, and a line that ends
    /// between the two takes the amount back (a line-end adjustment), so the pair is narrower
    /// only when both are on one line, as in Chromium (see `lineStartCollapses`). A bracket
    /// whose previous character is in an earlier piece of the paragraph keeps its collapse.
    func moveLineStartCollapses(_ collapses: [HanKerning.LineStartCollapse], into shaped: inout ShapedParagraph) {
        for collapse in collapses {
            let offset = collapse.offset - shaped.start
            var previous = offset - 1
            while previous > 0 && !shaped.clusterStarts[previous] { previous -= 1 }
            guard previous >= 0, shaped.clusterStarts[previous] else { continue }
            shaped.advances[previous] -= collapse.amount
            shaped.advances[offset] += collapse.amount
            shaped.lineEndAdjustments[offset, default: 0] += collapse.amount
        }
    }
}

/// An OpenType tag from its four letters.
func hbTag(_ name: String) -> hb_tag_t { hb_tag_from_string(name, 4) }
