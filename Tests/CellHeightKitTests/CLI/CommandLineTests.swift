import Foundation
import Testing
import CellHeightTestSupport

/// Runs the built `cellheight` executable as a subprocess.
///
/// The executable is the one built with these tests, next to the test bundle (`swift test` builds
/// it, whatever the scratch path); failing that, `<root>/.build-unit/debug/cellheight` or
/// `<root>/.build/debug/cellheight`, whichever exists and is newer.
enum CellHeightProcess {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // CLI
        .deletingLastPathComponent() // CellHeightKitTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // package root

    static func executable() throws -> URL {
        // The test runner (e.g. `<scratch>/debug/cellheightPackageTests.xctest`) sits next to it.
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("cellheight")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        let candidates = [".build-unit/debug/cellheight", ".build/debug/cellheight"]
            .map { packageRoot.appendingPathComponent($0) }
            .compactMap { url -> (URL, Date)? in
                guard FileManager.default.isExecutableFile(atPath: url.path),
                      let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                      let date = attributes[.modificationDate] as? Date else { return nil }
                return (url, date)
            }
        guard let newest = candidates.max(by: { $0.1 < $1.1 }) else {
            throw RunError("no cellheight executable under \(packageRoot.path)/.build-unit/debug or .build/debug; "
                           + "build it with `swift build --scratch-path .build-unit`")
        }
        return newest.0
    }

    struct RunError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs the executable with `arguments`, feeding `stdin`; stdout and stderr go through files so
    /// that large outputs cannot block on a full pipe.
    /// With `executable`, that program is run instead (e.g. a shell around cellheight).
    /// With `environment`, those variables are set (over the test's own, but for `GITHUB_STEP_SUMMARY`, which is not passed on).
    static func run(_ arguments: [String], stdin: [UInt8] = [], in directory: String? = nil,
                    executable program: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let scratch = NSTemporaryDirectory() + "cellheight-cli-io-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let inPath = scratch + "/stdin", outPath = scratch + "/stdout", errPath = scratch + "/stderr"
        try Data(stdin).write(to: URL(fileURLWithPath: inPath))
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
        }

        let process = Process()
        process.executableURL = try program ?? executable()
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // (A test run in GitHub Actions keeps its own step summary: cellheight's goes there only when a test asks.)
        var inherited = ProcessInfo.processInfo.environment
        inherited["GITHUB_STEP_SUMMARY"] = nil
        process.environment = inherited.merging(environment) { $1 }
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
                      stderr: try Data(contentsOf: URL(fileURLWithPath: errPath)))
    }

    static func makeDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "cellheight-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

@Suite("command line")
struct CommandLineTests {
    static let font = TestFonts.dejaVuSans

    struct ExitCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// Arguments; "$DIR" is replaced by a fresh directory that holds `random.ttf` (4 KiB of
        /// random bytes) and an empty directory `fontdir`.
        var arguments: [String]
        var stdin: [UInt8] = Array("hello\n".utf8)
        var status: Int32
        /// The start of stderr ("$DIR" replaced), for errors that cellheight reports itself; nil
        /// for ArgumentParser's usage errors (64), which may print help after the message.
        var stderrPrefix: String?
        var testDescription: String { name }
    }

    static let exitCases: [ExitCase] = [
        ExitCase(name: "exit 0: measures standard input", arguments: ["--font", font, "--width", "100"],
                 status: 0, stderrPrefix: ""),
        // `["a", "b" "c"]`: the third string starts at column 11 where a "," or "]" was expected.
        ExitCase(name: "exit 65: invalid JSON with line and column", arguments: ["--font", font],
                 stdin: Array(#"["a", "b" "c"]"#.utf8), status: 65,
                 stderrPrefix: "cellheight: <stdin>:1:11: invalid JSON"),
        // "ab" then 0xC3 (a lead byte) followed by "(" (not a continuation byte): bad at offset 2.
        ExitCase(name: "exit 65: invalid UTF-8 with its byte offset", arguments: ["--font", font],
                 stdin: [0x61, 0x62, 0xC3, 0x28], status: 65,
                 stderrPrefix: "cellheight: <stdin>: invalid UTF-8 at byte offset 2"),
        ExitCase(name: "exit 66: missing input file", arguments: ["--font", font, "$DIR/missing.txt"],
                 status: 66, stderrPrefix: "cellheight: cannot read $DIR/missing.txt: no such file"),
        ExitCase(name: "exit 66: input file is a directory", arguments: ["--font", font, "$DIR/fontdir"],
                 status: 66, stderrPrefix: "cellheight: cannot read $DIR/fontdir: is a directory"),
        ExitCase(name: "exit 69: missing font file", arguments: ["--font", "/nonexistent/font.ttf"],
                 status: 69, stderrPrefix: "cellheight: font not found: /nonexistent/font.ttf"),
        ExitCase(name: "exit 69: font path is a directory", arguments: ["--font", "$DIR/fontdir"],
                 status: 69, stderrPrefix: "cellheight: font path is a directory: $DIR/fontdir"),
        ExitCase(name: "exit 69: font file of random bytes", arguments: ["--font", "$DIR/random.ttf"],
                 status: 69, stderrPrefix: "cellheight: not a usable font file"),
        ExitCase(name: "exit 69: unknown font family", arguments: ["--font", "No Such Family Qwxz"],
                 status: 69, stderrPrefix: "cellheight: font family not found"),
        ExitCase(name: "exit 69: missing fallback font", arguments: ["--font", font, "--fallback", "/nonexistent/f.ttf"],
                 status: 69, stderrPrefix: "cellheight: font not found: /nonexistent/f.ttf"),
        ExitCase(name: "exit 0: a face of a collection by path#N",
                 arguments: ["--font", TestFonts.notoSansCJK + "#0", "--width", "100"], status: 0, stderrPrefix: ""),
        ExitCase(name: "exit 69: a bad face index", arguments: ["--font", TestFonts.notoSansCJK + "#x"],
                 status: 69, stderrPrefix: "cellheight: bad face index"),
        ExitCase(name: "exit 73: output file is a directory", arguments: ["--font", font, "--output-file", "$DIR/fontdir"],
                 status: 73, stderrPrefix: "cellheight: cannot write $DIR/fontdir: is a directory"),
        ExitCase(name: "exit 64: negative width", arguments: ["--font", font, "--width=-3"], status: 64),
        ExitCase(name: "exit 64: zero width", arguments: ["--font", font, "--width", "0"], status: 64),
        ExitCase(name: "exit 64: nan width", arguments: ["--font", font, "--width", "nan"], status: 64),
        ExitCase(name: "exit 64: empty width in a list", arguments: ["--font", font, "--width", "100,,200"], status: 64),
        ExitCase(name: "exit 64: zero size", arguments: ["--font", font, "--size", "0"], status: 64),
        ExitCase(name: "exit 64: zero line height", arguments: ["--font", font, "--line-height", "0"], status: 64),
        ExitCase(name: "exit 64: line height in em", arguments: ["--font", font, "--line-height", "2em"], status: 64),
        ExitCase(name: "exit 64: unknown option", arguments: ["--font", font, "--no-such-option"], status: 64),
        ExitCase(name: "exit 73: output file in a missing directory",
                 arguments: ["--font", font, "--output-file", "/nonexistent-dir/x.json"],
                 status: 73, stderrPrefix: "cellheight: cannot write /nonexistent-dir/x.json: no such directory"),
    ]

    @Test("command line: exit codes and messages", arguments: exitCases)
    func exitCodes(_ testCase: ExitCase) throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/fontdir", withIntermediateDirectories: false)
        var generator = SystemRandomNumberGenerator()
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
            .write(to: URL(fileURLWithPath: directory + "/random.ttf"))

        let arguments = testCase.arguments.map { $0.replacingOccurrences(of: "$DIR", with: directory) }
        let result = try CellHeightProcess.run(arguments, stdin: testCase.stdin)
        let stderr = result.stderrText
        #expect(result.status == testCase.status, "stderr: \(stderr)")
        #expect(!stderr.contains("Fatal error"), "crash: \(stderr)")
        #expect(!stderr.contains("Stack dump"), "crash: \(stderr)")
        #expect(!stderr.contains("Current stack trace"), "crash: \(stderr)")

        if testCase.status == 0 {
            #expect(stderr.isEmpty)
            #expect(!result.stdout.isEmpty)
            return
        }
        #expect(result.stdout.isEmpty, "stdout on failure: \(result.stdoutText)")
        // A failed write leaves no temporary file behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["fontdir", "random.ttf"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/fontdir").isEmpty)
        guard let prefix = testCase.stderrPrefix?.replacingOccurrences(of: "$DIR", with: directory) else { return }
        #expect(stderr.hasPrefix(prefix), "stderr: \(stderr)")
        // Exactly one line.
        #expect(stderr.hasSuffix("\n"))
        #expect(stderr.filter { $0 == "\n" }.count == 1, "stderr: \(stderr)")
    }

    /// `--lossy` replaces the bad byte and warns on one line, and still succeeds.
    /// The table's last line names the face a font name resolved to, as Chromium resolves it
    /// (see "Font names" in the README): a generic family, a metric-compatible alias, a path.
    @Test("command line: the table's footer shows the face each font name resolved to", arguments: [
        ("sans-serif", "font  Liberation Sans 16px  /usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"),
        ("Helvetica", "font  Liberation Sans 16px  /usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"),
        ("monospace", "font  DejaVu Sans Mono 16px  /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
        ("DejaVu Sans Condensed", "font  DejaVu Sans 16px  /usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"),
    ])
    func tableFooterFont(name: String, footer: String) throws {
        let result = try CellHeightProcess.run(["--font", name], stdin: Array("Hello world\n".utf8))
        #expect(result.status == 0, "stderr: \(result.stderrText)")
        #expect(result.stdoutText.hasSuffix("\n" + footer + "\n"), "\(result.stdoutText)")
    }

    /// A row (or catalog entry, or rule) with a width of its own, in a run at several widths, is
    /// measured at its width and shown in every width's column; a budget it breaks is reported once.
    @Test("command line: a row's own width among several --width values", arguments: ["table", "ndjson", "json", "csv", "html", "svg"])
    func ownWidthAmongSeveral(output: String) throws {
        let input = Array(#"{"id":"own","text":"a b c d e f g h i j k l","width":30,"maxLines":1}"#.utf8) + [0x0A]
            + Array(#"{"id":"plain","text":"a b"}"#.utf8) + [0x0A]
        let result = try CellHeightProcess.run(["--font", Self.font, "--width", "160,320", "--format", "ndjson",
                                                "--output", output], stdin: input)
        #expect(result.status == 1, "\(result.stderrText)")
        // One violation, at the row's own width (6 lines of "a b", "c d", ... at 30 px).
        #expect(result.stderrText.components(separatedBy: "6 lines > max 1 at 30 px").count == 2, "\(result.stderrText)")
        if output == "ndjson" {
            let lines = result.stdoutText.split(separator: "\n")
            #expect(lines.first?.contains(#""results":[{"size":16,"width":30,"lineCount":6,"#) == true, "\(result.stdoutText)")
            // The row's own (first result's) width, and each of its two results'.
            #expect(lines.first?.components(separatedBy: #""width":30"#).count == 4, "\(result.stdoutText)")
            #expect(lines.last?.contains(#"{"size":16,"width":160,"lineCount":1,"#) == true, "\(result.stdoutText)")
        }
    }

    @Test("command line: --lossy warns once and measures")
    func lossy() throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--lossy"], stdin: [0x61, 0x62, 0xC3, 0x28, 0x0A])
        #expect(result.status == 0)
        #expect(result.stderrText == "cellheight: <stdin>: replaced 1 invalid byte sequence(s) with U+FFFD\n")
    }

    static func jsonObject(_ data: Data) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: data)
        return try #require(value as? [String: Any], "not a JSON object: \(String(decoding: data, as: UTF8.self))")
    }

    /// Rows "hello", "abc\ndef", "" in DejaVu Sans 16 at 320 px: 1, 2 and 0 lines of 19 px.
    @Test("command line: --output json has rows with line counts and heights")
    func jsonOutput() throws {
        let input = #"["hello", "abc\ndef", ""]"#
        let result = try CellHeightProcess.run(["--font", Self.font, "--size", "16", "--width", "320", "--output", "json"],
                                         stdin: Array(input.utf8))
        #expect(result.status == 0, "stderr: \(result.stderrText)")
        let object = try Self.jsonObject(result.stdout)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == 3)
        #expect(rows.compactMap { $0["lineCount"] as? Int } == [1, 2, 0])
        #expect(rows.compactMap { ($0["height"] as? NSNumber)?.doubleValue } == [19, 38, 0])
        #expect((object["totalHeight"] as? NSNumber)?.doubleValue == 57)
        #expect(object["rowCount"] as? Int == 3)
    }

    /// Two widths: every row has two results, in the order given.
    @Test("command line: --width 100,200 gives two results per row")
    func severalWidths() throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--width", "100,200", "--output", "json"],
                                         stdin: Array("Delete all files?\nabc\n".utf8))
        #expect(result.status == 0, "stderr: \(result.stderrText)")
        let object = try Self.jsonObject(result.stdout)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == 2)
        for row in rows {
            let results = try #require(row["results"] as? [[String: Any]])
            #expect(results.count == 2)
            #expect(results.compactMap { ($0["width"] as? NSNumber)?.doubleValue } == [100, 200])
        }
        #expect((object["totals"] as? [Any])?.count == 2)
    }

    /// --output-file writes exactly what stdout would get, and no temporary file stays behind.
    @Test("command line: --output-file writes the same bytes as stdout", arguments: ["table", "json", "csv"])
    func outputFile(_ format: String) throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = Array("Delete all files?\nファイルを開く\n".utf8)
        let arguments = ["--font", Self.font, "--width", "120", "--output", format]
        let toStdout = try CellHeightProcess.run(arguments, stdin: input)
        #expect(toStdout.status == 0)
        let path = directory + "/result.out"
        let toFile = try CellHeightProcess.run(arguments + ["--output-file", path], stdin: input)
        #expect(toFile.status == 0, "stderr: \(toFile.stderrText)")
        #expect(toFile.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == toStdout.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["result.out"])

        // Replacing an existing file works the same way.
        let again = try CellHeightProcess.run(arguments + ["--output-file", path], stdin: input)
        #expect(again.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == toStdout.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["result.out"])
    }

    @Test("command line: --version prints a version")
    func version() throws {
        let result = try CellHeightProcess.run(["--version"])
        #expect(result.status == 0)
        let text = result.stdoutText
        #expect(text.range(of: #"\d+\.\d+\.\d+"#, options: .regularExpression) != nil, "version output: \(text)")
    }

    @Test("command line: --help lists every exit code")
    func help() throws {
        let result = try CellHeightProcess.run(["--help"])
        #expect(result.status == 0)
        let help = result.stdoutText
        #expect(help.contains("EXIT CODES"))
        for code in [0, 64, 65, 66, 69, 73, 78] {
            #expect(help.range(of: #"(?m)^\s*\#(code)\s+\S"#, options: .regularExpression) != nil,
                    "exit code \(code) not listed")
        }
    }
}
