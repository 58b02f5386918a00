import Testing
@testable import CellHeightKit

@Suite("csv report")
struct CSVReportTests {
    @Test("csv: one width")
    func csvOneWidth() {
        let output = render(ReportFixtures.oneWidthRows, settings: ReportFixtures.settings(widths: [320]),
                            format: .csv, explain: false)
        #expect(output == """
            index,id,width,lineCount,height
            0,,320,1,18.625
            1,"dialog ""open"", title",320,2,41.625

            """)
    }

    @Test("csv: several widths in long format, explain ignored")
    func csvSeveralWidths() {
        let output = render(ReportFixtures.twoWidthRows, settings: ReportFixtures.settings(widths: [320, 375.5]),
                            format: .csv, explain: true)
        #expect(output == """
            index,id,width,lineCount,height
            0,,320,1,18.625
            0,,375.5,1,18.625
            1,"dialog ""open"", title",320,2,41.625
            1,"dialog ""open"", title",375.5,2,42

            """)
    }

    @Test("csv: no rows is just the header")
    func csvNoRows() {
        #expect(render([], settings: ReportFixtures.settings(widths: [320]), format: .csv, explain: false)
            == "index,id,width,lineCount,height\n")
    }

    struct FieldCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: String
        var testDescription: String { name }
    }

    static let fieldCases: [FieldCase] = [
        FieldCase(name: "plain", input: "settings.title", expected: "settings.title"),
        FieldCase(name: "empty", input: "", expected: ""),
        FieldCase(name: "comma", input: "a,b", expected: "\"a,b\""),
        FieldCase(name: "quote doubled", input: "say \"hi\"", expected: "\"say \"\"hi\"\"\""),
        FieldCase(name: "newline", input: "line\nbreak", expected: "\"line\nbreak\""),
        FieldCase(name: "carriage return", input: "a\rb", expected: "\"a\rb\""),
        FieldCase(name: "non-ASCII unquoted", input: "ファイルを開く", expected: "ファイルを開く"),
    ]

    @Test("csv: RFC 4180 field quoting", arguments: fieldCases)
    func csvFieldQuoting(_ testCase: FieldCase) {
        #expect(csvField(testCase.input) == testCase.expected)
    }
}
