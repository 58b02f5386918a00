import Foundation
import Testing
import CellHeightTestSupport

/// Issue 29, the command line: invalid values list the valid ones, a misspelled subcommand gets
/// "did you mean", `help X` for no subcommand X is an error, `-V` and `-q`, a hint when the rows
/// come from a terminal, and `.cellheight.yaml` (found upward) or `--config FILE`.
@Suite("command line: subcommands, values, project file")
struct CommandLineFrontTests {
    static let font = TestFonts.dejaVuSans
    static let rows = Array("Delete all files in this folder now?\n".utf8)

    @Test("an invalid value is one line that lists every valid one", arguments: [
        (["--output", "yaml"], ["table", "json", "ndjson", "csv", "html", "svg", "none"]),
        (["--diagnostics", "sarif-ish"], ["text", "github", "junit"]),
        (["--round", "floor"], ["none", "ceil", "ceil@2x", "ceil@3x"]),
    ])
    func invalidValues(_ arguments: [String], _ valid: [String]) throws {
        let result = try CellHeightProcess.run(arguments + ["--font", Self.font], stdin: Self.rows)
        #expect(result.status == 64)
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderrText)")
        for value in valid {
            #expect(result.stderrText.contains(value), "\(value) missing from \(result.stderrText)")
        }
        #expect(!result.stderrText.hasSuffix(":\n"))
    }

    @Test("a misspelled subcommand gets 'did you mean' (exit 64); a file of that name is read")
    func misspelledSubcommand() throws {
        let result = try CellHeightProcess.run(["sumarize", "rows.csv"])
        #expect(result.status == 64)
        #expect(result.stderrText == "cellheight: 'sumarize' is neither a file nor a subcommand; did you mean 'summarize'?\n")
        let measure = try CellHeightProcess.run(["mesure", "--font", Self.font], stdin: Self.rows)
        #expect(measure.status == 64 && measure.stderrText.contains("did you mean 'measure'?"))
        // A word far from every subcommand is a file that cannot be read (66), as before.
        let missing = try CellHeightProcess.run(["rows.csv", "--font", Self.font])
        #expect(missing.status == 66, "\(missing.stderrText)")
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("Open\n".utf8).write(to: URL(fileURLWithPath: directory + "/sumarize"))
        let file = try CellHeightProcess.run(["sumarize", "--font", Self.font, "-o", "csv"], in: directory)
        #expect(file.status == 0, "\(file.stderrText)")
        #expect(file.stdoutText.hasPrefix("index,id,width,lineCount,height\n0,,320,1,"))
    }

    @Test("help X for no subcommand X is a usage error; help summarize still works")
    func helpUnknown() throws {
        let result = try CellHeightProcess.run(["help", "foo"])
        #expect(result.status == 64)
        #expect(result.stdoutText.isEmpty)
        #expect(result.stderrText
                == "cellheight: help: no subcommand 'foo' (subcommands: measure, summarize, forecast)\n")
        let close = try CellHeightProcess.run(["help", "summarise"])
        #expect(close.status == 64 && close.stderrText.contains("did you mean 'summarize'?"), "\(close.stderrText)")
        #expect(try CellHeightProcess.run(["help", "summarize"]).status == 0)
    }

    @Test("-V prints the version, as --version does; -q is --quiet")
    func shortFlags() throws {
        let short = try CellHeightProcess.run(["-V"]), long = try CellHeightProcess.run(["--version"])
        #expect(short.status == 0 && short.stdoutText == long.stdoutText)
        #expect(short.stdoutText.hasPrefix("cellheight 0.3.0\n"))
        let quiet = try CellHeightProcess.run(["-q", "--font", Self.font, "-o", "csv"], stdin: Self.rows)
        #expect(quiet.status == 0 && quiet.stderrText.isEmpty)
    }

    /// Runs cellheight with a pseudo-terminal as standard input, typing `text` then Ctrl-D.
    static func runOnTerminal(_ arguments: [String], typing text: String) throws -> CellHeightProcess.Result {
        // posix_openpt and the others are not in Swift's Glibc module: looked up by name.
        func function<T>(_ name: String, as type: T.Type) throws -> T {
            unsafeBitCast(try #require(dlsym(dlopen(nil, RTLD_NOW), name), "no \(name)"), to: type)
        }
        typealias OnDescriptor = @convention(c) (Int32) -> Int32
        let openTerminal = try function("posix_openpt", as: OnDescriptor.self)
        let master = openTerminal(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        #expect(try function("grantpt", as: OnDescriptor.self)(master) == 0)
        #expect(try function("unlockpt", as: OnDescriptor.self)(master) == 0)
        let name = try function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)(master)
        let slave = open(String(cString: try #require(name)), O_RDWR | O_NOCTTY)
        #expect(slave >= 0)
        defer { close(master) }
        let scratch = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let outPath = scratch + "/out", errPath = scratch + "/err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = try CellHeightProcess.executable()
        process.arguments = arguments
        process.standardInput = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // The hint comes before anything is read: wait for it, then type the rows and end them.
        let deadline = Date().addingTimeInterval(30)
        while (try? Data(contentsOf: URL(fileURLWithPath: errPath)).isEmpty) ?? true, Date() < deadline {
            usleep(10_000)
        }
        let typed = Array((text + "\u{4}").utf8)
        _ = typed.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        process.waitUntilExit()
        try output.close()
        try error.close()
        return CellHeightProcess.Result(status: process.terminationStatus,
                                        stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
                                        stderr: try Data(contentsOf: URL(fileURLWithPath: errPath)))
    }

    @Test("rows from a terminal: one hint line on standard error, then the rows typed are measured")
    func terminalHint() throws {
        let result = try Self.runOnTerminal(["--font", Self.font, "-o", "csv"], typing: "Open\n")
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText == "cellheight: reading rows from the terminal: type them, then Ctrl-D ('cellheight --help' for files and options)\n")
        #expect(result.stdoutText.hasPrefix("index,id,width,lineCount,height\n0,,320,1,"))
        // Not with a pipe (the other tests), nor with -q.
        let piped = try CellHeightProcess.run(["--font", Self.font, "-o", "csv"], stdin: Self.rows)
        #expect(piped.stderrText.isEmpty)
    }

    /// A folder holding `.cellheight.yaml` (with `config`) and a folder `sub/deeper` below it.
    static func project(_ config: String) throws -> String {
        let directory = try CellHeightProcess.makeDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/sub/deeper", withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: directory + "/.cellheight.yaml"))
        return directory
    }

    @Test(".cellheight.yaml found upward gives default options and rules; the command line wins")
    func projectFile() throws {
        let directory = try Self.project("""
        options:
          font: \(Self.font)
          size: 14
          width: [100, 200]
          output: csv
        rules:
          - keys: "*"
            maxLines: 1
        """)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CellHeightProcess.run([], stdin: Self.rows, in: directory + "/sub/deeper")
        #expect(result.status == 1, "\(result.stderrText)")
        #expect(result.stdoutText == "index,id,width,lineCount,height\n0,,100,3,48\n0,,200,2,32\n")
        #expect(result.stderrText.contains("lines > max 1 at 100 px"))
        // -w and -o on the command line replace the file's; its size and font stay.
        let given = try CellHeightProcess.run(["-w", "400", "--output=ndjson"], stdin: Self.rows, in: directory + "/sub")
        #expect(given.status == 0, "\(given.stderrText)")
        #expect(given.stdoutText.contains("\"lineCount\":1"), "\(given.stdoutText)")
        #expect(given.stdoutText.contains("\"height\":16"), "\(given.stdoutText)")
        // --config none: no file (the default width, 16 px, the table).
        let none = try CellHeightProcess.run(["--config", "none", "--font", Self.font], stdin: Self.rows, in: directory)
        #expect(none.status == 0 && none.stdoutText.contains("total"), "\(none.stdoutText)")
    }

    @Test("--config names another file; paths in it are from its folder")
    func namedConfig() throws {
        let directory = try Self.project("options: {width: 999}\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("rules: [{keys: '*', maxLines: 1, width: 100}]\n".utf8).write(to: URL(fileURLWithPath: directory + "/sub/rules.yaml"))
        try Data("options:\n  rules: rules.yaml\n  font: \(Self.font)\n  output: none\n".utf8)
            .write(to: URL(fileURLWithPath: directory + "/sub/ci.yaml"))
        let result = try CellHeightProcess.run(["--config", "sub/ci.yaml"], stdin: Self.rows, in: directory)
        #expect(result.status == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("3 lines > max 1 at 100 px"), "\(result.stderrText)")
    }

    @Test("a bad project file is exit 78 naming the file and the option", arguments: [
        ("options: {sise: 3}\n", "$.options.sise: unknown option"),
        ("options: {size: abc}\n", "--size must be"),
        ("options: {quiet: 1}\n", "$.options.quiet: a flag: true or false"),
        ("options: [size]\n", "$.options: expected an object"),
        ("colour: red\n", "$.colour: unknown key"),
        ("rules: [{keys: '*', maxLine: 1}]\n", "maxLine"),
    ])
    func badProjectFile(_ config: String, _ message: String) throws {
        let directory = try Self.project(config)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CellHeightProcess.run(["--font", Self.font], stdin: Self.rows, in: directory)
        #expect(result.status == 78, "\(result.stderrText)")
        #expect(result.stderrText.hasPrefix("cellheight: \(directory)/.cellheight.yaml"), "\(result.stderrText)")
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
        #expect(result.stderrText.split(separator: "\n").count == 1)
        // --help and --version do not read it.
        #expect(try CellHeightProcess.run(["--version"], in: directory).status == 0)
    }
}
