import CellHeightEngine

/// A whole message line as it is written (`cellheight: MESSAGE` on standard error, a checker's
/// notes): each line of `text` escaped as `messageText` escapes a value (with a larger limit), so
/// that nothing inside a message can start a line of its own.
package func messageLine(_ text: String, limit: Int = 2_000) -> String {
    messageText(text, limit: limit)
}
