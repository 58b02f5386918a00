import CellHeightKit

extension MeasureCommand {
    /// The one-line message for `error`: the library's own wording, except for conflicts between
    /// settings, which are said with the options that gave them.
    func commandLineMessage(for error: CellHeightError) -> String {
        guard case .conflict(let conflict) = error else { return error.description }
        let message: String
        switch conflict {
        case .severalSizesWithTemplate(let template):
            message = "--size with several sizes cannot be used with --template \(messageText(template)): "
                + "its labels have their own sizes"
        case .severalSizesWithRuleSize(let file, let path):
            message = "--size with several sizes cannot be used with rules that set a size "
                + "(\(messageText(file)): \(path)): it would replace every size"
        case .paddingLeavesNoRoom(let cellWidth, let textWidth):
            message = "--padding '\(cellOptions.padding ?? "")' leaves no room for the text in a "
                + "\(formatPixels(cellWidth)) px wide cell (text width \(formatPixels(textWidth)) px)"
        case .widthTooNarrowForTemplate(let template, let label, let cellWidth, let textWidth):
            message = "--width \(formatPixels(cellWidth)) is too narrow for \(template): "
                + RunConflict.noRoomForLabel(label, cellWidth: cellWidth, textWidth: textWidth)
        }
        // As every message: what came from outside escaped, and the line bounded.
        return messageText(message, limit: 1_000)
    }
}
