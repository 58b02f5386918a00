import Foundation
import Testing
import CellHeightTestSupport

@Suite("command line: cell geometry")
struct GeometryCommandLineTests {
    static let font = TestFonts.dejaVuSans
    static let templates = CellHeightProcess.packageRoot.appendingPathComponent("fixtures/templates").path

    struct ExitCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// Arguments; "$DIR" is replaced by a fresh directory holding `t.json` with `template`.
        var arguments: [String]
        var template = #"{"labels": [{"field": "text", "font": "\#(TestFonts.dejaVuSans)"}]}"#
        var stdin = "Peterborough\n"
        var status: Int32
        /// The whole of stderr ("$DIR" replaced), or its start when it ends with "…".
        var stderr: String?
        var testDescription: String { name }
    }

    static let keys = "field, font, size, lineHeight, insets, numberOfLines, height, minHeight, spacingAfter"

    static let exitCases: [ExitCase] = [
        ExitCase(name: "exit 78: unknown key", arguments: ["--template", "$DIR/t.json"],
                 template: #"{"labels": [{"field": "text", "colour": "red"}]}"#, status: 78,
                 stderr: "cellheight: $DIR/t.json: $.labels[0].colour: unknown key (expected one of: \(keys))\n"),
        ExitCase(name: "exit 78: wrong type", arguments: ["--template", "$DIR/t.json"],
                 template: #"{"labels": [{"field": "text", "size": "14"}]}"#, status: 78,
                 stderr: "cellheight: $DIR/t.json: $.labels[0].size: expected a number, found a string\n"),
        ExitCase(name: "exit 78: negative length", arguments: ["--template", "$DIR/t.json"],
                 template: #"{"padding": [8, -5], "labels": [{"field": "text"}]}"#, status: 78,
                 stderr: "cellheight: $DIR/t.json: $.padding[1]: must not be negative, got -5\n"),
        ExitCase(name: "exit 78: JSON syntax with line and column", arguments: ["--template", "$DIR/t.json"],
                 template: "{\n  \"labels\": [,]\n}", status: 78,
                 stderr: "cellheight: $DIR/t.json:2:14: invalid JSON: expected a value, found ','\n"),
        ExitCase(name: "exit 78: a field no row has", arguments: ["--template", "$DIR/t.json"],
                 template: #"{"labels": [{"field": "title", "font": "\#(font)"}]}"#,
                 stdin: #"{"titel": "Preamble", "id": "p-en-0161"}"# + "\n", status: 78,
                 stderr: "cellheight: $DIR/t.json: $.labels[0].field: no input row has a field \"title\" (the rows have: id, titel)\n"),
        ExitCase(name: "exit 78: a field not in the CSV header", arguments: ["--template", "$DIR/t.json", "--format", "csv"],
                 template: #"{"labels": [{"field": "title", "font": "\#(font)"}, {"field": "body", "font": "\#(font)"}]}"#,
                 stdin: "title,text\nPreamble,The End\n", status: 78,
                 stderr: "cellheight: $DIR/t.json: $.labels[1].field: no input row has a field \"body\" (the rows have: text, title)\n"),
        ExitCase(name: "exit 78: missing font file", arguments: ["--template", "$DIR/t.json"],
                 template: #"{"labels": [{"field": "text", "font": "/nonexistent/font.ttf"}]}"#, status: 78,
                 stderr: "cellheight: $DIR/t.json: $.labels[0].font: font not found: /nonexistent/font.ttf\n"),
        ExitCase(name: "exit 78: unknown font family", arguments: ["--template", "$DIR/t.json"],
                 template: #"{"labels": [{"field": "text", "font": "No Such Family Qwxz"}]}"#, status: 78,
                 stderr: "cellheight: $DIR/t.json: $.labels[0].font: font family not found…"),
        ExitCase(name: "exit 78: the template's width leaves no room", arguments: ["--template", "$DIR/t.json"],
                 template: #"{"width": 40, "padding": "0 20", "labels": [{"field": "text", "font": "\#(font)"}]}"#,
                 status: 78,
                 stderr: "cellheight: $DIR/t.json: $.labels[0]: padding and insets leave no room for the text of label \"text\" in a 40 px wide cell (text width 0 px)\n"),
        ExitCase(name: "exit 64: --width leaves no room", arguments: ["--template", "$DIR/t.json", "--width", "300,30"],
                 template: #"{"padding": "0 20", "labels": [{"field": "text", "font": "\#(font)"}]}"#, status: 64,
                 stderr: "cellheight: --width 30 is too narrow for $DIR/t.json: padding and insets leave no room for the text of label \"text\" in a 30 px wide cell (text width -10 px)\n"),
        ExitCase(name: "exit 69: a missing fallback font is not the template's", arguments: [
            "--template", "$DIR/t.json", "--fallback", "/nonexistent/f.ttf"], status: 69,
                 stderr: "cellheight: font not found: /nonexistent/f.ttf\n"),
        ExitCase(name: "exit 66: missing template", arguments: ["--template", "$DIR/missing.json"], status: 66,
                 stderr: "cellheight: cannot read $DIR/missing.json: no such file\n"),
        ExitCase(name: "exit 65: bad CSV input", arguments: ["--template", "$DIR/t.json", "--format", "csv"],
                 stdin: "text\nsay \"hi\"\n", status: 65,
                 stderr: "cellheight: <stdin>:2: quote inside an unquoted field…"),
        ExitCase(name: "exit 65: CSV without a text column", arguments: ["--font", font, "--format", "csv"],
                 stdin: "title\nPreamble\n", status: 65,
                 stderr: "cellheight: <stdin>:1: the header has no \"text\" column\n"),
        ExitCase(name: "exit 64: --padding leaves no room", arguments: ["--font", font, "--width", "150", "--padding", "0 75"],
                 status: 64,
                 stderr: "cellheight: --padding '0 75' leaves no room for the text in a 150 px wide cell (text width 0 px)\n"),
        ExitCase(name: "exit 64: template from standard input", arguments: ["--template", "-"], status: 64),
        ExitCase(name: "exit 64: --font with --template", arguments: ["--template", "$DIR/t.json", "--font", font], status: 64),
        ExitCase(name: "exit 64: --round with --template", arguments: ["--template", "$DIR/t.json", "--round", "ceil"], status: 64),
        ExitCase(name: "exit 64: --stats with csv", arguments: ["--font", font, "--stats", "--output", "csv"], status: 64),
        ExitCase(name: "exit 64: --stats with ndjson", arguments: ["--font", font, "--stats", "--output", "ndjson"], status: 64),
        ExitCase(name: "exit 64: bad --padding", arguments: ["--font", font, "--padding", "1 2 3 4 5"], status: 64),
        ExitCase(name: "exit 64: negative --padding", arguments: ["--font", font, "--padding=-4"], status: 64),
        ExitCase(name: "exit 64: negative --min-height", arguments: ["--font", font, "--min-height=-1"], status: 64),
        ExitCase(name: "exit 64: nan --separator", arguments: ["--font", font, "--separator", "nan"], status: 64),
        ExitCase(name: "exit 64: negative --number-of-lines", arguments: ["--font", font, "--number-of-lines=-1"], status: 64),
        ExitCase(name: "exit 64: --max-lines 0", arguments: ["--font", font, "--max-lines=0"], status: 64),
        ExitCase(name: "exit 64: unknown --round", arguments: ["--font", font, "--round", "floor"], status: 64),
        ExitCase(name: "exit 0: a template over standard input", arguments: ["--template", "$DIR/t.json"], status: 0,
                 stderr: ""),
    ]

    @Test("command line: template and cell option errors", arguments: exitCases)
    func exitCodes(_ testCase: ExitCase) throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(testCase.template.utf8).write(to: URL(fileURLWithPath: directory + "/t.json"))
        let arguments = testCase.arguments.map { $0.replacingOccurrences(of: "$DIR", with: directory) }
        let result = try CellHeightProcess.run(arguments, stdin: Array(testCase.stdin.utf8))
        let stderr = result.stderrText
        #expect(result.status == testCase.status, "stderr: \(stderr)")
        #expect(!stderr.contains("Fatal error"), "crash: \(stderr)")
        #expect((result.status == 0) == !result.stdout.isEmpty, "stdout: \(result.stdoutText)")
        guard let expected = testCase.stderr?.replacingOccurrences(of: "$DIR", with: directory) else { return }
        if expected.hasSuffix("…") {
            #expect(stderr.hasPrefix(String(expected.dropLast())), "stderr: \(stderr)")
            #expect(stderr.filter { $0 == "\n" }.count == 1, "stderr: \(stderr)")
        } else {
            #expect(stderr == expected)
        }
    }

    static func jsonObject(_ data: Data) throws -> [String: Any] {
        try CommandLineTests.jsonObject(data)
    }

    /// title-subtitle-body on its CSV fixture (derivations in TemplateRecipeTests): 95, 147, 70, 71.
    @Test("command line: a template over a CSV file, with offsets and statistics")
    func templateJSON() throws {
        let result = try CellHeightProcess.run([
            "--template", Self.templates + "/title-subtitle-body.json", "--format", "csv", "--output", "json",
            "--offsets", "--stats", Self.templates + "/title-subtitle-body.rows.csv",
        ])
        #expect(result.status == 0, "stderr: \(result.stderrText)")
        let object = try Self.jsonObject(result.stdout)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.compactMap { ($0["height"] as? NSNumber)?.doubleValue } == [95, 147, 70, 71])
        #expect(rows.compactMap { ($0["offset"] as? NSNumber)?.doubleValue } == [0, 95, 242, 312])
        #expect(rows.compactMap { $0["id"] as? String } == ["p-en-0031", "p-en-0085", "p-en-0161", "p-en-0163"])
        let labels = try #require(rows[1]["labels"] as? [[String: Any]])
        #expect(labels.compactMap { $0["field"] as? String } == ["title", "subtitle", "body"])
        #expect(labels.compactMap { $0["lineCount"] as? Int } == [1, 2, 3])
        let stats = try #require(object["stats"] as? [String: Any])
        // Sorted 70, 71, 95, 147: median (71 + 95) / 2 = 83; mean 383 / 4 = 95.75.
        #expect((stats["median"] as? NSNumber)?.doubleValue == 83)
        #expect((stats["estimatedRowHeight"] as? NSNumber)?.doubleValue == 95.75)
        #expect((object["totalHeight"] as? NSNumber)?.doubleValue == 383)
        let settings = try #require(object["settings"] as? [String: Any])
        #expect((settings["template"] as? String)?.hasSuffix("title-subtitle-body.json") == true)
        #expect((settings["labels"] as? [Any])?.count == 3)
    }

    /// `--width` overrides the template's: basic-label at 320 and 120 (text widths 300 and 100).
    @Test("command line: --width overrides the template's width")
    func widthOverride() throws {
        let result = try CellHeightProcess.run([
            "--template", Self.templates + "/basic-label.json", "--width", "320,120", "--output", "csv",
        ], stdin: Array("Peterborough\n".utf8))
        #expect(result.status == 0, "stderr: \(result.stderrText)")
        // "Peterborough" (hb-shape 94.5 px) fits both: max(16, 44) + 20 = 64.
        #expect(result.stdoutText == "index,id,width,height,text.lineCount,text.height\n0,,320,64,1,44\n0,,120,64,1,44\n")
    }

    /// Oracle case p-de-0057: 4 lines at DejaVu Sans 14 px, 110 px wide, 16 px lines. Cell 140 wide
    /// with padding '8 15': 2 lines shown, 32 + 16 = 48; the NDJSON row says it is truncated.
    @Test("command line: --number-of-lines truncates, --offsets in ndjson")
    func maxLines() throws {
        let result = try CellHeightProcess.run([
            "--font", Self.font, "--size", "14", "--line-height", "16px", "--width", "140", "--padding", "8 15",
            "--number-of-lines", "2", "--offsets", "--output", "ndjson",
        ], stdin: Array("ungültige Prüfsumme für Datei »%s«: »%s«\nPreamble\n".utf8))
        #expect(result.status == 0, "stderr: \(result.stderrText)")
        #expect(result.stdoutText == #"{"index":0,"id":null,"width":140,"lineCount":4,"truncated":true,"textHeight":32,"height":48,"offset":0,"#
            + #""results":[{"size":14,"width":140,"lineCount":4,"truncated":true,"textHeight":32,"height":48,"offset":0}]}"#
            + "\n" + #"{"index":1,"id":null,"width":140,"lineCount":1,"truncated":false,"textHeight":16,"height":32,"offset":48,"#
            + #""results":[{"size":14,"width":140,"lineCount":1,"truncated":false,"textHeight":16,"height":32,"offset":48}]}"# + "\n")
    }
}
