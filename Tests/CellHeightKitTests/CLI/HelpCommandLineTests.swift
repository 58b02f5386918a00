import Foundation
import Testing
import CellHeightTestSupport

/// Issue 17: `measure` is the default subcommand beside `summarize`, so `help` is a command and
/// not a file name; `--help` shows the measuring options in titled groups, with short forms for
/// the common ones, and examples that no 80-column terminal wraps.
@Suite("command line: help and subcommands")
struct HelpCommandLineTests {
    static let font = TestFonts.dejaVuSans

    /// `cellheight` run through `env`, with COLUMNS set (ArgumentParser wraps help to it).
    static func help(_ arguments: [String], columns: Int) throws -> CellHeightProcess.Result {
        try CellHeightProcess.run(["COLUMNS=\(columns)", try CellHeightProcess.executable().path] + arguments,
                                  executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    @Test("help is the overview of the subcommands, not a file to read")
    func helpOverview() throws {
        let result = try CellHeightProcess.run(["help"])
        #expect(result.status == 0, "stderr: \(result.stderrText)")
        #expect(result.stderrText.isEmpty)
        #expect(result.stdoutText.contains("cellheight [measure] [<options>] [<files> ...]"))
        #expect(result.stdoutText.range(of: #"(?m)^\s+measure \(default\)\s+\S"#, options: .regularExpression) != nil,
                "\(result.stdoutText)")
        #expect(result.stdoutText.range(of: #"(?m)^\s+summarize\s+Merge"#, options: .regularExpression) != nil)
    }

    @Test("help summarize, summarize --help and summarize -h show summarize's help")
    func summarizeHelp() throws {
        let results = try [["help", "summarize"], ["summarize", "--help"], ["summarize", "-h"]].map {
            try CellHeightProcess.run($0)
        }
        for result in results {
            #expect(result.status == 0)
            #expect(result.stdoutText == results[0].stdoutText)
        }
        #expect(results[0].stdoutText.contains("USAGE: cellheight summarize [<files> ...] [--json]"), "\(results[0].stdoutText)")
        #expect(!results[0].stdoutText.contains("--font"))
    }

    @Test("--help, -h, help measure and measure --help show the measuring options")
    func measureHelp() throws {
        let results = try [["--help"], ["-h"], ["help", "measure"], ["measure", "--help"]].map {
            try CellHeightProcess.run($0)
        }
        for result in results {
            #expect(result.status == 0)
            #expect(result.stdoutText == results[0].stdoutText)
        }
        let help = results[0].stdoutText
        #expect(help.contains("USAGE: cellheight [measure] [<options>] [<files> ...]"), "\(help)")
        #expect(help.contains("--template"))
        #expect(help.range(of: #"(?m)^\s+summarize\s+Merge"#, options: .regularExpression) != nil)
    }

    @Test("measure may be named or left out: the same rows, the same output")
    func explicitMeasure() throws {
        let input = Array("Delete all files?\nThis will permanently remove every file in the folder.\n".utf8)
        let arguments = ["--font", Self.font, "--width", "160", "--output", "csv"]
        let implicit = try CellHeightProcess.run(arguments, stdin: input)
        let explicit = try CellHeightProcess.run(["measure"] + arguments, stdin: input)
        #expect(implicit.status == 0 && explicit.status == 0)
        #expect(explicit.stdoutText == implicit.stdoutText)
        #expect(implicit.stdoutText.hasPrefix("index,id,width,lineCount,height\n0,,160,1,"))
    }

    @Test("--help groups the options under titles, in order, each option in its group", arguments: [
        ("INPUT", ["--format", "--lossy", "--config"]),
        ("FONT AND LAYOUT", ["-f, --font", "-s, --size", "-w, --width", "--line-height", "--white-space", "--fallback"]),
        ("CELL", ["--padding", "--min-height", "--separator", "--number-of-lines", "--round", "--template"]),
        ("OUTPUT", ["-o, --output", "--output-file", "--explain", "--stats", "--offsets", "--embed-font", "--jobs", "-q, --quiet"]),
        ("CI GATE", ["--max-lines", "--max-height", "--rules", "--diagnostics", "--junit-file", "--baseline", "--fail-on-growth"]),
    ])
    func groups(_ title: String, _ options: [String]) throws {
        let help = try CellHeightProcess.run(["--help"]).stdoutText
        // The section: from its title line to the next blank line.
        let section = try #require(help.components(separatedBy: "\n\(title):\n").dropFirst().first?
            .components(separatedBy: "\n\n").first, "no \(title): section in\n\(help)")
        for option in options {
            #expect(section.range(of: "(?m)^  " + NSRegularExpression.escapedPattern(for: option) + #"\b"#,
                                  options: .regularExpression) != nil, "\(option) not under \(title):\n\(section)")
        }
        let titles = ["INPUT", "FONT AND LAYOUT", "CELL", "OUTPUT", "CI GATE"].map { help.range(of: "\n\($0):\n")?.lowerBound }
        #expect(titles.allSatisfy { $0 != nil } && titles.map { $0! } == titles.map { $0! }.sorted())
        #expect(help.contains("-h, --help"))
    }

    @Test("the short forms -f, -s, -w and -o mean --font, --size, --width and --output")
    func shortForms() throws {
        let input = Array("Delete all files?\nThis will permanently remove every file in the folder.\n".utf8)
        let long = try CellHeightProcess.run(["--font", Self.font, "--size", "14", "--width", "160", "--output", "ndjson"], stdin: input)
        let short = try CellHeightProcess.run(["-f", Self.font, "-s", "14", "-w", "160", "-o", "ndjson"], stdin: input)
        #expect(long.status == 0 && short.status == 0)
        #expect(short.stdoutText == long.stdoutText)
        #expect(short.stdoutText == #"{"index":0,"id":null,"width":160,"lineCount":1,"height":16,"results":[{"size":14,"width":160,"lineCount":1,"height":16}]}"# + "\n"
                + #"{"index":1,"id":null,"width":160,"lineCount":3,"height":48,"results":[{"size":14,"width":160,"lineCount":3,"height":48}]}"# + "\n")
    }

    @Test("the examples fit 80 columns: --help shows them the same on a wide terminal")
    func examplesUnwrapped() throws {
        func examples(columns: Int) throws -> String {
            let help = try Self.help(["--help"], columns: columns)
            #expect(help.status == 0)
            return try #require(help.stdoutText.components(separatedBy: "EXAMPLES\n").dropFirst().first?
                .components(separatedBy: "\n\n").first)
        }
        let narrow = try examples(columns: 80), wide = try examples(columns: 400)
        #expect(narrow == wide)
        // Every line is a command or the continuation of one that ends in a backslash.
        var continued = false
        for line in narrow.split(separator: "\n") {
            #expect(continued ? line.hasPrefix("      ") : (line.hasPrefix("  cellheight ") || line.hasPrefix("  printf ")),
                    "\(line)")
            continued = line.hasSuffix("\\")
        }
    }
}
