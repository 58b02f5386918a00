import CFontconfig
import Testing
@testable import CellHeightKit

/// `FontLocator.fallbackFont` finds a character's font in one sort of the system's fonts made at
/// start; Chromium sorts the fonts once per character. Both must give the same font for every
/// character: this test asks fontconfig per character as Chromium does and compares.
@Suite("font locator: one sort gives each character's fallback font")
struct FallbackOrderTests {
    /// Chromium's question to fontconfig for one character (gfx::GetFallbackFontForChar): a
    /// pattern holding only the character, scalable, sorted, the first face that has it.
    static func fontconfigPerCharacter(_ codePoint: UInt32) -> FontReference? {
        guard let config = FcConfigGetCurrent(), let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, codePoint)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i] else { continue }
            var fontCharset: OpaquePointer?
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                  FcCharSetHasChar(fontCharset, codePoint) != 0,
                  FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            let path = String(cString: file)
            let lowered = path.lowercased()
            guard [".ttf", ".otf", ".ttc", ".otc"].contains(where: { lowered.hasSuffix($0) }) else { continue }
            return FontReference(path: path, faceIndex: Int(index))
        }
        return nil
    }

    /// Blocks of the scripts a translation catalog holds, and symbols, each sampled at a stride
    /// (some 1,400 characters; a per-character sort takes about a millisecond).
    static let samples: [ClosedRange<UInt32>] = [
        0x00A0...0x024F, 0x0370...0x03FF, 0x0400...0x04FF, 0x0530...0x058F, 0x0590...0x05FF,
        0x0600...0x06FF, 0x0900...0x097F, 0x0980...0x09FF, 0x0B80...0x0BFF, 0x0E00...0x0E7F,
        0x0E80...0x0EFF, 0x10A0...0x10FF, 0x1200...0x137F, 0x1780...0x17FF, 0x1E00...0x1EFF,
        0x2000...0x206F, 0x2190...0x21FF, 0x2500...0x257F, 0x2600...0x26FF, 0x3000...0x30FF,
        0x3400...0x3410, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF00...0xFFEF, 0x1F300...0x1F64F,
    ]

    @Test("the same font as fontconfig's per-character sort, for every sampled character")
    func sameAsPerCharacterSort() {
        var compared = 0
        var differing: [String] = []
        for block in Self.samples {
            let stride = max(1, UInt32(block.count) / 60)
            for codePoint in Swift.stride(from: block.lowerBound, through: block.upperBound, by: Int(stride)) {
                let expected = Self.fontconfigPerCharacter(codePoint)
                let found = FontLocator.shared.fallbackFont(for: codePoint)
                compared += 1
                if found != expected {
                    differing.append("U+\(String(codePoint, radix: 16, uppercase: true)): \(String(describing: found)) "
                                     + "instead of \(String(describing: expected))")
                }
            }
        }
        #expect(compared > 1_000)
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(10))")
    }
}
