import Foundation
import Testing
import CellHeightTestSupport

@Suite("command line: html and svg reports")
struct ReportCommandLineTests {
    static let font = TestFonts.dejaVuSans
    static let input = Array("Delete all files?\nThis will permanently remove every file in the folder.\n".utf8)

    @Test("html goes to stdout, measured with line boxes (the lines are drawn)")
    func htmlToStdout() throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--size", "14", "--width", "160", "--output", "html"],
                                               stdin: Self.input)
        #expect(result.status == 0)
        let page = result.stdoutText
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        // "This will permanently remove every file in the folder." wraps into 3 lines of 16 px at 160 px.
        #expect(page.contains("--h:16px\"><p>This will permanently </p><p>remove every file in </p><p>the folder.</p></div>"))
        #expect(page.contains("<dt>input</dt><dd>&lt;stdin&gt;</dd>\n<dt>date</dt><dd>"))
    }

    @Test("svg to a file with --output-file; nothing on stdout; the row over the --max-height budget fails the run")
    func svgToFile() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CellHeightProcess.run(["--font", Self.font, "--size", "14", "--width", "160", "--number-of-lines", "2",
                                                "--max-height", "20", "--output", "svg", "--output-file", directory + "/r.svg"],
                                               stdin: Self.input)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("<stdin>:2: #1: 32 px > max 20 px at 160 px (font DejaVu Sans 14 px); fits at 370.16 px\n"))
        let picture = try String(contentsOfFile: directory + "/r.svg", encoding: .utf8)
        #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(picture.contains("160 px · 2/3 lines · 32 px"))
        #expect(picture.contains("<rect class=\"box truncated over-budget\""))
    }

    @Test("--embed-font puts the font file in the page")
    func embedFont() throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--output", "html", "--embed-font"], stdin: Self.input)
        #expect(result.status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.font))
        #expect(result.stdoutText.contains("src: url(\"data:font/ttf;base64," + bytes.base64EncodedString() + "\")"))
    }

    @Test("report options need a drawn format", arguments: [
        (["--embed-font"], "--embed-font needs --output html or svg"),
        (["--output", "svg", "--stats"], "--stats needs --output table, json or html (svg has no place for statistics)"),
        (["--output", "html", "--max-height=-1"], "--max-height must be a number of px above 0 (at most 1000000), got -1.0"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CellHeightProcess.run(["--font", Self.font] + arguments, stdin: Self.input)
        #expect(result.status == 64)
        #expect(result.stderrText.contains(message))
    }
}

/// A report's settings list the fallback fonts that drew characters the primary font lacks
/// (fontconfig's choices depend on the text; `fc-match "DejaVu Sans:charset=5220"` gives Noto Sans
/// CJK, `…charset=e25` Noto Sans Thai, and DejaVu Sans has Hebrew itself), never a font that drew
/// nothing.
@Suite("command line: fallback fonts in the settings")
struct FallbackFontsSettingsTests {
    static func fallbackFonts(_ arguments: [String], _ text: String) throws -> [String] {
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--output", "json"] + arguments,
                                               stdin: Array(text.utf8))
        #expect(result.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        let settings = try #require(report?["settings"] as? [String: Any])
        return try #require(settings["fallbackFonts"] as? [String])
    }

    @Test("the fonts fallback found, the same for every --jobs; none for text the font draws whole",
          arguments: ["1", "3"])
    func used(_ jobs: String) throws {
        let text = "Delete all files?\n删除所有文件？\nลบไฟล์ทั้งหมด\nמחק הכל\n"
        #expect(try Self.fallbackFonts(["--jobs", jobs], text) == [TestFonts.notoSansCJK, TestFonts.notoSansThai])
        #expect(try Self.fallbackFonts(["--jobs", jobs], "Delete all files?\nמחק הכל\n") == [])
    }

    @Test("with --fallback: those of its fonts that drew a character")
    func given() throws {
        let fonts = ["--fallback", TestFonts.notoSansHebrew + "," + TestFonts.notoSansCJK]
        #expect(try Self.fallbackFonts(fonts, "删除所有文件\n") == [TestFonts.notoSansCJK])
        #expect(try Self.fallbackFonts(fonts, "Delete\n") == [])
    }
}
