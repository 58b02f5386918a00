import Foundation
import Testing

/// Issue 13, item 10: memory stays proportional to a long row (a few bytes a character), so an
/// 8 MB row is measured under an address-space cap (`ulimit -v`) of 300 MB, which the process
/// itself (runtime, ICU's data, the font) takes half of. Before, shaped rows took 35 bytes a
/// character and aborted with a backtrace under such caps.
@Suite("long rows under an address-space cap")
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
}
