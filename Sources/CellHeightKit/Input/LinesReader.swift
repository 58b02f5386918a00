/// Rows for the `lines` format: one row per line, empty lines included.
func readLineRows(_ bytes: [UInt8]) -> [Row] {
    splitLines(bytes).enumerated().map { index, line in
        Row(index: index, text: utf8Text(of: line.range, in: bytes), sourceLine: line.number)
    }
}
