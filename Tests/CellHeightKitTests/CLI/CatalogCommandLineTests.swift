import Foundation
import Testing
import CellHeightTestSupport

/// Translation catalogs through the command line: `--format auto` by file name, `--format po` etc.
@Suite("command line: catalogs")
struct CatalogCommandLineTests {
    static let font = TestFonts.dejaVuSans
    static let catalogs = CellHeightProcess.packageRoot.appendingPathComponent("fixtures/catalogs").path

    /// The ids of `--output json`'s rows.
    static func ids(_ result: CellHeightProcess.Result) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        return rows.compactMap { $0["id"] as? String }
    }

    @Test("a .po file measured with --output json: one row per translation, ids as the catalog's keys")
    func measuresPO() throws {
        let result = try CellHeightProcess.run(["--font", Self.font, "--width", "200", "--output", "json",
                                                "\(Self.catalogs)/gtk30.ru.po"])
        #expect(result.status == 0, "\(result.stderrText)")
        let ids = try Self.ids(result)
        #expect(ids.count == 45)
        #expect(ids.prefix(2) == ["\"%s\" could not be converted to a value of type \"%s\" for attribute \"%s\"",
                                  "%s / %s available[0]"])
        #expect(ids.contains("Stock label|_Apply"))
        #expect(ids.filter { $0.hasPrefix("Opening %d Item[") } == ["Opening %d Item[0]", "Opening %d Item[1]", "Opening %d Item[2]"])
        #expect(ids.last == "_Save")
    }

    @Test("--format mo reads standard input; the .mo gives the .po's ids", arguments: ["de", "ar"])
    func moFromStandardInput(_ locale: String) throws {
        let mo = try Data(contentsOf: URL(fileURLWithPath: "\(Self.catalogs)/gtk30.\(locale).mo"))
        let fromMO = try CellHeightProcess.run(["--font", Self.font, "--format", "mo", "--output", "json"], stdin: [UInt8](mo))
        let fromPO = try CellHeightProcess.run(["--font", Self.font, "--output", "json", "\(Self.catalogs)/gtk30.\(locale).po"])
        #expect(fromMO.status == 0, "\(fromMO.stderrText)")
        #expect(try Self.ids(fromMO).sorted() == Self.ids(fromPO).sorted())
    }

    @Test("every catalog format of the app, detected by name, in one run")
    func appCatalogs() throws {
        let app = "\(Self.catalogs)/app"
        let files = ["en.lproj/Localizable.strings", "ja.lproj/Localizable.strings", "res/values-de/strings.xml",
                     "Localizable.xcstrings", "app.de.xlf", "app.ja.xlf"]
        let result = try CellHeightProcess.run(["--font", Self.font, "--output", "json"] + files.map { "\(app)/\($0)" })
        #expect(try Self.ids(result).count == 6 + 6 + 11 + 21 + 6 + 5)
        // The XLIFF 2.0 file's pixel size restrictions are budgets: one unit breaks its own at 16 px.
        #expect(result.status == 1)
        #expect(result.stderrText.hasPrefix("\(app)/app.ja.xlf:17: read_error [ja]: 2 lines > max 1 at 220.5 px"))
        #expect(result.stderrText.hasSuffix("cellheight: 1 of 55 rows over budget\n"))
    }

    @Test("issue 28: a plural keyword ICU never picks is a warning at its line (text and GitHub), not a failure")
    func unknownPluralKeywordWarning() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let po = "msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"files\"\nmsgstr \"{n, plural, one {# fichier} autres {# fichiers}}\"\n"
        try po.write(toFile: "\(directory)/fr.po", atomically: true, encoding: .utf8)
        let text = try CellHeightProcess.run(["--font", Self.font, "--output", "json", "fr.po"], in: directory)
        #expect(text.status == 0)
        #expect(try Self.ids(text) == ["files[one]", "files[autres]"])
        #expect(text.stderrText == "fr.po:5: warning: \"files\": plural selector \"autres\" is not a CLDR plural category"
                    + " (zero, one, two, few, many, other) or =N: the app never shows this branch\n")
        let github = try CellHeightProcess.run(["--font", Self.font, "--output", "json", "--diagnostics", "github", "fr.po"], in: directory)
        #expect(github.status == 0)
        #expect(github.stderrText.hasPrefix("::warning file=fr.po,line=5,title=cellheight::\"files\": plural selector"))
    }

    @Test("issue 15: a .stringsdict is a catalog by its name (or --format stringsdict): a row per plural variant")
    func stringsDict() throws {
        let path = "\(Self.catalogs)/app/de.lproj/Localizable.stringsdict"
        let expected = ["opening_items[one]", "opening_items[other]", "files_in_folders[one][one]", "files_in_folders[one][other]",
                        "files_in_folders[other][one]", "files_in_folders[other][other]", "select_file[iphone]", "select_file[mac]"]
        let byName = try CellHeightProcess.run(["--font", Self.font, "--output", "json", path])
        #expect(byName.status == 0, "\(byName.stderrText)")
        #expect(try Self.ids(byName) == expected)
        let stdin = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let byFormat = try CellHeightProcess.run(["--font", Self.font, "--format", "stringsdict", "--output", "json"], stdin: stdin)
        #expect(byFormat.status == 0, "\(byFormat.stderrText)")
        #expect(try Self.ids(byFormat) == expected)
        // The locale comes from the .lproj folder: a rule for de reaches its rows, one for ja does not.
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("""
            rules:
              - {keys: "select_file*", locales: [de], width: 50, maxLines: 1}
              - {keys: "opening*", locales: [ja], width: 50, maxLines: 1}
            """.utf8).write(to: URL(fileURLWithPath: "\(directory)/rules.yaml"))
        let checked = try CellHeightProcess.run(["--font", Self.font, "--rules", "\(directory)/rules.yaml", "--output", "none", path])
        #expect(checked.status == 1)
        let lines = checked.stderrText.split(separator: "\n")
        #expect(lines.count == 4, "\(checked.stderrText)")
        #expect(lines.first?.hasPrefix("\(path):53: select_file[iphone] [de]: ") == true)
        // (Issue 28: the rule for ja, which matches no row, says so.)
        #expect(lines[2] == "\(directory)/rules.yaml: warning: $.rules[1] (keys \"opening*\", locales \"ja\") matched no row")
        #expect(lines.dropFirst().first?.hasPrefix("\(path):55: select_file[mac] [de]: ") == true)
        #expect(lines.last == "cellheight: 2 of 8 rows over budget")
    }

    @Test("a malformed catalog: exit 65 and one line with the file and line")
    func malformed() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"c\"\nmsgstr \"d\\q\"\n".utf8).write(to: URL(fileURLWithPath: "\(directory)/de.po"))
        let result = try CellHeightProcess.run(["--font", Self.font, "\(directory)/de.po"])
        #expect(result.status == 65)
        #expect(result.stderrText == "cellheight: \(directory)/de.po:5: unknown escape \\q\n")
    }

    @Test("--help lists the catalog formats")
    func help() throws {
        let result = try CellHeightProcess.run(["--help"])
        for format in ["po", "mo", "strings", "xcstrings", "android", "xliff"] {
            #expect(result.stdoutText.contains(format))
        }
    }
}
