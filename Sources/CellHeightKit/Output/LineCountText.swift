/// A label's line count, or `shown/needed` when it is truncated, e.g. "2/5" (every format that
/// prints line counts for people).
func lineCountText(_ label: LabelLayout) -> String {
    label.isTruncated ? "\(label.visibleLineCount)/\(label.text.lineCount)" : String(label.text.lineCount)
}
