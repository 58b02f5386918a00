import Foundation
import Testing

/// `--font` values that name files, and fontconfig kept quiet (issue 31, items 9 and 25).
@Suite("font values on the command line")
struct FontSpecCommandLineTests {
    @Test("a file in the working directory with a face index (dv.ttf#0) is that file, not a family name")
    func fileWithFaceIndex() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cellheight-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: TestFonts.dejaVuSans, toPath: directory.appendingPathComponent("dv.ttf").path)
        let rows = Array("Delete all the files in this folder\n".utf8)
        let expected = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "-w", "120", "--output", "csv"], stdin: rows)
        for spec in ["dv.ttf#0", "dv.ttf", "./dv.ttf#0"] {
            let result = try CellHeightProcess.run(["--font", spec, "-w", "120", "--output", "csv"], stdin: rows,
                                                   in: directory.path)
            #expect(result.status == 0, "\(spec): \(result.stderrText)")
            #expect(result.stdoutText == expected.stdoutText, "\(spec)")
        }
        // A face index beyond the file's faces is an error about that file, not an unknown family.
        let missing = try CellHeightProcess.run(["--font", "dv.ttf#3", "-w", "120"], stdin: rows, in: directory.path)
        #expect(missing.status == 69)
        #expect(missing.stderrText.contains("dv.ttf"), "\(missing.stderrText)")
    }

    @Test("a FONTCONFIG_FILE fontconfig cannot read: its own lines stay off standard error")
    func badFontconfigFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cellheight-fonts-\(UUID().uuidString).conf")
        try Data("<fontconfig><dir>unclosed".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for font in ["DejaVu Sans", "No Such Family"] {
            let result = try CellHeightProcess.run(["--font", font, "-w", "120"], stdin: Array("OK\n".utf8),
                                                   environment: ["FONTCONFIG_FILE": file.path])
            let lines = result.stderrText.split(separator: "\n")
            #expect(!result.stderrText.contains("Fontconfig"), "\(result.stderrText)")
            #expect(lines.allSatisfy { $0.hasPrefix("cellheight: ") }, "\(result.stderrText)")
            #expect(result.status == 0 || result.status == 69, "\(result.status)")
        }
    }
}
