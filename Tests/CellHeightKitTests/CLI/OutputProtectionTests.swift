import Foundation
import Testing
import CellHeightTestSupport

/// Issue 13's data-loss cases, run through the built executable: no output replaces a special
/// file or a symbolic link, lands on a file the run reads, or is lost because standard error
/// cannot be written or a file-size limit is hit.
@Suite("output protection")
struct OutputProtectionTests {
    static let font = TestFonts.dejaVuSans

    /// Runs `script` with bash in `directory`: `$0` is the executable, `$1` the font.
    static func shell(_ script: String, in directory: String) throws -> CellHeightProcess.Result {
        try CellHeightProcess.run(["-c", script, try CellHeightProcess.executable().path, font],
                                  in: directory, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    static func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return status.st_mode & S_IFMT
    }

    static func makeDirectory(rows: String = "Delete all files?\nThis will permanently remove every file in the folder.\n")
        throws -> String {
        let directory = try CellHeightProcess.makeDirectory()
        try Data(rows.utf8).write(to: URL(fileURLWithPath: directory + "/rows.txt"))
        return directory
    }

    @Test("--diagnostics junit followed by a catalog is a usage error; the catalog is left alone")
    func junitNeverTakesACatalog() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = directory + "/res/values-fr/strings.xml"
        try FileManager.default.createDirectory(atPath: directory + "/res/values-fr", withIntermediateDirectories: true)
        let xml = Data(#"<resources><string name="open">Ouvrir le dossier</string></resources>"#.utf8)
        try xml.write(to: URL(fileURLWithPath: catalog))
        let result = try CellHeightProcess.run(["--font", Self.font, "--diagnostics", "junit", catalog])
        #expect(result.status == 64)
        #expect(result.stderrText == "cellheight: --diagnostics junit needs --junit-file FILE: where to write the JUnit report\n")
        #expect(try Self.contents(catalog) == xml)
    }

    @Test("a character device is written into, not replaced")
    func characterDevice() throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--output", "json", "--output-file", "/dev/null", "-"],
                                               stdin: Array("hello\n".utf8))
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Self.fileType("/dev/null") == S_IFCHR)
    }

    @Test("a FIFO is written into, not replaced")
    func fifo() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try Self.shell("""
            mkfifo pipe && { cat pipe > received & } && "$0" --font "$1" --output ndjson --output-file pipe rows.txt \
            && wait && cat received
            """, in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == #"{"index":0,"id":null,"width":320,"lineCount":1,"height":19,"results":[{"size":16,"width":320,"lineCount":1,"height":19}]}"# + "\n"
                + #"{"index":1,"id":null,"width":320,"lineCount":2,"height":38,"results":[{"size":16,"width":320,"lineCount":2,"height":38}]}"# + "\n")
        #expect(Self.fileType(directory + "/pipe") == S_IFIFO)
    }

    @Test("a symbolic link stays; the file it points to is replaced, and a dangling one is created")
    func symbolicLinks() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/reports", withIntermediateDirectories: false)
        try Data("old".utf8).write(to: URL(fileURLWithPath: directory + "/reports/out.json"))
        try FileManager.default.createSymbolicLink(atPath: directory + "/out.json", withDestinationPath: "reports/out.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/new.json", withDestinationPath: "reports/new.json")
        for link in ["out.json", "new.json"] {
            let result = try CellHeightProcess.run(["--font", Self.font, "--output", "json", "--output-file", link, "rows.txt"],
                                                   in: directory)
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(Self.fileType(directory + "/" + link) == S_IFLNK)
            let written = try Self.contents(directory + "/reports/" + link)
            #expect(String(decoding: written, as: UTF8.self).hasPrefix(#"{"version":{"tool":"#))
        }
        // No temporary file is left in either directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["new.json", "out.json", "reports", "rows.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/reports").sorted() == ["new.json", "out.json"])
    }

    @Test("an output naming the font, by any spelling, is refused and the font is left alone", arguments: [
        // The path as given, a hard link to it (same inode), and a family name that resolves to it.
        (["--font", "f.ttf"], "f.ttf", 64, "cellheight: --output-file f.ttf is also an input: it would be overwritten"),
        (["--font", "f.ttf"], "hard.ttf", 64, "cellheight: --output-file hard.ttf is also an input: it would be overwritten"),
        (["--font", "./f.ttf", "--fallback", "hard.ttf"], "f.ttf", 64,
         "cellheight: --output-file f.ttf is also an input: it would be overwritten"),
        (["--rules", "rules.yaml"], "hard.ttf", 73,
         "cellheight: cannot write hard.ttf: it is ./f.ttf, which this run reads, it would be overwritten"),
    ])
    func fontIsNeverOverwritten(_ options: [String], output: String, status: Int32, message: String) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let font = try Self.contents(Self.font)
        try font.write(to: URL(fileURLWithPath: directory + "/f.ttf"))
        #expect(link(directory + "/f.ttf", directory + "/hard.ttf") == 0)
        try Data("rules:\n  - font: ./f.ttf\n    maxLines: 5\n".utf8).write(to: URL(fileURLWithPath: directory + "/rules.yaml"))
        let result = try CellHeightProcess.run(options + ["--output", "json", "--output-file", output, "rows.txt"], in: directory)
        #expect(result.status == status)
        #expect(result.stderrText == message + "\n")
        #expect(try Self.contents(directory + "/f.ttf") == font)
    }

    @Test("--junit-file and --output-file naming one file is a usage error")
    func junitIsNotTheOutput() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CellHeightProcess.run(["--font", Self.font, "--diagnostics", "junit", "--junit-file", "report.xml",
                                                "--output-file", "./report.xml", "rows.txt"], in: directory)
        #expect(result.status == 64)
        #expect(result.stderrText == "cellheight: --junit-file and --output-file name the same file, ./report.xml: one report would be lost\n")
    }

    @Test("standard error full or closed: the result is still written", arguments: ["2>/dev/full", "2>&-"])
    func standardErrorFails(_ redirection: String) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Row 1 is over its budget: a diagnostic line and a summary are written first.
        let result = try Self.shell(#""$0" --font "$1" --max-lines 1 --output json --output-file out.json rows.txt "#
                                    + redirection + #"; echo "status $?""#, in: directory)
        #expect(result.stdoutText == "status 1\n")
        let written = String(decoding: try Self.contents(directory + "/out.json"), as: UTF8.self)
        #expect(written.contains(#""rowCount":2"#))
    }

    @Test("a file-size limit (ulimit -f): exit 73, one line, no temporary file left")
    func fileSizeLimit() throws {
        let directory = try Self.makeDirectory(rows: String(repeating: "Delete all files in the folder?\n", count: 200))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try Self.shell(#"ulimit -f 1; "$0" --font "$1" --output json --output-file out.json rows.txt; echo "status $?""#,
                                    in: directory)
        #expect(result.stdoutText == "status 73\n")
        #expect(result.stderrText == "cellheight: cannot write out.json: file too large (the file size limit, ulimit -f)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["rows.txt"])
    }
}
