/// Where a paragraph is in emoji presentation, as Chromium's SymbolsIterator finds it (the
/// emoji-segmenter scanner, `third_party/emoji-segmenter/src/emoji_presentation_scanner.rl`,
/// with the categories of Blink's `utf16_ragel_iterator.h`).
///
/// Chromium shapes each such segment on its own, and a segment in emoji presentation (☕ U+2615,
/// ✌ U+270C, an emoji modifier base, ⚠️ U+26A0 U+FE0F, 👍🏽, 👩‍💻, 🇩🇪) gets its fallback
/// fonts with emoji priority (see `FontFallbackChain.nextCandidate`). Text presentation: the
/// other emoji (⚠ U+26A0, ★, ✔), any emoji followed by U+FE0E, and all other text.
///
/// SymbolsIterator also ends a segment where the scanner's tokens change between having a
/// variation selector and not (`has_vs`: an emoji with U+FE0F or U+FE0E, a keycap sequence), so
/// "🚀⤴️" is two segments, each with its own fallback fonts (HarfBuzzShaper makes a
/// FontFallbackIterator per RunSegmenter range): ⤴ takes DejaVu Serif though no font has 🚀, and
/// "🧿㊗️" in DejaVu Sans 200 px is Noto Sans CJK's 290 px line, not DejaVu Sans's 233 (issue 32,
/// item 8).
enum EmojiSegments {
    /// A segment of text that SymbolsIterator keeps apart from the plain text around it: emoji
    /// presentation (`isEmoji`), or an emoji in text presentation by U+FE0E.
    struct Segment: Equatable, Sendable {
        var range: Range<Int>
        var isEmoji: Bool
    }

    /// The scanner's character classes, in the order Blink tests them.
    private enum Category: Equatable {
        case keycapBase, combiningKeycap, combiningCircleBackslash, zeroWidthJoiner, vs15, vs16
        case tagBase, tagSequence, tagTerm, modifierBase, modifier, regionalIndicator
        case emojiPresentation, textPresentation, other

        init(_ codePoint: UInt32) {
            if codePoint <= 0x7F {
                // Digits, `#` and `*`: only a keycap sequence makes them emoji.
                let isKeycapBase = (0x30...0x39).contains(codePoint) || codePoint == 0x23 || codePoint == 0x2A
                self = isKeycapBase ? .keycapBase : .other
                return
            }
            switch codePoint {
            case 0x20E3: self = .combiningKeycap
            case 0x20E0: self = .combiningCircleBackslash
            case 0x200D: self = .zeroWidthJoiner
            case 0xFE0E: self = .vs15
            case 0xFE0F: self = .vs16
            case 0x1F3F4: self = .tagBase
            case 0xE0030...0xE0039, 0xE0061...0xE007A: self = .tagSequence
            case 0xE007F: self = .tagTerm
            default:
                guard let scalar = Unicode.Scalar(codePoint) else { self = .other; return }
                let properties = scalar.properties
                if properties.isEmojiModifierBase { self = .modifierBase }
                else if (0x1F3FB...0x1F3FF).contains(codePoint) { self = .modifier }
                else if (0x1F1E6...0x1F1FF).contains(codePoint) { self = .regionalIndicator }
                else if properties.isEmojiPresentation { self = .emojiPresentation }
                else if properties.isEmoji { self = .textPresentation }
                else { self = .other }
            }
        }

        /// The scanner's `any_emoji`.
        var isAnyEmoji: Bool {
            switch self {
            case .textPresentation, .emojiPresentation, .keycapBase, .modifierBase, .tagBase: return true
            default: return false
            }
        }
    }

    /// The segments of `text` other than plain text, in order; nil when there are none. Text with
    /// no unit that can be or make an emoji (see `mayStartEmoji`) is answered without decoding:
    /// most text, including all ASCII, Latin, Cyrillic and CJK.
    static func segments(in text: [UInt16]) -> [Segment]? {
        guard text.contains(where: mayStartEmoji) else { return nil }
        var offsets: [Int] = []
        var categories: [Category] = []
        var i = 0
        while i < text.count {
            let (codePoint, length) = decodeUTF16(text, at: i)
            offsets.append(i)
            categories.append(Category(codePoint))
            i += length
        }
        offsets.append(text.count)
        var segments: [Segment] = []
        var lastHasVariationSelector = false
        var p = 0
        while p < categories.count {
            let (length, isEmoji, hasVariationSelector) = token(categories, at: p)
            if isEmoji || hasVariationSelector {
                let range = offsets[p]..<offsets[p + length]
                if let last = segments.last, last.range.upperBound == range.lowerBound, last.isEmoji == isEmoji,
                   lastHasVariationSelector == hasVariationSelector {
                    segments[segments.count - 1].range = last.range.lowerBound..<range.upperBound
                } else {
                    segments.append(Segment(range: range, isEmoji: isEmoji))
                }
                lastHasVariationSelector = hasVariationSelector
            }
            p += length
        }
        return segments.isEmpty ? nil : segments
    }

    /// Whether a UTF-16 unit is an emoji of the Basic Multilingual Plane (Emoji=Yes: ©, ®, ‼,
    /// ⁉, ™, ℹ, arrows, Miscellaneous Technical, Ⓜ, geometric shapes, Miscellaneous Symbols,
    /// Dingbats, ⤴, ⤵, the U+2B00 block, 〰, 〽, ㊗, ㊙), a variation selector (a keycap "1️⃣"
    /// needs U+FE0F) or a high surrogate (the emoji beyond the BMP). Other text has no emoji.
    @inline(__always)
    static func mayStartEmoji(_ unit: UInt16) -> Bool {
        switch unit {
        case 0xA9, 0xAE, 0x203C, 0x2049, 0x2122, 0x2139, 0x2194...0x21AA, 0x2300...0x23FF, 0x24C2,
             0x25A0...0x27BF, 0x2934, 0x2935, 0x2B00...0x2BFF, 0x3030, 0x303D, 0x3297, 0x3299,
             0xFE0E, 0xFE0F, 0xD800...0xDBFF:
            return true
        default:
            return false
        }
    }

    /// Whether code point `value` is, or takes part in, an emoji as the scanner classes it (an
    /// emoji of either presentation, a modifier, a regional indicator, a keycap, a tag, a joiner or
    /// a variation selector).
    static func isEmojiCharacter(_ value: UInt32) -> Bool { Category(value) != .other }

    /// Splits `range` at the edges of `segments`: each piece with whether it is emoji.
    static func split(_ range: Range<Int>, by segments: [Segment]?) -> [(range: Range<Int>, isEmoji: Bool)] {
        guard let segments else { return [(range, false)] }
        var pieces: [(range: Range<Int>, isEmoji: Bool)] = []
        var start = range.lowerBound
        for segment in segments where segment.range.upperBound > range.lowerBound
            && segment.range.lowerBound < range.upperBound {
            let lower = max(segment.range.lowerBound, range.lowerBound)
            let upper = min(segment.range.upperBound, range.upperBound)
            if lower > start { pieces.append((start..<lower, false)) }
            pieces.append((lower..<upper, segment.isEmoji))
            start = upper
        }
        if start < range.upperBound { pieces.append((start..<range.upperBound, false)) }
        return pieces
    }

    /// The scanner's next token at code point `p`: its length in code points, whether it is
    /// emoji, and whether it has a variation selector. The longest match wins; at equal length
    /// `text_emoji_run_with_vs` comes first (an emoji or a keycap sequence with U+FE0E), then
    /// `emoji_run_with_vs` (an emoji with U+FE0F, a keycap sequence with it), then `emoji_run`,
    /// then `text_run` (one code point).
    private static func token(_ c: [Category], at p: Int) -> (Int, Bool, Bool) {
        func at(_ k: Int) -> Category { k < c.count ? c[k] : .other }
        if at(p).isAnyEmoji && at(p + 1) == .vs15 {
            return (at(p) == .keycapBase && at(p + 2) == .combiningKeycap ? 3 : 2, false, true)
        }
        let emoji = emojiRunLength(at: p, at)
        guard emoji > 0 else { return (1, false, false) }
        // `emoji_run_with_vs` when the whole token is one emoji with U+FE0F (a keycap sequence:
        // its base, U+FE0F, U+20E3).
        guard at(p).isAnyEmoji && at(p + 1) == .vs16 else { return (emoji, true, false) }
        let withSelector = at(p) == .keycapBase && at(p + 2) == .combiningKeycap ? 3 : 2
        return (emoji, true, withSelector >= emoji)
    }

    /// The length of the longest `emoji_run` at `p` (0 if none).
    private static func emojiRunLength(at p: Int, _ at: (Int) -> Category) -> Int {
        let first = at(p)
        var best = 0
        switch first {
        case .emojiPresentation, .tagBase, .modifierBase: best = 1
        default: break
        }
        if first.isAnyEmoji && (at(p + 1) == .vs16 || at(p + 1) == .combiningCircleBackslash) { best = max(best, 2) }
        if first == .modifierBase && at(p + 1) == .modifier { best = max(best, 2) }
        if first == .regionalIndicator && at(p + 1) == .regionalIndicator { best = max(best, 2) }
        if first == .keycapBase && at(p + 1) == .vs16 && at(p + 2) == .combiningKeycap { best = max(best, 3) }
        if first == .tagBase {
            var q = p + 1
            while at(q) == .tagSequence { q += 1 }
            if q > p + 1 && at(q) == .tagTerm { best = max(best, q + 1 - p) }
        }
        // emoji_zwj_sequence: element (ZWJ element)+, an element being any_emoji VS16, a
        // modifier sequence or any_emoji.
        func elementLength(_ k: Int) -> Int {
            guard at(k).isAnyEmoji else { return 0 }
            if at(k + 1) == .vs16 || (at(k) == .modifierBase && at(k + 1) == .modifier) { return 2 }
            return 1
        }
        var q = p + elementLength(p)
        var joined = 0
        while q > p && at(q) == .zeroWidthJoiner {
            let next = elementLength(q + 1)
            guard next > 0 else { break }
            q += 1 + next
            joined += 1
        }
        if joined > 0 { best = max(best, q - p) }
        return best
    }
}
