/// A JUnit XML report of a CI check (`--junit-file FILE`): one test suite per input file, one test
/// case per row that has a budget (or failed: grew, with `--fail-on-growth`), failed when the row
/// broke its budget, and one test case with an `<error>` for an input that could not be read or is
/// malformed. Rows without a budget are not test cases (a catalog of 35,000 rows of which 3,000 have
/// a budget makes 3,000, not 35,000); a file none of whose rows is one is a single passing test case
/// ("FILE: N rows without a budget"), so that every input shows. CI systems (GitLab, Jenkins, GitHub
/// test reporters) show it as a test run.
package struct JUnitReport {
    /// A row's test case: where it is and, when it failed, why.
    package struct TestCase: Equatable, Sendable {
        package var file: String
        package var line: Int?
        package var name: String
        /// The failure messages; empty when it passed.
        package var failures: [String]
        /// The error messages (an input that could not be read), e.g. ["invalid JSON: … (column 3)"].
        package var errors: [String]
        /// Why the row was not checked, e.g. "untranslated: not checked"; nil when it was.
        package var skipped: String?

        package init(file: String, line: Int?, name: String, failures: [String] = [], errors: [String] = [],
                    skipped: String? = nil) {
            self.file = file
            self.line = line
            self.name = name
            self.failures = failures
            self.errors = errors
            self.skipped = skipped
        }
    }

    /// Test cases in the order they were added, grouped by file when rendered.
    package private(set) var testCases: [TestCase] = []
    /// Rows without a budget by file, and the files in the order first met.
    private var uncheckedRows: [String: Int] = [:]
    private var uncheckedFiles: [String] = []

    package init() {}

    package mutating func add(_ testCase: TestCase) {
        testCases.append(testCase)
    }

    /// Counts a row of `file` that had nothing to check (no budget, no failure): not a test case.
    package mutating func countUnchecked(file: String) {
        if uncheckedRows[file] == nil { uncheckedFiles.append(file) }
        uncheckedRows[file, default: 0] += 1
    }

    /// The XML document, ending with a newline.
    package func render() -> String {
        var files: [String] = []
        var byFile: [String: [TestCase]] = [:]
        for testCase in testCases {
            if byFile[testCase.file] == nil { files.append(testCase.file) }
            byFile[testCase.file, default: []].append(testCase)
        }
        // A file without a checked row: one passing case that says so.
        var testCases = testCases
        for file in uncheckedFiles where byFile[file] == nil {
            let count = uncheckedRows[file]!
            let only = TestCase(file: file, line: nil, name: "\(file): \(count) row\(count == 1 ? "" : "s") without a budget")
            files.append(file)
            byFile[file] = [only]
            testCases.append(only)
        }
        let failureCount = testCases.filter { !$0.failures.isEmpty }.count
        let errorCount = testCases.filter { !$0.errors.isEmpty }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // A skipped count only when rows were left out (untranslated ones), so other reports stay as they were.
        func skippedAttribute(_ cases: [TestCase]) -> String {
            let skipped = cases.filter { $0.skipped != nil }.count
            return skipped > 0 ? " skipped=\"\(skipped)\"" : ""
        }
        xml += "<testsuites name=\"cellheight\" tests=\"\(testCases.count)\" failures=\"\(failureCount)\" errors=\"\(errorCount)\""
            + skippedAttribute(testCases) + ">\n"
        for file in files {
            let cases = byFile[file]!
            let failures = cases.filter { !$0.failures.isEmpty }.count
            let errors = cases.filter { !$0.errors.isEmpty }.count
            xml += "  <testsuite name=\"\(escapeMarkup(file))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
                + skippedAttribute(cases) + ">\n"
            for testCase in cases {
                let line = testCase.line.map { " line=\"\($0)\"" } ?? ""
                let opening = "    <testcase classname=\"\(escapeMarkup(file))\" name=\"\(escapeMarkup(testCase.name))\""
                    + " file=\"\(escapeMarkup(file))\"\(line)"
                if let skipped = testCase.skipped {
                    xml += opening + ">\n      <skipped message=\"\(escapeMarkup(skipped))\"/>\n    </testcase>\n"
                    continue
                }
                guard !testCase.failures.isEmpty || !testCase.errors.isEmpty else {
                    xml += opening + "/>\n"
                    continue
                }
                let place = testCase.line.map { "\(file):\($0)" } ?? file
                xml += opening + ">\n"
                if !testCase.failures.isEmpty {
                    let message = testCase.failures.joined(separator: "; ")
                    xml += "      <failure type=\"cellheight\" message=\"\(escapeMarkup(message))\">"
                    xml += escapeMarkup(testCase.failures.map { "\(place): \(testCase.name): \($0)" }.joined(separator: "\n"))
                    xml += "</failure>\n"
                }
                if !testCase.errors.isEmpty {
                    let message = testCase.errors.joined(separator: "; ")
                    xml += "      <error type=\"cellheight\" message=\"\(escapeMarkup(message))\">"
                    xml += escapeMarkup(testCase.errors.map { "\(place): \($0)" }.joined(separator: "\n"))
                    xml += "</error>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}
