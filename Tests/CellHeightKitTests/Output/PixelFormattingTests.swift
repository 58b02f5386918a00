import Testing
@testable import CellHeightKit

@Suite("pixel formatting")
struct PixelFormattingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var value: Double
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "whole value has no fraction", value: 38, expected: "38"),
        Case(name: "zero", value: 0, expected: "0"),
        Case(name: "negative zero", value: -0.0, expected: "0"),
        Case(name: "64ths of a pixel", value: 37.984375, expected: "37.984375"),
        Case(name: "half", value: 375.5, expected: "375.5"),
        Case(name: "negative", value: -2.5, expected: "-2.5"),
        Case(name: "sum with binary rounding prints shortest exact form", value: 0.1 + 0.2, expected: "0.30000000000000004"),
        Case(name: "one tenth", value: 0.1, expected: "0.1"),
        Case(name: "one third", value: 1.0 / 3.0, expected: "0.3333333333333333"),
        Case(name: "large whole value", value: 1_234_567, expected: "1234567"),
    ]

    @Test("pixels: formatting", arguments: cases)
    func pixelsFormatting(_ testCase: Case) {
        #expect(formatPixels(testCase.value) == testCase.expected)
    }
}
