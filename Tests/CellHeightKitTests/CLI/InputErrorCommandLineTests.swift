import Foundation
import Testing
import CellHeightTestSupport

/// Issue 15, section 3: one bad input does not end the run. Every readable input is measured and
/// written whole; each bad one is an error diagnostic (text, GitHub, JUnit) and the run exits 65
/// (66 when inputs are only missing or unreadable) at the end.
@Suite("command line: input errors")
struct InputErrorCommandLineTests {
    static let font = TestFonts.dejaVuSans

    /// A directory with two good inputs (`a.txt`: 2 rows, `c.txt`: 1 row), a malformed catalog
    /// (`de.po`, line 5) and malformed NDJSON (`bad.ndjson`, line 2).
    static func makeInputs() throws -> String {
        let directory = try CellHeightProcess.makeDirectory()
        let files = [
            "a.txt": "Open\nSave\n",
            "c.txt": "Close\n",
            "de.po": "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"c\"\nmsgstr \"d\\q\"\n",
            "bad.ndjson": "{\"text\": \"fine\"}\n{\"text\": 5}\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)")) }
        return directory
    }

    /// The `index` of each row of `--output json`, and the `rowCount`.
    static func rowIndexes(_ result: CellHeightProcess.Result) throws -> (indexes: [Int], count: Int?) {
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        return (rows.compactMap { $0["index"] as? Int }, document["rowCount"] as? Int)
    }

    @Test("text: every good input measured, each bad one an error line, a summary, exit 65")
    func text() throws {
        let d = try Self.makeInputs()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let result = try CellHeightProcess.run(["--font", Self.font, "--output", "json",
                                                "\(d)/a.txt", "\(d)/de.po", "\(d)/missing.txt", "\(d)/bad.ndjson", "\(d)/c.txt"])
        #expect(result.status == 65)
        // a.txt's two rows, then c.txt's one: the whole output of the good inputs.
        let rows = try Self.rowIndexes(result)
        #expect(rows.indexes == [0, 1, 2])
        #expect(rows.count == 3)
        #expect(result.stderrText == """
            cellheight: \(d)/de.po:5: unknown escape \\q
            cellheight: cannot read \(d)/missing.txt: no such file
            cellheight: \(d)/bad.ndjson:2: value has no string "text"
            cellheight: 3 rows; 3 inputs with errors

            """)
    }

    @Test("missing inputs only: exit 66; a single bad input: its one line, as before")
    func unreadable() throws {
        let d = try Self.makeInputs()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let missing = try CellHeightProcess.run(["--font", Self.font, "\(d)/a.txt", "\(d)/missing.txt"])
        #expect(missing.status == 66)
        #expect(missing.stdoutText.contains("Save"))
        let single = try CellHeightProcess.run(["--font", Self.font, "\(d)/de.po"])
        #expect(single.status == 65)
        #expect(single.stderrText == "cellheight: \(d)/de.po:5: unknown escape \\q\n")
    }

    @Test("violations and a bad input: both reported, both in the summary, exit 65")
    func violationsAndErrors() throws {
        let d = try Self.makeInputs()
        defer { try? FileManager.default.removeItem(atPath: d) }
        // "Open" and "Save" are one line at 200 px, three or more at 10 px.
        let result = try CellHeightProcess.run(["--font", Self.font, "--width", "10", "--max-lines", "1", "--output", "none",
                                                "\(d)/a.txt", "\(d)/de.po"])
        #expect(result.status == 65)
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stderrText)")
        #expect(lines[0].hasPrefix("\(d)/a.txt:1: #0: "))
        #expect(lines[1].hasPrefix("\(d)/a.txt:2: #1: "))
        #expect(lines[2] == "cellheight: \(d)/de.po:5: unknown escape \\q")
        #expect(lines[3] == "cellheight: 2 of 2 rows over budget; 1 input with errors")
        let fits = try CellHeightProcess.run(["--font", Self.font, "--width", "200", "--max-lines", "1", "--output", "none",
                                              "\(d)/a.txt", "\(d)/de.po"])
        #expect(fits.status == 65)
        #expect(fits.stderrText.hasSuffix("cellheight: 0 of 2 rows over budget; 1 input with errors\n"))
    }

    @Test("--diagnostics github: a bad input is an ::error on its file and line")
    func github() throws {
        let d = try Self.makeInputs()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let result = try CellHeightProcess.run(["--font", Self.font, "--diagnostics", "github", "--output", "none",
                                                "\(d)/a.txt", "\(d)/de.po", "\(d)/missing.txt"])
        #expect(result.status == 65)
        #expect(result.stderrText == """
            ::error file=\(d)/de.po,line=5,title=cellheight::unknown escape \\q
            ::error file=\(d)/missing.txt,title=cellheight::cannot read: no such file
            cellheight: 2 rows; 2 inputs with errors

            """)
    }

    @Test("--junit-file: the report is written, a bad input an <error> beside the rows' test cases")
    func junit() throws {
        let d = try Self.makeInputs()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let result = try CellHeightProcess.run(["--font", Self.font, "--width", "10", "--max-lines", "1", "--output", "none",
                                                "--diagnostics", "junit", "--junit-file", "\(d)/junit.xml",
                                                "\(d)/a.txt", "\(d)/bad.ndjson", "\(d)/c.txt"])
        #expect(result.status == 65)
        let xml = try String(contentsOfFile: "\(d)/junit.xml", encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"cellheight\" tests=\"4\" failures=\"3\" errors=\"1\">"))
        #expect(xml.contains("<testsuite name=\"\(d)/bad.ndjson\" tests=\"1\" failures=\"0\" errors=\"1\">"))
        #expect(xml.contains("<error type=\"cellheight\" message=\"value has no string &quot;text&quot;\">\(d)/bad.ndjson:2: value has no string &quot;text&quot;</error>"))
        #expect(result.stderrText.hasSuffix("cellheight: 3 of 3 rows over budget; 1 input with errors\n"))
    }

    @Test("streamed NDJSON output and --output-file: the rows of every good input, numbered on", arguments: [false, true])
    func streamed(_ toFile: Bool) throws {
        let d = try Self.makeInputs()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let output = toFile ? ["--output-file", "\(d)/out.ndjson"] : []
        let result = try CellHeightProcess.run(["--font", Self.font, "--output", "ndjson"] + output
                                               + ["\(d)/a.txt", "\(d)/bad.ndjson", "\(d)/de.po", "\(d)/c.txt"])
        #expect(result.status == 65)
        let text = toFile ? try String(contentsOfFile: "\(d)/out.ndjson", encoding: .utf8) : result.stdoutText
        let indexes = text.split(separator: "\n").compactMap { line -> Int? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["index"] as? Int
        }
        // bad.ndjson is read in one piece: its good first row goes with its bad second one.
        #expect(indexes == [0, 1, 2])
        #expect(result.stderrText.hasSuffix("cellheight: 3 rows; 2 inputs with errors\n"))
    }

    @Test("no input read at all: no report on standard output, the JUnit report of the errors written")
    func nothingRead() throws {
        let d = try Self.makeInputs()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let result = try CellHeightProcess.run(["--font", Self.font, "--junit-file", "\(d)/junit.xml", "\(d)/de.po", "\(d)/missing.txt"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let xml = try String(contentsOfFile: "\(d)/junit.xml", encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"cellheight\" tests=\"2\" failures=\"0\" errors=\"2\">"))
        #expect(result.stderrText.hasSuffix("cellheight: 0 rows; 2 inputs with errors\n"))
    }
}
