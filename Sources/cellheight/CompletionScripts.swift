import ArgumentParser

/// The completion scripts `--generate-completion-script SHELL` prints: swift-argument-parser's
/// scripts for `CellHeightCommand` (its subcommands, each with its own options), with one change
/// per shell so that the default subcommand is completed where no subcommand is named.
///
/// ArgumentParser completes a command with a default subcommand as if the subcommand had to be
/// named (swift-argument-parser issue 488): `cellheight --fo<TAB>` or `cellheight rows<TAB>` would
/// complete nothing. Each change below makes the root complete `measure`'s options, values and
/// files, and offer the subcommands' names as the first word. Each one replaces a piece of the
/// generated script that must be there: a newer ArgumentParser that writes it differently fails
/// loudly (`make completions`, the completion tests) instead of shipping a script that does not
/// complete.
enum CompletionScripts {
    /// The subcommands' names, e.g. ["measure", "summarize", "help"].
    static var subcommandNames: [String] {
        CellHeightCommand.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// What `help` takes: the subcommands' names but its own, e.g. "measure summarize".
    static var helpTopics: String {
        CellHeightCommand.configuration.subcommands.map { $0._commandName }.joined(separator: " ")
    }

    /// The default subcommand's name, "measure".
    static var defaultName: String { MeasureCommand._commandName }

    /// The shell asked for by `--generate-completion-script SHELL` (or `=SHELL`) as the first
    /// argument, "" when none follows; nil when the first argument is something else.
    static func requestedShell(in arguments: [String]) -> String? {
        let option = "--generate-completion-script"
        guard let first = arguments.first else { return nil }
        if first == option { return arguments.count > 1 ? arguments[1] : "" }
        if first.hasPrefix(option + "=") { return String(first.dropFirst(option.count + 1)) }
        return nil
    }

    /// The script for `shell` ("bash", "zsh" or "fish"); nil for another shell.
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash()
        case "zsh": return zsh()
        case "fish": return fish()
        default: return nil
        }
    }

    /// Bash: the root's branch for words that name no subcommand completes as `measure` (and
    /// offers the subcommands' names as the first word). What the root offered of its own
    /// (`--version`, which `measure` offers too) is dropped: after `--font` it would be wrong.
    static func bash() -> String {
        let names = subcommandNames.joined(separator: " ")
        // `help` takes a subcommand's name: added after the help function's own flags.
        let helpFunction = """
            _cellheight_help() {
                repeating_flags=()
                non_repeating_flags=(--version)
                repeating_options=()
                non_repeating_options=()
                __cellheight_offer_flags_options -1

            """
        let script = patched(CellHeightCommand.completionScript(for: .bash), shell: "bash", replacing: helpFunction,
                             with: helpFunction + "    COMPREPLY+=($(compgen -W '\(helpTopics)' -- \"${cur}\"))\n")
        return patched(script, shell: "bash", replacing: """
                *)
                    # Offer subcommand completions
                    COMPREPLY+=($(compgen -W '\(names)' -- "${cur}"))
                    ;;
            """, with: """
                *)
                    # Measuring is the default subcommand: complete its options and files, and the
                    # subcommands' names as the first word (cellheight's completion script).
                    COMPREPLY=()
                    if [[ "${COMP_CWORD}" -eq 1 ]]; then
                        COMPREPLY+=($(compgen -W '\(names)' -- "${cur}"))
                    fi
                    unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
                    _cellheight_\(defaultName)
                    ;;
            """)
    }

    /// Zsh: unless the first word names a subcommand, `_cellheight` completes as `measure`
    /// (`_arguments` reads `words` as measure's command line) and, as the first word, offers the
    /// subcommands' names too.
    static func zsh() -> String {
        let anchor = "    local -i ret=1\n    local -ar arg_specs=(\n        '--version[Show the version.]'\n"
        let described = CellHeightCommand.configuration.subcommands.map { command in
            "'\(command._commandName):\(zshEscaped(command.configuration.abstract))'"
        } + ["'help:Show subcommand help information.'"]
        // (The root's `help` topics: the first `*:subcommands:`; `forecast`'s own follows.)
        let script = patched(CellHeightCommand.completionScript(for: .zsh), shell: "zsh", firstOf: true,
                             replacing: "        '*:subcommands:'\n",
                             with: "        '*:subcommands:(\(helpTopics))'\n")
        return patched(script, shell: "zsh", firstOf: true, replacing: anchor, with: """
                # Measuring is the default subcommand: unless the first word names a subcommand,
                # complete its options and files, and the subcommands' names as the first word
                # (cellheight's completion script).
                if [[ "${CURRENT}" -eq 2 || "${words[2]}" != (\(subcommandNames.joined(separator: "|"))) ]]; then
                    local -i default_ret=1
                    if [[ "${CURRENT}" -eq 2 ]]; then
                        local -ar subcommand_names=(
                            \(described.joined(separator: "\n                "))
                        )
                        _describe -V subcommand subcommand_names && default_ret=0
                    fi
                    _cellheight_\(defaultName) && default_ret=0
                    return "${default_ret}"
                fi

            """ + anchor)
    }

    /// Fish: past the first word, words that do not start with a subcommand's name are parsed as
    /// `measure`'s; and completions for `measure` apply at the root too (the first word: its
    /// options and files, beside the subcommands' names).
    static func fish() -> String {
        let names = subcommandNames.joined(separator: " ")
        var script = patched(CellHeightCommand.completionScript(for: .fish), shell: "fish", replacing: """
                case 'cellheight'
                    __cellheight_parse_subcommand 0 'version'
            """, with: """
                case 'cellheight'
                    # Measuring is the default subcommand: past the first word, a command line that
                    # names no subcommand is measure's (cellheight's completion script).
                    if test (count $unparsed_tokens) -ge 2; and not contains -- $unparsed_tokens[2] \(names)
                        set unparsed_tokens $unparsed_tokens[1] \(defaultName) $unparsed_tokens[2..]
                    end
                    __cellheight_parse_subcommand 0 'version'
            """)
        // Both condition functions compare the command path; measure's completions also apply to
        // the bare root, `cellheight` (the first word).
        let comparison = #"test "$commands" = "$expected_commands""#
        precondition(script.components(separatedBy: comparison).count == 3,
                     "fish completion script: ArgumentParser's condition functions changed")
        script = script.replacingOccurrences(
            of: comparison, with: #"test \( "$commands" = "$expected_commands" -o "$commands "#
                + defaultName + #"" = "$expected_commands" \)"#)
        // `help` takes a subcommand's name.
        return script + (script.hasSuffix("\n") ? "" : "\n")
            + "complete -c 'cellheight' -n '__cellheight_should_offer_completions_for_positional "
            + "\"cellheight help\" -eq 1' -fa '\(helpTopics)' -d 'Show this subcommand\\'s help.'\n"
    }

    /// `script` with `anchor` (which must occur exactly once) replaced.
    /// (`firstOf`: the anchor may also occur later, in a subcommand's function, e.g. `forecast`'s;
    /// the first, the root's, is replaced.)
    private static func patched(_ script: String, shell: String, firstOf: Bool = false, replacing anchor: String,
                                with replacement: String) -> String {
        let count = script.components(separatedBy: anchor).count - 1
        precondition(firstOf ? count >= 1 : count == 1,
                     "\(shell) completion script: ArgumentParser's script changed where cellheight completes its default subcommand")
        return script.replacingCharacters(in: script.range(of: anchor)!, with: replacement)
    }

    /// Text inside a single-quoted zsh `_describe` item: quotes closed and reopened, colons escaped.
    private static func zshEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: #"'\''"#).replacingOccurrences(of: ":", with: #"\:"#)
    }
}
