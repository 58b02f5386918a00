@testable import CellHeightEngine
import Testing
@testable import CellHeightKit

/// Diagnostic lines are written piece by piece into one buffer (`TextBytes`): each must read as the
/// line put together from interpolated pieces (Swift's own Double text, `messageText` per value).
@Suite("diagnostic lines")
struct DiagnosticLineTests {
    /// The line as interpolation makes it.
    static func interpolated(file: String, line: Int?, subject: String, message: String) -> String {
        let place = line.map { "\(messageText(file)):\($0)" } ?? messageText(file)
        guard !subject.isEmpty else { return "\(place): \(messageText(message, limit: 1_000))" }
        return "\(place): \(messageText(subject)): \(messageText(message, limit: 1_000))"
    }

    /// Swift's text of a px value, as `formatPixels` was before it wrote hundredths itself.
    static func swiftPixels(_ value: Double) -> String {
        value == value.rounded(.towardZero) && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    @Test("px values: hundredths, 64ths and others read as Swift writes them")
    func pixelsAsSwiftWritesThem() {
        var values: [Double] = [0.01, 0.05, 0.1, 0.5, 0.99, 1.01, 409.19, 472.94, 795.9, 1e6 - 0.01, 8_589_934_591.99,
                                8_589_934_592.5, 1e12 + 0.5, 0.015625, 0.001, 1.0 / 3, 0.1 + 0.2, .infinity, .nan, 1e-7]
        values += (1..<20_000).map { Double($0) / 100 }
        values += (1..<5_000).map { Double($0) / 64 }
        // Fitting widths (64ths) rounded up to 1/100 px, as "fits at" gives them.
        values += (20_480..<30_000).map { (Double($0) / 64 * 100).rounded(.up) / 100 }
        for value in values + values.map(-) {
            #expect(formatPixels(value) == Self.swiftPixels(value), "\(value)")
            var text = TextBytes()
            text.appendPixels(value)
            #expect(text.string == Self.swiftPixels(value), "\(value)")
        }
    }

    @Test("numbers: every digit count, negatives")
    func numbers() {
        for number in [0, 7, 10, 99, 100, 12_345, Int.max, Int.min, -1, -40] {
            var text = TextBytes()
            text.append(number)
            #expect(text.string == String(number))
        }
    }

    @Test("lines with values that need escaping or cutting are the interpolated ones", arguments: [
        ("rows.json", 12, "r6.title", "11 lines > max 8 at 320 px (font DejaVu Sans 14 px); fits at 409.19 px"),
        ("po/de.po", nil, "", "cannot read"),
        ("a\nb.json", 3, "id\twith\u{202E}controls [de]", "message with \u{1B}[31m escape"),
        ("ünïcödé.json", 1, "キー [ja]", "größer als erlaubt"),
        ("long.json", 2, String(repeating: "k", count: 300), String(repeating: "m", count: 1_200)),
        ("long.json", 2, String(repeating: "é", count: 250), String(repeating: "ß\n", count: 700)),
    ] as [(String, Int?, String, String)])
    func escapedLines(file: String, line: Int?, subject: String, message: String) {
        let diagnostic = Diagnostic(kind: .violation, fails: true, file: file, line: line, subject: subject, message: message)
        #expect(diagnostic.text == Self.interpolated(file: file, line: line, subject: subject, message: message))
    }

    /// Real rows of prose over a line and a height budget in DejaVu Sans, as the gate reports them.
    @Test("a reporter's lines for real rows over budget are the interpolated ones")
    func realRows() throws {
        let measurer = try BudgetCheckTests.measurer(size: 14, widths: [320])
        let budget = Budget(maxLines: 3, maxHeight: 40)
        let words = "The quick brown fox jumps over the lazy dog while seven wizards quietly hex a jovial bishop".split(separator: " ")
        let cells = (0..<40).map { index in
            let text = (0..<(8 + 3 * index)).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ")
            return measurer.measure(Row(index: index, id: "r\(index).title", text: text, sourceLine: index + 1), budget: budget)
        }
        var expected = ""
        for cell in cells {
            for violation in cell.budgetCheck?.violations ?? [] {
                var excesses: [String] = []
                if violation.exceedsLines { excesses.append("\(violation.lineCount) lines > max 3") }
                if violation.exceedsHeight { excesses.append("\(Self.swiftPixels(violation.height)) px > max 40 px") }
                let fits = try #require(violation.fittingWidth)
                let message = "\(excesses.joined(separator: ", ")) at 320 px (font DejaVu Sans 14 px); fits at "
                    + "\(Self.swiftPixels((fits * 100).rounded(.up) / 100)) px"
                expected += Self.interpolated(file: "rows.ndjson", line: cell.row.sourceLine, subject: cell.row.diagnosticSubject,
                                              message: message) + "\n"
            }
        }
        #expect(expected.split(separator: "\n").count > 30)
        var written = ""
        let reporter = CheckReporter(format: .text, baseline: nil, failsOnGrowth: false) { written += $0 }
        reporter.record(reporter.check(cells, source: "rows.ndjson") { _, _ in "font DejaVu Sans 14 px" })
        #expect(written == expected)
    }
}
