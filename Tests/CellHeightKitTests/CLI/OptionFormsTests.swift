import Foundation
import Testing

/// Issue 17's forms of option values a newcomer writes: `px` after a width, `-` for standard
/// output, and a note for a line height that is most likely meant in px.
@Suite("command line: option forms")
struct OptionFormsTests {
    static let font = TestFonts.dejaVuSans

    @Test("--width takes px after each number; --output-file - is standard output")
    func widthsInPixelsToStandardOutput() throws {
        let plain = try CellHeightProcess.run(["--font", Self.font, "--width", "100,200", "--output", "csv"],
                                              stdin: Array("Delete all files?\n".utf8))
        let withUnits = try CellHeightProcess.run(["--font", Self.font, "--width", "100px, 200PX", "--output", "csv",
                                                   "--output-file", "-"], stdin: Array("Delete all files?\n".utf8))
        #expect(plain.status == 0 && withUnits.status == 0)
        #expect(withUnits.stdoutText == plain.stdoutText)
        #expect(withUnits.stdoutText.hasPrefix("index,id,width,lineCount,height\n0,,100,"))
        #expect(withUnits.stderrText.isEmpty)
    }

    @Test("--line-height 20 is measured as asked, with a note that 20px is probably meant")
    func lineHeightNote() throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--size", "14", "--line-height", "20", "--output", "csv"],
                                               stdin: Array("hello\n".utf8))
        #expect(result.status == 0)
        // 20 × 14 px = 280 px, one line.
        #expect(result.stdoutText == "index,id,width,lineCount,height\n0,,320,1,280\n")
        #expect(result.stderrText == "cellheight: note: --line-height 20 is 20 times the font size (280 px); for 20 px write --line-height 20px\n")
        let usual = try CellHeightProcess.run(["--font", Self.font, "--line-height", "1.4"], stdin: Array("hello\n".utf8))
        #expect(usual.stderrText.isEmpty)
    }
}
