/// The text the inline content of an XLIFF `<source>` or `<target>` shows, built a piece at a time
/// so that a unit's segments and ignorables join into one text.
///
/// - Markup is styling, not text: `<g>`, `<mrk>` and `<pc>` give the text they hold; the native codes of `<bpt>`, `<ept>` and `<it>`
///   give nothing; `<bx>`, `<ex>` (1.2) and `<sc>`, `<ec>` (2.x) give their `equiv-text`/`equiv`,
///   which the specification defines as the text to show instead of the code (usually none).
/// - Standalone codes (`<x>` and `<ph>`) stand for what the app inserts there: a line break
///   (1.2 `ctype="lb"`, 2.x `subType="xlf:lb"`) is one; an image or page break (`ctype="image"`,
///   `"pb"`, 2.x `type="image"`) is nothing; any other is a placeholder shown as its `equiv-text`
///   (1.2; a 1.2 `<ph>` without one, the native code it holds, such as `%s`), `equiv` or else
///   `disp` (2.x). Angular names its codes (its placeholder names, as 1.2
///   ids and 2.x `equiv`): `START_…`, `CLOSE_…`, `TAG_…` and `HORIZONTAL_RULE` are HTML tags
///   (nothing), `LINE_BREAK` a line break, and every other (`INTERPOLATION`, `ICU`, names given in
///   the template) a value, shown as its `equiv-text`/`disp` (`{{ name }}`), or `{{NAME}}` when
///   the file gives no text for it (older Angular), so that it is measured, and replaced by
///   `--placeholder-string` as a `{{…}}` interpolation.
/// - `<cp hex>` is its character.
/// - White space follows `xml:space` (on the element or the nearest ancestor that has it): with
///   `preserve` it is kept as written; otherwise (XLIFF's default) runs of XML white space in the
///   text are one space and white space at the start and end goes, so that an editor's indentation
///   (Angular writes its targets over several indented lines) is not measured. Code texts are kept
///   as they are.
struct XLIFFInlineText {
    private(set) var text = ""
    private var pendingSpace = false
    /// After a line break white space is dropped, as at the start.
    private var atLineStart = true
    /// Where Angular's control flow blocks start and end in `text` (see `XLIFFBlocks`).
    private(set) var blockMarks: [XLIFFBlockMark] = []
    /// Whether white space was collapsed (it is again where blocks are cut out).
    private(set) var collapsesSpace = false
    /// Angular's nested ICU messages by placeholder: `<x id="ICU" xid="…"/>` names the unit that
    /// holds the message ("ICU" → the unit's id); the text has `{{ICU}}` in its place.
    private(set) var icuReferences: [(name: String, unit: String)] = []

    /// Appends the content of `element` (a `<source>` or `<target>`).
    mutating func append(contentOf element: XMLCatalogElement) {
        let preserves = xliffPreservesSpace(element)
        if !preserves { collapsesSpace = true }
        append(contentOf: element, preserves: preserves)
    }

    /// Marks where a block starts (`kind`) or ends (nil), see `XLIFFBlocks`.
    private mutating func markBlock(_ kind: String?) {
        if pendingSpace, !atLineStart { text += " " }
        pendingSpace = false
        blockMarks.append(XLIFFBlockMark(offset: text.utf8.count, kind: kind))
    }

    private mutating func append(contentOf element: XMLCatalogElement, preserves: Bool) {
        element.walkContent { child in
            switch child {
            case .text(let part):
                if preserves { appendCode(part) } else { appendCollapsing(part) }
                return false
            case .element(let inline):
                if let mark = XLIFFBlockMark(inline) {
                    markBlock(mark.kind)
                    return false
                }
                // XLIFF 2.x: a block is a <pc equivStart="START_BLOCK_IF"> around its content
                // (elements nest at most `maximumXMLDepth` deep: the recursion is bounded).
                if inline.localName == "pc", let start = inline.attributes["equivStart"], start.hasPrefix("START_BLOCK_"),
                   let mark = XLIFFBlockMark(name: start) {
                    markBlock(mark.kind)
                    append(contentOf: inline, preserves: preserves)
                    markBlock(nil)
                    return false
                }
                if inline.localName == "x", let name = inline.attributes["id"], name.hasPrefix("ICU"),
                   AngularPlaceholderRole(name: name) == .value, let unit = inline.attributes["xid"] {
                    icuReferences.append((name, unit))
                }
                switch xliffCodeText(inline) {
                case .content:
                    return true
                case .text(let codeText):
                    appendCode(codeText)
                    return false
                }
            }
        }
    }

    /// Text kept as written (a code's text, or text under `xml:space="preserve"`).
    private mutating func appendCode(_ part: String) {
        guard !part.isEmpty else { return }
        if pendingSpace, !atLineStart, part.first != "\n" { text += " " }
        pendingSpace = false
        text += part
        atLineStart = part.last == "\n"
    }

    private mutating func appendCollapsing(_ part: String) {
        for scalar in part.unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r":
                pendingSpace = true
            default:
                if pendingSpace, !atLineStart { text += " " }
                pendingSpace = false
                atLineStart = false
                text.unicodeScalars.append(scalar)
            }
        }
    }
}

/// Whether white space inside `element` is kept as written: `xml:space="preserve"` on it or on
/// the nearest ancestor that says either way.
func xliffPreservesSpace(_ element: XMLCatalogElement) -> Bool {
    var current: XMLCatalogElement? = element
    while let node = current {
        if let space = node.attributes["xml:space"] { return space == "preserve" }
        current = node.parent
    }
    return false
}

/// What an inline element of XLIFF content gives: the content it holds, or a text of its own.
enum XLIFFCode: Equatable {
    case content
    case text(String)
}

/// See `XLIFFInlineText`.
func xliffCodeText(_ inline: XMLCatalogElement) -> XLIFFCode {
    let attributes = inline.attributes
    switch inline.localName {
    case "bpt", "ept", "it", "sm", "em":
        return .text("")
    case "bx", "ex":
        return .text(attributes["equiv-text"] ?? "")
    case "sc", "ec":
        return .text(attributes["equiv"] ?? "")
    case "cp":
        if let hex = attributes["hex"], let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
            return .text(String(scalar))
        }
        return .text("")
    case "x":
        return .text(standaloneCodeText(name: attributes["id"], literal: attributes["equiv-text"],
                                        lineBreak: attributes["ctype"] == "lb",
                                        markup: ["image", "pb"].contains(attributes["ctype"] ?? "")))
    case "ph" where inline.children.isEmpty || attributes["equiv"] != nil || attributes["disp"] != nil:
        // XLIFF 2.x: an empty element with equiv and disp.
        return .text(standaloneCodeText(name: attributes["equiv"], literal: attributes["equiv"] ?? attributes["equiv-text"],
                                        displayed: attributes["disp"],
                                        lineBreak: attributes["subType"] == "xlf:lb" || attributes["ctype"] == "lb",
                                        markup: attributes["type"] == "image" || attributes["subType"] == "xlf:pb"))
    case "ph":
        // XLIFF 1.2: the element holds the native code, e.g. %s.
        if attributes["ctype"] == "lb" { return .text("\n") }
        if ["image", "pb"].contains(attributes["ctype"] ?? "") { return .text("") }
        return .text(attributes["equiv-text"] ?? inline.textContent)
    default:
        return .content
    }
}

/// The text of a standalone code (see `XLIFFInlineText`).
///
/// - Parameters:
///   - name: the name Angular would give it (1.2 `id`, 2.x `equiv`).
///   - literal: the text the file gives for it.
///   - displayed: 2.x `disp`, which Angular fills with the source (`{{ name }}`, `<br/>`).
private func standaloneCodeText(name: String?, literal: String?, displayed: String? = nil,
                                lineBreak: Bool, markup: Bool) -> String {
    if let name, let role = AngularPlaceholderRole(name: name) {
        switch role {
        case .lineBreak: return "\n"
        case .tag: return ""
        case .value:
            // A nested ICU message is a unit of its own; disp only sketches it ("{count, plural, =0 {...}}").
            if name.hasPrefix("ICU") { return "{{\(name)}}" }
            // Angular's 2.x equiv is the name; its source text is in disp.
            if let displayed, !displayed.isEmpty { return angularValueText(displayed, name: name) }
            if let literal, !literal.isEmpty, literal != name { return angularValueText(literal, name: name) }
            return "{{\(name)}}"
        }
    }
    if lineBreak { return "\n" }
    if markup { return "" }
    // A name in CONSTANT_CASE with a disp is Angular's custom placeholder name: disp is its source.
    if let literal, let displayed, !displayed.isEmpty,
       literal.allSatisfy({ ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" }) { return displayed }
    if let literal, !literal.isEmpty { return literal }
    return displayed ?? ""
}

/// An Angular value placeholder's text as an interpolation, so that it is measured as a
/// placeholder (`--placeholder-string`) and never as the code that computes it: a template's
/// `{{ user.name }}` as written; `$localize`'s expression (`<x id="PH" equiv-text="this.count"/>`)
/// as `{{this.count}}`, or `{{PH}}` when it would not read as one interpolation (a brace or a line
/// break inside, or longer than a line).
private func angularValueText(_ text: String, name: String) -> String {
    if text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 { return text }
    let expression = text.trimmingCharacters(in: .whitespaces)
    if !expression.isEmpty, expression.utf8.count <= 200, !expression.contains(where: { "{}\n\r".contains($0) }) {
        return "{{\(expression)}}"
    }
    return "{{\(name)}}"
}

/// What an Angular placeholder name stands for (Angular's i18n placeholder registry names them):
/// `START_BOLD_TEXT`, `CLOSE_TAG_SPAN`, `TAG_IMG`, `HORIZONTAL_RULE` are HTML tags, `LINE_BREAK`
/// is `<br>`, and `INTERPOLATION`, `INTERPOLATION_1`, `ICU`, `ICU_2`, `PH`, `PH_1` (`$localize`'s
/// expressions), … are values. Nil for a name
/// Angular would not give (an XLIFF id like "1"): the code is read as XLIFF says.
enum AngularPlaceholderRole: Equatable {
    case tag
    case lineBreak
    case value

    init?(name: String) {
        if name == "LINE_BREAK" { self = .lineBreak; return }
        if name == "HORIZONTAL_RULE" || name.hasPrefix("START_") || name.hasPrefix("CLOSE_") || name.hasPrefix("TAG_") {
            self = .tag
            return
        }
        for prefix in ["INTERPOLATION", "ICU", "PH"] where name.hasPrefix(prefix) {
            let suffix = name.dropFirst(prefix.count)
            if suffix.isEmpty || (suffix.first == "_" && suffix.dropFirst().allSatisfy(\.isASCII) && Int(suffix.dropFirst()) != nil) {
                self = .value
                return
            }
        }
        return nil
    }
}
