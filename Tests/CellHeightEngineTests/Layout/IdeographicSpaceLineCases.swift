
extension LineWrappingTests {
    /// U+3000 IDEOGRAPHIC SPACE at a line's end, as Blink's LineBreaker::HandleTrailingSpaces treats
    /// it (U+3000 comes from Noto Sans CJK, 16 px, whose line is 24 px; "a" 9.8 px, "b" 10.2 px,
    /// space 5.1 px). Lines and heights are Chromium 156's (scripts/fidelity_cases.py has more).
    static let ideographicSpaceCases: [LinesCase] = [
        // ICU breaks after the space only, but the whole run of spaces and U+3000 hangs.
        LinesCase(name: "U+3000: a run hangs past its last opportunity", text: "ab\u{3000} \u{3000}cd", width: 25,
                  lines: ["ab\u{3000} \u{3000}", "cd"], height: 43),
        // No opportunity before "-" (UAX #14), yet the retry that cuts "ab" hangs U+3000 after "b".
        LinesCase(name: "U+3000: hangs after a cut, before a hyphen", text: "ab\u{3000}--", width: 1,
                  lines: ["a", "b\u{3000}", "-", "-"], height: 81),
        // white-space: normal: the collapsed space ends the line; U+3000 starts the next.
        LinesCase(name: "U+3000: normal, a collapsed space then U+3000", text: "ab \u{3000} cd", width: 25,
                  whiteSpace: .normal, lines: ["ab ", "\u{3000} ", "cd"], height: 62),
        // ...while a run that starts with U+3000 hangs whole, as under pre-wrap.
        LinesCase(name: "U+3000: normal, a run starting with U+3000", text: "ab\u{3000} \u{3000}cd", width: 25,
                  whiteSpace: .normal, lines: ["ab\u{3000} \u{3000}", "cd"], height: 43),
    ]
}
