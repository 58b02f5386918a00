import Foundation
import Testing

/// Issue 17: the completion scripts (`cellheight --generate-completion-script SHELL`, what `make
/// completions` installs) complete the default subcommand's options, values and files where no
/// subcommand is named, the subcommands' names as the first word, and each subcommand's own
/// arguments after its name. Each script is loaded into the real shell (bash, zsh and fish, which
/// `make test-deps` installs) and asked to complete command lines in a directory of known files.
@Suite("command line: shell completions")
struct CompletionTests {
    /// A command line and what completing its last word must offer (sorted), or hold at least.
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var offers: [String]
        var exactly = true
        var testDescription: String { "\"\(line)\"" }
    }

    static let cases: [Case] = [
        // The first word: the subcommands' names beside the files (summary.csv).
        Case(line: "cellheight su", offers: ["summarize", "summary.csv"]),
        Case(line: "cellheight he", offers: ["help"]),
        Case(line: "cellheight ", offers: ["forecast", "help", "measure", "rows.txt", "summarize", "summary.csv"],
             exactly: false),
        // The default subcommand's options, before and after other options, and their values.
        Case(line: "cellheight --fo", offers: ["--font", "--font-scale", "--forecast", "--forecast-model",
                                               "--forecast-warn-at", "--format"]),
        Case(line: "cellheight -s 14 --fo", offers: ["--font", "--font-scale", "--forecast", "--forecast-model",
                                                     "--forecast-warn-at", "--format"]),
        Case(line: "cellheight --repl", offers: ["--replace"]),
        Case(line: "cellheight -w 100 --white-space ", offers: ["normal", "pre-wrap"]),
        Case(line: "cellheight --output j", offers: ["json"]),
        // Files past the first word, not subcommands.
        Case(line: "cellheight --font x.ttf ro", offers: ["rows.txt"]),
        Case(line: "cellheight -s 14 su", offers: ["summary.csv"]),
        // A named subcommand's own arguments.
        Case(line: "cellheight measure --emb", offers: ["--embed-font"]),
        Case(line: "cellheight summarize --j", offers: ["--json"]),
        Case(line: "cellheight summarize su", offers: ["summary.csv"]),
        // `help` takes a subcommand's name.
        Case(line: "cellheight help ", offers: ["forecast", "measure", "summarize"]),
        Case(line: "cellheight help su", offers: ["summarize"]),
    ]

    /// A directory with `rows.txt`, `summary.csv` and each shell's script.
    static func makeDirectory() throws -> String {
        let directory = try CellHeightProcess.makeDirectory()
        for file in ["rows.txt", "summary.csv"] { try Data("hello\n".utf8).write(to: URL(fileURLWithPath: directory + "/" + file)) }
        try FileManager.default.createDirectory(atPath: directory + "/zsh", withIntermediateDirectories: true)
        for (shell, path) in [("bash", "cellheight.bash"), ("zsh", "zsh/_cellheight"), ("fish", "cellheight.fish")] {
            let script = try CellHeightProcess.run(["--generate-completion-script", shell])
            #expect(script.status == 0, "\(shell): \(script.stderrText)")
            try script.stdout.write(to: URL(fileURLWithPath: directory + "/" + path))
        }
        try Data(zshCapture.utf8).write(to: URL(fileURLWithPath: directory + "/capture.zsh"))
        return directory
    }

    /// Runs `shell` with `arguments` in `directory` and returns the lines it prints, trimmed, without blank ones.
    static func offered(by shell: String, _ arguments: [String], in directory: String) throws -> [String] {
        let result = try CellHeightProcess.run(arguments, in: directory, executable: URL(fileURLWithPath: shell))
        #expect(result.status == 0, "\(shell): \(result.stderrText)")
        return result.stdoutText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// Bash: the script sourced as bash-completion would, then `_cellheight` called as `complete -F`
    /// calls it, with COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set for the line.
    static func bash(_ line: String, in directory: String) throws -> [String] {
        let complete = """
            source ./cellheight.bash
            complete -p cellheight >/dev/null || exit 1
            COMP_LINE="$1"; read -ra COMP_WORDS <<<"$1"; [[ "$1" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _cellheight cellheight "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try offered(by: "/bin/bash", ["-c", complete, "bash", line], in: directory)
    }

    /// Zsh's completion runs only inside its line editor: an interactive zsh in a pseudo-terminal
    /// (zsh/zpty) loads the script through `compinit`, is typed the line and a Tab, and prints
    /// every match offered (compadd wrapped), then a marker when the completion is over.
    static let zshCapture = #"""
        zmodload zsh/zpty
        zpty z zsh -f -i
        zpty -w z "PS1=''; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
        zpty -w z 'compadd() {
          if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
          local -a hits; builtin compadd -A hits "$@"
          local h; for h in $hits; do print -r -- "<of""fered>$h"; done
          builtin compadd "$@"
        }'
        zpty -w z 'comppostfuncs=(finish); finish() { print -r -- "<do""ne>"; exit }'
        zpty -w z "bindkey '^I' complete-word"
        zpty -n -w z "$2"$'\t'
        local line
        while zpty -r z line; do
          [[ $line == *'<done>'* ]] && break
          [[ $line == *'<offered>'* ]] && print -r -- "${${line##*<offered>}%$'\r'}"
        done
        zpty -d z
        """#

    static func zsh(_ line: String, in directory: String) throws -> [String] {
        try offered(by: "/usr/bin/zsh", ["-f", "capture.zsh", directory + "/zsh", line], in: directory)
    }

    /// Fish: the script sourced, then `complete -C LINE` (each match, a tab, its description).
    static func fish(_ line: String, in directory: String) throws -> [String] {
        try offered(by: "/usr/bin/fish", ["--no-config", "-c", "source cellheight.fish; complete -C $argv[1]", line],
                    in: directory).map { String($0.prefix { $0 != "\t" }) }
    }

    static func check(_ shell: String, _ testCase: Case, _ completions: [String]) {
        let offered = Array(Set(completions)).sorted()
        if testCase.exactly {
            #expect(offered == testCase.offers, "\(shell): \(testCase.line)")
        } else {
            #expect(Set(testCase.offers).isSubset(of: offered), "\(shell): \(testCase.line) offered \(offered)")
        }
    }

    @Test("bash", arguments: cases)
    func bashCompletes(_ testCase: Case) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.check("bash", testCase, try Self.bash(testCase.line, in: directory))
    }

    @Test("zsh", arguments: cases)
    func zshCompletes(_ testCase: Case) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.check("zsh", testCase, try Self.zsh(testCase.line, in: directory))
    }

    @Test("fish", arguments: cases)
    func fishCompletes(_ testCase: Case) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.check("fish", testCase, try Self.fish(testCase.line, in: directory))
    }

    @Test("an unknown shell is a usage error")
    func unknownShell() throws {
        let result = try CellHeightProcess.run(["--generate-completion-script", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stderrText == "cellheight: --generate-completion-script must be bash, zsh or fish, got 'tcsh'\n")
    }
}
