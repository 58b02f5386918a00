import Foundation

/// The ready-made templates `make install` and the .deb put in `share/cellheight/templates`, found
/// by name: `--template basic-label` (or `basic-label.json`) when no such file is in the working
/// directory.
enum InstalledTemplates {
    /// The template folders: beside the executable's prefix (`<prefix>/bin/cellheight` ->
    /// `<prefix>/share/cellheight/templates`), then /usr/local and /usr.
    static var folders: [String] {
        var folders: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let prefix = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
            folders.append(prefix.appendingPathComponent("share/cellheight/templates").path)
        }
        for folder in ["/usr/local/share/cellheight/templates", "/usr/share/cellheight/templates"] where !folders.contains(folder) {
            folders.append(folder)
        }
        return folders
    }

    /// The path `--template` reads: `given` itself when it names a file or a path, else the first
    /// installed template of that name (with or without `.json`), else `given` (then reading it
    /// fails with its own message).
    static func path(for given: String) -> String {
        guard !given.contains("/"), !given.isEmpty, given != "-", !FileManager.default.fileExists(atPath: given) else { return given }
        let names = given.hasSuffix(".json") ? [given] : [given + ".json", given]
        for folder in folders {
            for name in names {
                let candidate = folder + "/" + name
                if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
            }
        }
        return given
    }
}
