import Foundation
import HTMLBridge

/// The text an HTML fragment shows once its markup is rendered as styling, as Android's
/// `Html.fromHtml` (legacy mode) shows a string resource holding HTML: tags removed, entities
/// decoded, runs of white space one space, `<br>` a line break, block elements (`<p>`, `<div>`,
/// `<li>`, headings) separated by an empty line, leading and trailing white space removed. Parsed
/// by libxml2's HTML parser, which recovers from the tag soup such strings often are; `html`
/// itself when libxml2 gives up.
func htmlVisibleText(_ html: String) -> String {
    var utf8 = Array(html.utf8)
    // The parser reads a C string's bytes; a NUL would end the text early.
    utf8.removeAll { $0 == 0 }
    guard utf8.count < Int(Int32.max) - 64 else { return html }
    var length: Int32 = 0
    let text = utf8.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { htmlb_visible_text($0.baseAddress, Int32($0.count), &length) }
    }
    guard let text else { return html }
    defer { free(text) }
    return String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
}
