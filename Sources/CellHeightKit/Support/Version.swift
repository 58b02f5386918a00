import CFontconfig
import CFreeType
import CHarfBuzz
import CellHeightEngine

/// cellheight's version, kept here only: `--version`, the man page and the Debian package
/// (`make deb` reads it from this file) all show this one.
package enum CellHeightVersion {
    package static let number = "0.3.0"

    /// The versions of the C libraries heights depend on, as linked at run time, e.g.
    /// "FreeType 2.12.1, HarfBuzz 6.0.0, ICU 72.1, fontconfig 2.14.1".
    package static var libraries: String {
        var freeType = "unknown"
        if let library = FreeTypeLibrary.shared {
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(library, &major, &minor, &patch)
            freeType = "\(major).\(minor).\(patch)"
        }
        let fontconfig = Int(FcGetVersion())
        return "FreeType \(freeType), HarfBuzz \(String(cString: hb_version_string())), ICU \(ICUBreakIterator.icuVersion), "
            + "fontconfig \(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)"
    }

    /// What `--version` prints.
    package static var description: String { "cellheight \(number)\n\(libraries)" }
}
