import CFreeType
import Foundation

/// The process-wide FreeType library handle. FreeType's face creation is not thread-safe,
/// so every face is opened under `lock`.
package enum FreeTypeLibrary {
    static let lock = NSLock()

    nonisolated(unsafe) package static let shared: FT_Library? = {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0 else { return nil }
        return library
    }()
}
