/// Rows for the `paragraphs` format: runs of non-blank lines separated by one or more blank lines
/// (empty or only spaces and tabs). A row's text is its lines joined with "\n"; its source line is
/// the paragraph's first line.
func readParagraphRows(_ bytes: [UInt8]) -> [Row] {
    var rows: [Row] = []
    var paragraph: [InputLine] = []
    func finishParagraph() {
        guard let first = paragraph.first else { return }
        let body = paragraph.map { utf8Text(of: $0.range, in: bytes) }.joined(separator: "\n")
        rows.append(Row(index: rows.count, text: body, sourceLine: first.number))
        paragraph.removeAll()
    }
    for line in splitLines(bytes) {
        if isBlankLine(line, in: bytes) {
            finishParagraph()
        } else {
            paragraph.append(line)
        }
    }
    finishParagraph()
    return rows
}
