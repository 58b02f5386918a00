import Foundation

/// Debian's `chromium` (the same version as the layout oracle), run headless on local pages.
///
/// Flags: device scale factor 1 and no font hinting, as the oracle was measured; file pages may
/// load fonts from file URLs; a virtual time budget lets the page's asynchronous script finish
/// before the DOM is dumped (virtual time runs ahead while the page is idle, so it costs little).
enum HeadlessChromium {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "chromium is not installed (looked in PATH and /usr/bin): run `make deps`, which installs Debian's chromium package"
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func executable() throws -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories + ["/usr/bin"] {
            let path = directory + "/chromium"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Missing()
    }

    /// The page's DOM once its scripts have run, as `--dump-dom` serialises it.
    static func dumpDOM(of file: URL, virtualTimeBudget: Int = 30_000) throws -> String {
        try run(["--virtual-time-budget=\(virtualTimeBudget)", "--dump-dom", file.absoluteString])
    }

    /// Saves a PNG of the page's top `width` × `height` px at `png`.
    static func screenshot(of file: URL, to png: URL, width: Int = 1280, height: Int = 2000,
                           virtualTimeBudget: Int = 30_000) throws {
        _ = try run(["--virtual-time-budget=\(virtualTimeBudget)", "--hide-scrollbars",
                     "--window-size=\(width),\(height)", "--screenshot=\(png.path)", file.absoluteString])
    }

    private static func run(_ arguments: [String]) throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("cellheight-chromium-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: profile) }
        let output = profile.appendingPathComponent("stdout")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                             "--force-device-scale-factor=1", "--font-render-hinting=none", "--lang=en-US",
                             "--user-data-dir=\(profile.path)"] + arguments
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }
}

/// What a cellheight HTML report's self-check wrote on `<body>`.
struct ReportVerdict: Equatable, CustomStringConvertible {
    var rows: Int?
    var disagreements: Int?
    var fontErrors: Int?

    /// The rows' differences as the page lists them, e.g. "#3 (120px: browser 48 px, cellheight 32 px)";
    /// not compared.
    var differences: [String] = []

    init(rows: Int?, disagreements: Int?, fontErrors: Int?) {
        self.rows = rows
        self.disagreements = disagreements
        self.fontErrors = fontErrors
    }

    static func == (a: ReportVerdict, b: ReportVerdict) -> Bool {
        (a.rows, a.disagreements, a.fontErrors) == (b.rows, b.disagreements, b.fontErrors)
    }

    var description: String {
        "rows \(rows.map(String.init) ?? "-"), disagreements \(disagreements.map(String.init) ?? "-"), "
            + "font errors \(fontErrors.map(String.init) ?? "-")" + differences.map { "; " + $0 }.joined()
    }

    /// Reads the attributes of the `<body>` tag of a dumped DOM.
    init(dumpedDOM dom: String) {
        let body = dom.range(of: "<body[^>]*>", options: .regularExpression).map { String(dom[$0]) } ?? ""
        func attribute(_ name: String) -> Int? {
            guard let range = body.range(of: name + "=\"[0-9]+\"", options: .regularExpression) else { return nil }
            return Int(body[range].dropFirst(name.count + 2).dropLast())
        }
        rows = attribute("data-rows")
        disagreements = attribute("data-disagreements")
        fontErrors = attribute("data-font-errors")
        var rest = dom[...]
        while let range = rest.range(of: "<li><a href=\"#row-[0-9]+\">[^<]*", options: .regularExpression) {
            differences.append(String(rest[range].drop(while: { $0 != ">" }).dropFirst().drop(while: { $0 != ">" }).dropFirst()))
            rest = rest[range.upperBound...]
        }
    }
}
