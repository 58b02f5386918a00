import Foundation
import Testing
import CellHeightTestSupport

/// Issue 31, items 1 and 5-7: limits a container sets (threads, descriptors, address space) and
/// output targets a careless command line names. The run measures on the calling thread when no
/// thread is to be had, ends with one line and exit 71 when memory runs out, and never replaces
/// standard input's file, a loop of symbolic links, or a file it has no report for.
@Suite("hostile resources and output targets")
struct HostileResourceTests {
    static let font = TestFonts.dejaVuSans

    /// Several read-ahead batches (1 MiB each) and enough rows for every worker.
    static let manyRows = (0..<80_000).map { "Delete all \($0) files in the folder?\n" }.joined()

    /// A directory anyone may write into (the runs as `nobody` write there), with `rows.txt`.
    static func makeOpenDirectory(rows: String = manyRows) throws -> String {
        let directory = try OutputProtectionTests.makeDirectory(rows: rows)
        #expect(chmod(directory, 0o777) == 0)
        return directory
    }

    static let canSwitchUser = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// RLIMIT_NPROC counts the threads of the user and does not apply to root: the run is made as
    /// `nobody`, whose one process is the run itself. Before, libdispatch retried forever (even
    /// with `--jobs 1`) and nothing was written.
    @Test("no thread to be had (ulimit -u 1 as nobody): measured on the calling thread, complete output",
          .enabled(if: canSwitchUser), arguments: [1, 4])
    func noThreads(jobs: Int) throws {
        let directory = try Self.makeOpenDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try OutputProtectionTests.shell(#"""
            timeout 120 setpriv --reuid=nobody --regid=nogroup --clear-groups /bin/bash -c \
              'ulimit -u 1; exec "$0" --font "$1" --jobs "$2" --output ndjson --output-file out.ndjson rows.txt' \
              "$0" "$1" \#(jobs); echo "status $?"
            """#, in: directory)
        #expect(result.stdoutText == "status 0\n", "\(result.stderrText.prefix(300))")
        let lines = String(decoding: try OutputProtectionTests.contents(directory + "/out.ndjson"), as: UTF8.self)
            .split(separator: "\n")
        #expect(lines.count == 80_000)
        #expect(lines.last == #"{"index":79999,"id":null,"width":320,"lineCount":1,"height":19,"results":[{"size":16,"width":320,"lineCount":1,"height":19}]}"#)
    }

    /// Four descriptors: standard input, output and error, and one for the file being read. Before,
    /// libdispatch could not make its own descriptors and the run died of SIGILL with `--jobs 4`.
    @Test("four file descriptors (ulimit -n 4) with --jobs 4: the run completes")
    func fourDescriptors() throws {
        let directory = try Self.makeOpenDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try OutputProtectionTests.shell(
            #"ulimit -n 4; "$0" --font "$1" --jobs 4 --output json --output-file out.json rows.txt; echo "status $?""#,
            in: directory)
        #expect(result.stdoutText == "status 0\n", "\(result.stderrText.prefix(300))")
        #expect(result.stderrText.isEmpty)
        let written = String(decoding: try OutputProtectionTests.contents(directory + "/out.json"), as: UTF8.self)
        #expect(written.contains(#""rowCount":80000"#))
    }

    /// An address-space cap the process starts under but the run outgrows (the JSON report of a
    /// million rows is kept whole until the end): one line, exit 71, the existing report left as
    /// it was and no temporary file. Before, SIGSEGV or Swift's "Fatal error" and a backtrace.
    @Test("an address-space cap (ulimit -v) too small for the run: one line, exit 71, the old report left alone")
    func memoryCap() throws {
        let rows = String(repeating: "Delete all files in the folder?\n", count: 1_000_000)
        let directory = try Self.makeOpenDirectory(rows: rows)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("old report".utf8).write(to: URL(fileURLWithPath: directory + "/out.json"))
        let result = try OutputProtectionTests.shell(
            #"ulimit -v 250000; "$0" --font "$1" --output json --output-file out.json rows.txt; echo "status $?""#,
            in: directory)
        #expect(result.stdoutText == "status 71\n")
        #expect(result.stderrText.wholeMatch(of: #/cellheight: out of memory: the system refused \d+ bytes \(an address-space limit, ulimit -v\?\)\n/#) != nil,
                "\(result.stderrText.prefix(500))")
        #expect(try OutputProtectionTests.contents(directory + "/out.json") == Data("old report".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["out.json", "rows.txt"])
    }

    @Test("the file on standard input is never an output (--output-file or --junit-file, any spelling)", arguments: [
        ["--output", "json", "--output-file", "rows.txt"],
        ["--output", "json", "--output-file", "./rows.txt", "-"],
        ["--diagnostics", "junit", "--junit-file", "hard.txt"],
    ])
    func standardInputIsNeverOverwritten(_ options: [String]) throws {
        let directory = try OutputProtectionTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(link(directory + "/rows.txt", directory + "/hard.txt") == 0)
        let before = try OutputProtectionTests.contents(directory + "/rows.txt")
        let quoted = options.map { "'\($0)'" }.joined(separator: " ")
        let result = try OutputProtectionTests.shell(#""$0" --font "$1" "# + quoted + #" < rows.txt; echo "status $?""#,
                                                     in: directory)
        let option = options.contains("--junit-file") ? "--junit-file" : "--output-file"
        let name = options[options.firstIndex(of: option)! + 1]
        #expect(result.stdoutText == "status 64\n")
        #expect(result.stderrText == "cellheight: \(option) \(name) is standard input: it would be overwritten\n")
        #expect(try OutputProtectionTests.contents(directory + "/rows.txt") == before)
    }

    @Test("a loop of symbolic links as --output-file: exit 73, both links left")
    func symbolicLinkLoop() throws {
        let directory = try OutputProtectionTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: directory + "/b", withDestinationPath: "a")
        let result = try CellHeightProcess.run(["--font", Self.font, "--output", "json", "--output-file", "a", "rows.txt"],
                                               in: directory)
        #expect(result.status == 73)
        #expect(result.stderrText == "cellheight: cannot write a: a loop of symbolic links (or more than 40 in a row)\n")
        #expect(OutputProtectionTests.fileType(directory + "/a") == S_IFLNK)
        #expect(OutputProtectionTests.fileType(directory + "/b") == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a", "b", "rows.txt"])
    }

    @Test("--output none with --output-file is a usage error; the existing file is left alone")
    func noReportNoFile() throws {
        let directory = try OutputProtectionTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("{\"rows\":[]}".utf8).write(to: URL(fileURLWithPath: directory + "/report.json"))
        let result = try CellHeightProcess.run(["--font", Self.font, "-o", "none", "--output-file", "report.json", "rows.txt"],
                                               in: directory)
        #expect(result.status == 64)
        #expect(result.stderrText == "cellheight: --output-file report.json with --output none: there is no report to write\n")
        #expect(try OutputProtectionTests.contents(directory + "/report.json") == Data("{\"rows\":[]}".utf8))
    }

    /// Issue 31, item 18: a closed standard input read as empty (exit 0, nothing); `cat` says it is closed.
    @Test("standard input closed: exit 66, one line", arguments: ["", "-", "summarize"])
    func closedStandardInput(_ argument: String) throws {
        let directory = try OutputProtectionTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let command = argument == "summarize" ? #""$0" summarize"# : #""$0" --font "$1" "# + argument
        let result = try OutputProtectionTests.shell(command + #" <&-; echo "status $?""#, in: directory)
        #expect(result.stdoutText == "status 66\n")
        #expect(result.stderrText == "cellheight: cannot read <stdin>: standard input is closed\n")
    }

    /// Issue 31, item 20: `--width 1e-9` blamed `--padding ''`, which was never given. A width under
    /// a layout unit is a box of width 0, as in Chromium: each grapheme on a line of its own (the
    /// space hangs after "e").
    @Test("a width under 1/64 px is a box of width 0: each grapheme on its own line", arguments: ["1e-9", "1e-300"])
    func narrowestBox(_ width: String) throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--width", width, "--output", "ndjson"],
                                               stdin: Array("Delete all\n".utf8))
        #expect(result.status == 0, "\(result.stderrText)")
        // (The width is written as given: 1e-09, 1e-300.)
        #expect(result.stdoutText.hasPrefix(#"{"index":0,"id":null,"width":"#), "\(result.stdoutText)")
        #expect(result.stdoutText.hasSuffix(#","lineCount":9,"height":171}]}"# + "\n"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains(#","lineCount":9,"height":171,"results":[{"size":16,"width":"#))
    }
}
