import CellHeightEngine
import Foundation

/// Font files the tests load by path (Debian 12 packages fonts-dejavu-core, fonts-liberation2,
/// fonts-noto-core, fonts-noto-cjk), and engines built on them.
///
/// Metrics quoted in tests were read from the files' `head`, `hhea` and `hmtx` tables with a
/// small independent table reader and `hb-shape` (not with the code under test):
///
/// | font | upem | hhea ascender | descender | lineGap |
/// |---|---|---|---|---|
/// | DejaVu Sans, DejaVu Serif | 2048 | 1901 | -483 | 0 |
/// | Liberation Sans | 2048 | 1854 | -434 | 67 |
/// | Liberation Serif | 2048 | 1825 | -443 | 87 |
/// | Noto Sans | 1000 | 1069 | -293 | 0 |
/// | Noto Sans Hebrew | 1000 | 1068 | -292 | 0 |
/// | Noto Sans Arabic | 1000 | 1374 | -738 | 0 |
/// | Noto Sans Thai | 1000 | 1061 | -450 | 0 |
/// | Noto Sans Devanagari | 1000 | 896 | -408 | 0 |
/// | Noto Sans CJK JP (ttc face 0) | 1000 | 1160 | -288 | 0 |
///
/// None sets OS/2 fsSelection bit 7 (USE_TYPO_METRICS).
///
/// DejaVu Sans advances (units of 1/2048 em; at 16 px one unit is 1/128 px): space 651,
/// "a" 1255, "b" 1300, "c" 1126, "w" 1675, "-" and U+2010 739; no kerning in the pairs used.
package enum TestFonts {
    package static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    package static let dejaVuSerif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    package static let liberationSans = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"
    package static let liberationSerif = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"
    package static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
    package static let notoSansHebrew = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"
    package static let notoSansArabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
    package static let notoSansThai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
    package static let notoSansDevanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"
    /// Face 0 is "Noto Sans CJK JP".
    package static let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// Family names as the fonts' name tables spell them (what `LineBox.fonts` lists).
    package enum Family {
        package static let dejaVuSans = "DejaVu Sans"
        package static let dejaVuSerif = "DejaVu Serif"
        package static let liberationSerif = "Liberation Serif"
        package static let notoSans = "Noto Sans"
        package static let notoSansHebrew = "Noto Sans Hebrew"
        package static let notoSansArabic = "Noto Sans Arabic"
        package static let notoSansCJKJP = "Noto Sans CJK JP"
    }

    /// Opens a face by path .
    package static func face(_ path: String, faceIndex: Int = 0) throws -> FontFace {
        try FontFace(path: path, faceIndex: faceIndex)
    }

    /// Chromium's default chain for a face at `path` .
    package static func chromiumChain(_ path: String, faceIndex: Int = 0) throws -> FontFallbackChain {
        FontFallbackChain.chromiumDefault(primary: try face(path, faceIndex: faceIndex))
    }

    /// A new engine for `path` at `size` px with Chromium's default fallback chain (its default
    /// font, Liberation Serif, then fontconfig per character). Engines are not thread-safe: each
    /// call makes a fresh one, so tests running in parallel never share one.
    package static func engine(_ path: String, faceIndex: Int = 0, size: Double, lineHeight: LineHeight = .normal,
                       whiteSpace: WhiteSpace = .preWrap) throws -> TextLayoutEngine {
        let chain = try chromiumChain(path, faceIndex: faceIndex)
        return try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight, whiteSpace: whiteSpace)
    }

    /// Lays `text` out once with a fresh engine.
    package static func layout(_ text: String, font path: String = dejaVuSans, faceIndex: Int = 0, size: Double = 16,
                       width: Double, lineHeight: LineHeight = .normal,
                       whiteSpace: WhiteSpace = .preWrap) throws -> TextLayout {
        let engine = try engine(path, faceIndex: faceIndex, size: size, lineHeight: lineHeight, whiteSpace: whiteSpace)
        return engine.layout(engine.prepare(text), width: width)
    }

    /// Engines shared by the tests of one suite, one per (font, size, line height, white space).
    /// A suite that keeps one of these in a static property must be `.serialized`: the engines
    /// it hands out are not thread-safe.
    package final class EngineCache: @unchecked Sendable {
        private struct Key: Hashable {
            var path: String
            var faceIndex: Int
            var size: Double
            var lineHeight: LineHeight
            var whiteSpace: String
        }

        private let lock = NSLock()
        private var engines: [Key: TextLayoutEngine] = [:]

        package init() {}

        package func engine(_ path: String, faceIndex: Int = 0, size: Double, lineHeight: LineHeight = .normal,
                    whiteSpace: WhiteSpace = .preWrap) throws -> TextLayoutEngine {
            let key = Key(path: path, faceIndex: faceIndex, size: size, lineHeight: lineHeight,
                          whiteSpace: whiteSpace.rawValue)
            lock.lock()
            defer { lock.unlock() }
            if let engine = engines[key] { return engine }
            let engine = try TestFonts.engine(path, faceIndex: faceIndex, size: size, lineHeight: lineHeight,
                                              whiteSpace: whiteSpace)
            engines[key] = engine
            return engine
        }

        package func layout(_ text: String, font path: String = TestFonts.dejaVuSans, faceIndex: Int = 0,
                            size: Double = 16, width: Double, lineHeight: LineHeight = .normal,
                            whiteSpace: WhiteSpace = .preWrap) throws -> TextLayout {
            let engine = try engine(path, faceIndex: faceIndex, size: size, lineHeight: lineHeight, whiteSpace: whiteSpace)
            return engine.layout(engine.prepare(text), width: width)
        }
    }
}

extension String {
    /// The text as UTF-16 code units, the way the breaker and the layout index it.
    package var utf16Units: [UInt16] { Array(utf16) }
}
