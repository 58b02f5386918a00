import Foundation
import Testing
import CellHeightTestSupport

/// What happens to output when the run is interrupted, its reader goes away or the disk is full.
@Suite("output safety")
struct OutputSafetyTests {
    static let font = TestFonts.dejaVuSans

    /// A file that takes the debug build several seconds to measure (more than `head -1` waits for).
    static func writeLongInput(in directory: String) throws -> String {
        let path = directory + "/long.txt"
        try Data(String(repeating: "Delete all files in the folder?\n", count: 400_000).utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("output safety: SIGTERM or SIGINT during a run leaves no output file and no temporary file",
          arguments: [SIGTERM, SIGINT])
    func interrupted(_ signal: Int32) throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Rows on a FIFO held open: the run waits for more until the signal ends it, however fast
        // the build measures (a long file would be done within the second in a release build).
        let input = directory + "/long.txt"
        #expect(mkfifo(input, 0o600) == 0)
        let fifo = open(input, O_RDWR)
        defer { close(fifo) }
        let rows = Array(String(repeating: "Delete all files in the folder?\n", count: 1_000).utf8)  // < 64 KiB: no block
        #expect(rows.withUnsafeBytes { write(fifo, $0.baseAddress, $0.count) } == rows.count)
        let arguments = ["--font", Self.font, "--output", "json", "--output-file", directory + "/out.json", input]
        let pid = try Self.spawnWithDefaultSignals(try CellHeightProcess.executable().path, arguments)
        Thread.sleep(forTimeInterval: 1.0)
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Killed by the signal (a shell shows 128 + signal: 143, 130).
        #expect(status & 0x7F == signal, "wait status \(status)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["long.txt"])
    }

    /// Starts `executable` with stdout and stderr on /dev/null and every signal unblocked and at
    /// its default action (the test runner blocks some, and a child would inherit that).
    static func spawnWithDefaultSignals(_ executable: String, _ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw CellHeightProcess.RunError("posix_spawn failed: \(result)") }
        return pid
    }

    /// `cellheight long.txt | head -1`: quiet, status 0 or 141 (killed by SIGPIPE).
    @Test("output safety: a closed pipe ends the run quietly")
    func closedPipe() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = try Self.writeLongInput(in: directory)
        let script = #""$0" --font "$1" "$2" 2>"$3" | head -n 1 >/dev/null; echo "${PIPESTATUS[0]}""#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, try CellHeightProcess.executable().path, Self.font, input, directory + "/stderr"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(["0\n", "141\n"].contains(status), "status: \(status)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/stderr")).isEmpty)
    }

    /// Standard output on a full disk (/dev/full): one line, exit 73.
    @Test("output safety: a full disk is reported", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullDisk() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = Process()
        process.executableURL = try CellHeightProcess.executable()
        process.arguments = ["--font", Self.font]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errorPath = directory + "/stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        input.fileHandleForWriting.write(Data("hello\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 73)
        let stderr = String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self)
        #expect(stderr == "cellheight: cannot write <stdout>: no space left on device\n")
    }
}
