/// Every way the layout engine can fail: a font that cannot be found, read or used, or an ICU
/// break iterator that cannot be opened. Each case carries its data; `description` words it in
/// the engine's terms (a program may word it in its own, e.g. with its option names).
public enum EngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// FreeType could not be initialised.
    case freeTypeUnavailable
    /// fontconfig could not be initialised.
    case fontconfigUnavailable
    /// No file at `path` (or a path through something that is not a directory).
    case fontNotFound(path: String)
    /// The font path names a directory.
    case fontPathIsDirectory(path: String)
    /// The font file exists but cannot be opened or read.
    case fontUnreadable(path: String)
    /// The font path names a FIFO, a device or a socket (reading one could block forever).
    case fontNotRegularFile(path: String)
    /// The font file is larger than `limitMiB` MiB.
    case fontTooLarge(path: String, limitMiB: Int)
    /// FreeType did not take the file (`status` is its error code).
    case unusableFont(path: String, status: Int32)
    /// Face `index` asked of a file that has `count` faces.
    case noSuchFace(path: String, index: Int, count: Int)
    /// A bitmap-only font: no scalable outlines.
    case bitmapOnlyFont(path: String)
    /// A font whose units per em are 0.
    case noUnitsPerEm(path: String)
    /// "path#N" with an N that is not a face index (0 ... `maximum`).
    case badFaceIndex(spec: String, indexText: String, maximum: Int)
    /// A family name fontconfig cannot parse.
    case badFamilyName(String)
    /// fontconfig matched no face at all for a family name.
    case noFontForFamily(String)
    /// fontconfig matched a face without a file for a family name.
    case noFileForFamily(String)
    /// A family name no installed face answers to: `substitute` is fontconfig's choice,
    /// `standardFont` the family Chromium would draw it in (nil when that one is missing too),
    /// `closest` up to three installed family names close to the one asked.
    case familyNotFound(family: String, substitute: String, standardFont: String?, closest: [String])
    /// ICU could not open a break iterator for `locale`.
    case breakIteratorUnavailable(locale: String, reason: String)

    public var description: String {
        switch self {
        case .freeTypeUnavailable: return "cannot initialise FreeType"
        case .fontconfigUnavailable: return "cannot initialise fontconfig"
        case .fontNotFound(let path): return "font not found: \(path)"
        case .fontPathIsDirectory(let path): return "font path is a directory: \(path)"
        case .fontUnreadable(let path): return "font not readable: \(path)"
        case .fontNotRegularFile(let path): return "font is not a regular file (a FIFO, a device or a socket): \(path)"
        case .fontTooLarge(let path, let limitMiB): return "font file larger than \(limitMiB) MiB: \(path)"
        case .unusableFont(let path, let status): return "not a usable font file (FreeType error \(status)): \(path)"
        case .noSuchFace(let path, let index, let count):
            return "face \(index) does not exist in \(path): the file has \(count) "
                + (count == 1 ? "face (#0)" : "faces (#0 to #\(count - 1))")
        case .bitmapOnlyFont(let path):
            return "font has no scalable outlines (bitmap-only fonts are not supported): \(path)"
        case .noUnitsPerEm(let path): return "font has no units per em: \(path)"
        case .badFaceIndex(let spec, let indexText, let maximum):
            return "bad face index \"\(messageText(indexText))\" in font \(messageText(spec)) "
                + "(expected path#N, 0 <= N <= \(maximum))"
        case .badFamilyName(let name): return "bad font name: \(messageText(name))"
        case .noFontForFamily(let name): return "no font found for family \"\(messageText(name))\""
        case .noFileForFamily(let name): return "fontconfig found no file for family \"\(messageText(name))\""
        case .familyNotFound(let family, let substitute, let standardFont, let closest):
            let drawn = standardFont.map { "; Chromium would draw its standard font, \(messageText($0))" } ?? ""
            return Self.familyNotFoundOpening(family: family, substitute: substitute) + drawn + ")"
                + Self.closestHint(closest)
        case .breakIteratorUnavailable(let locale, let reason):
            return "cannot open ICU break iterator for \(locale): \(reason)"
        }
    }

    /// "font family not found: "F" (fontconfig would substitute "S"", the start of `familyNotFound`'s message.
    package static func familyNotFoundOpening(family: String, substitute: String) -> String {
        "font family not found: \"\(messageText(family))\" (fontconfig would substitute "
            + "\"\(messageText(substitute))\""
    }

    /// "; did you mean "A", "B"?" for the installed families closest to a missing one ("" for none).
    package static func closestHint(_ closest: [String]) -> String {
        if closest.isEmpty { return "" }
        return "; did you mean " + closest.map { "\"\(messageText($0))\"" }.joined(separator: ", ") + "?"
    }
}
