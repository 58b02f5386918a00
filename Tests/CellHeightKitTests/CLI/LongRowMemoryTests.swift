import Foundation
import Testing
import CellHeightTestSupport

/// Issue 13, item 10: memory stays proportional to a long row (a few bytes a character), so an
/// 8 MB row is measured under an address-space cap (`ulimit -v`) of 300 MB, which the process
/// itself (runtime, ICU's data, the font) takes half of. Before, shaped rows took 35 bytes a
/// character and aborted with a backtrace under such caps.
@Suite("long rows: memory in proportion to the row")
struct LongRowMemoryTests {
    @Test("an 8 MB row of prose (the pairwise lane) and one beyond ASCII (shaped) fit in 300 MB of address space",
          arguments: [
              "lorem ipsum dolor sit amet consectetur adipiscing elit ",
              "lorem ipsum dolor sit amet — consectetur café adipiscing привет elit ",
          ])
    func longRowUnderCap(sentence: String) throws {
        let repeats = 8_000_000 / sentence.utf8.count
        let directory = try OutputProtectionTests.makeDirectory(rows: String(repeating: sentence, count: repeats) + "\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try OutputProtectionTests.shell(
            #"ulimit -v 300000; "$0" --font "$1" --width 320 --output json rows.txt > out.json; echo "status $?""#,
            in: directory)
        #expect(result.stdoutText == "status 0\n", "\(result.stderrText.prefix(300))")
        let written = String(decoding: try OutputProtectionTests.contents(directory + "/out.json"), as: UTF8.self)
        #expect(written.contains(#""rowCount":1"#))
        // At 320 px a sentence of 55 to 70 characters takes one to three lines.
        let lineCount = try #require(written.firstMatch(of: #/"lineCount":(\d+)/#).flatMap { Int($0.output.1) })
        #expect(lineCount > repeats / 2 && lineCount < repeats * 4)
    }

    /// Issue 14: a 20 MB row in less than 10 times its size. Chinese is the hardest case: a break
    /// opportunity at almost every ideograph (each kept with its x), a fallback font. Its peak
    /// resident memory beyond what a row of one message takes (the runtime, ICU, the fonts) was
    /// 11 bytes a byte with 25-byte break records, 6.6 with 12-byte ones.
    @Test("an 8 MB row of Chinese messages takes less than 8 bytes of memory a byte beyond a one-message row")
    func chineseRowMemory() throws {
        let sentence = "无法取得有效的上下文，请稍后再试。访问已被准许（上次访问是 5 秒之前）。应用程序需要再次调用 libpam。"
        let repeats = 8_000_000 / sentence.utf8.count
        let directory = try OutputProtectionTests.makeDirectory(rows: String(repeating: sentence, count: repeats) + "\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data((sentence + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/one.txt"))
        let long = try Self.peakMemory(of: directory + "/rows.txt"), one = try Self.peakMemory(of: directory + "/one.txt")
        let perByte = Double(long - one) / Double(repeats * sentence.utf8.count)
        #expect(perByte < 8, "\(long >> 20) MiB for the long row, \(one >> 20) MiB for one message")
        let written = String(decoding: try OutputProtectionTests.contents(directory + "/rows.txt.json"), as: UTF8.self)
        // At 320 px a message of 58 characters, 50 of them 14 px wide, takes two to three lines.
        let lineCount = try #require(written.firstMatch(of: #/"lineCount":(\d+)/#).flatMap { Int($0.output.1) })
        #expect(lineCount >= 2 * repeats && lineCount <= 3 * repeats)
    }

    /// Measures `input` at 320 px (the JSON beside it, `input.json`): the run's peak resident
    /// memory in bytes.
    static func peakMemory(of input: String) throws -> Int {
        let arguments = ["--font", TestFonts.dejaVuSans, "--width", "320", "--output", "json", "--output-file", input + ".json", input]
        let pid = try OutputSafetyTests.spawnWithDefaultSignals(try CellHeightProcess.executable().path, arguments)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        #expect(status == 0, "wait status \(status) for \(input)")
        #if os(Linux)
        return usage.ru_maxrss * 1024  // kilobytes on Linux
        #else
        return usage.ru_maxrss
        #endif
    }
}
