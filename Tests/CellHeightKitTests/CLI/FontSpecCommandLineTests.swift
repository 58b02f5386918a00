import Foundation
import Testing
import CellHeightTestSupport

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

    /// A FIFO as a font (`FontFileTests`: refused, never read) through the executable, for `--font`,
    /// a template's font and a rules file's font: no run waits for a writer that never comes.
    @Test("a FIFO as a font is an error wherever it is named", arguments: [
        (["--font", "$DIR/f.ttf", "-"], 69, "cellheight: font is not a regular file (a FIFO, a device or a socket): $DIR/f.ttf"),
        (["--template", "$DIR/t.json", "$DIR/rows.json"], 78,
         "cellheight: $DIR/t.json: $.labels[0].font: font is not a regular file (a FIFO, a device or a socket): $DIR/f.ttf"),
        (["--rules", "$DIR/r.yaml", "-"], 78,
         "cellheight: $DIR/r.yaml: $.rules[0].font: font is not a regular file (a FIFO, a device or a socket): $DIR/f.ttf"),
    ])
    func fifoEverywhere(_ arguments: [String], status: Int32, message: String) throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/f.ttf", 0o600) == 0)
        try Data(#"{"labels": [{"field": "text", "font": "\#(directory)/f.ttf"}]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/t.json"))
        try Data(#"[{"text": "hi"}]"#.utf8).write(to: URL(fileURLWithPath: directory + "/rows.json"))
        try Data("rules:\n  - font: \(directory)/f.ttf\n".utf8).write(to: URL(fileURLWithPath: directory + "/r.yaml"))
        let result = try CellHeightProcess.run(arguments.map { $0.replacingOccurrences(of: "$DIR", with: directory) },
                                               stdin: Array("hi\n".utf8))
        #expect(result.status == status)
        #expect(result.stderrText == message.replacingOccurrences(of: "$DIR", with: directory) + "\n")
    }
}
