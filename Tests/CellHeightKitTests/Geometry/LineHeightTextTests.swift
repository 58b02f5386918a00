@testable import CellHeightEngine
import Testing
@testable import CellHeightKit

/// How cellheight reads a line height (`--line-height`, templates, rules): CSS's values, parsed by
/// the kit (`LineHeightText.swift`); the engine's line boxes are `LineHeightTests`.
@Suite("line height: text")
struct LineHeightTextTests {
    struct ParseCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: LineHeight?
        /// Set while the parser is known to get this case wrong.
        var testDescription: String { name }
    }

    static let parseCases: [ParseCase] = [
        ParseCase(name: "parse: normal", input: "normal", expected: .normal),
        ParseCase(name: "parse: NORMAL is case-insensitive", input: "NORMAL", expected: .normal),
        ParseCase(name: "parse: 20px", input: "20px", expected: .pixels(20)),
        ParseCase(name: "parse: fractional px", input: "20.5px", expected: .pixels(20.5)),
        ParseCase(name: "parse: unitless 1.4 is a multiple", input: "1.4", expected: .multiple(1.4)),
        ParseCase(name: "parse: unitless 2 is a multiple", input: "2", expected: .multiple(2)),
        ParseCase(name: "parse: rejects 0", input: "0", expected: nil),
        ParseCase(name: "parse: rejects 0px", input: "0px", expected: nil),
        ParseCase(name: "parse: rejects -1", input: "-1", expected: nil),
        ParseCase(name: "parse: rejects -5px", input: "-5px", expected: nil),
        ParseCase(name: "parse: rejects abc", input: "abc", expected: nil),
        ParseCase(name: "parse: rejects 20em", input: "20em", expected: nil),
        ParseCase(name: "parse: rejects 150%", input: "150%", expected: nil),
        ParseCase(name: "parse: rejects a space before the unit", input: "20 px", expected: nil),
        ParseCase(name: "parse: rejects the empty string", input: "", expected: nil),
        ParseCase(name: "parse: rejects px alone", input: "px", expected: nil),
        ParseCase(name: "parse: rejects nan", input: "nan", expected: nil),
        ParseCase(name: "parse: rejects infinity", input: "inf", expected: nil),
        // CSS <number>: [+-]? (digits | digits? "." digits) exponent? — so ".5", "+1.4", "1e1" are valid.
        ParseCase(name: "parse: .5 is a multiple", input: ".5", expected: .multiple(0.5)),
        ParseCase(name: "parse: +1.4 is a multiple", input: "+1.4", expected: .multiple(1.4)),
        ParseCase(name: "parse: 1e1 is a multiple", input: "1e1", expected: .multiple(10)),
        // ... while hexadecimal and a trailing point are not CSS numbers (Swift's Double(_:) takes them).
        ParseCase(name: "parse: rejects hexadecimal 0x10", input: "0x10", expected: nil),
        ParseCase(name: "parse: rejects hexadecimal 0x10px", input: "0x10px", expected: nil),
        ParseCase(name: "parse: rejects a trailing point 1.", input: "1.", expected: nil),
        ParseCase(name: "parse: rejects an overflowing 1e400", input: "1e400", expected: nil),
    ]

    @Test("line height: parsing", arguments: parseCases)
    func parsing(_ testCase: ParseCase) {
        #expect(LineHeight(parsing: testCase.input) == testCase.expected)
    }

    @Test("CSS numbers: the <number> grammar, nothing more")
    func cssNumbers() {
        let valid: [(String, Double)] = [("14", 14), ("1.4", 1.4), (".5", 0.5), ("+2", 2), ("-0.25", -0.25),
                                         ("1e2", 100), ("2.5E-1", 0.25), ("007", 7), ("1e+3", 1000)]
        for (text, value) in valid { #expect(parseCSSNumber(text) == value, "\(text)") }
        for text in ["", "1.", ".", "+", "e3", "1e", "1e+", "0x10", "nan", "inf", "1,5", " 1", "1 ", "1px", "--1", "1e999", "١"] {
            #expect(parseCSSNumber(text) == nil, "\(text)")
        }
    }
}
