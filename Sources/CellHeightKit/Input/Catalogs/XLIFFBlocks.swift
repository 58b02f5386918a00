/// Angular's control flow blocks in an XLIFF unit (Angular 17+): `@if (a) {A} @else {B}` in an
/// i18n message is written as placeholders around each branch,
///
///     Status: <x id="START_BLOCK_IF" ctype="x-if" equiv-text="@if"/>online<x id="CLOSE_BLOCK_IF" …/>
///     <x id="START_BLOCK_ELSE" ctype="x-else" equiv-text="@else"/>offline<x id="CLOSE_BLOCK_ELSE" …/>
///
/// (2.x: `<pc equivStart="START_BLOCK_IF" …>online</pc>`, or `<ph equiv="START_BLOCK_IF"/>`). The app shows one branch, never both: each is a variant
/// of the unit, as a plural's forms are, the block's name in the id (`key[if]`, `key[else]`,
/// `key[else-if]`, `key[case]`, `key[case-1]`, `key[default]`, `key[for]`, `key[empty]`, …) and
/// in the field `block`. A block follows the one before it (`@else` after `@if`, `@empty` after
/// `@for`, `@placeholder` after `@defer`, `@case` after `@case`) when only white space is
/// between them; an `@if` without `@else` also shows nothing (`key[none]`). Blocks inside blocks
/// and blocks side by side combine (`key[if][else]`), as plurals do, at most
/// `maximumSubstitutedTexts` texts. Text around the blocks is in every variant, its white space
/// collapsed again where a block was cut out.

/// Where a block placeholder is in a unit's text: its start (`kind`, e.g. "else-if") or its end (nil).
struct XLIFFBlockMark: Equatable {
    var offset: Int
    var kind: String?

    init(offset: Int, kind: String?) {
        self.offset = offset
        self.kind = kind
    }

    /// The mark of an inline element that is a block placeholder (offset 0); nil for any other.
    init?(_ inline: XMLCatalogElement) {
        let name: String?
        switch inline.localName {
        case "x": name = inline.attributes["id"]
        case "ph": name = inline.attributes["equiv"]
        default: name = nil
        }
        guard let name else { return nil }
        self.init(name: name)
    }

    /// The mark of a block placeholder's name (`START_BLOCK_IF`, `CLOSE_BLOCK_IF`); nil for another name.
    init?(name: String) {
        if name.hasPrefix("CLOSE_BLOCK_") {
            self.init(offset: 0, kind: nil)
        } else if name.hasPrefix("START_BLOCK_") {
            // START_BLOCK_ELSE_IF_2 → "else-if-2"; Angular numbers a name's repeats.
            let kind = name.dropFirst("START_BLOCK_".count).lowercased().replacingOccurrences(of: "_", with: "-")
            guard !kind.isEmpty else { return nil }
            self.init(offset: 0, kind: kind)
        } else {
            return nil
        }
    }
}

/// One text a unit with blocks shows: the blocks chosen, in order, and the text.
struct XLIFFBlockVariant: Equatable {
    var blocks: [String]
    var text: String
}

private indirect enum BlockItem {
    case text(Substring)
    /// Blocks of which one shows: each branch's name and content.
    case choice([(kind: String, items: [BlockItem])])
}

/// The block's name without Angular's repeat number: "case-1" → "case".
private func baseKind(_ kind: String) -> String {
    guard let dash = kind.lastIndex(of: "-"), kind[kind.index(after: dash)...].allSatisfy(\.isNumber),
          kind.index(after: dash) < kind.endIndex else { return kind }
    return String(kind[..<dash])
}

/// Whether a block of `kind` continues a choice that started with `first` and so far ends with `last`.
private func continues(_ kind: String, first: String, last: String) -> Bool {
    switch (baseKind(first), baseKind(kind)) {
    case ("if", "else-if"), ("if", "else"): return baseKind(last) != "else"
    case ("for", "empty"): return true
    case ("defer", "placeholder"), ("defer", "loading"), ("defer", "error"): return true
    case ("case", "case"), ("case", "default"), ("default", "case"), ("default", "default"): return true
    default: return false
    }
}

extension XLIFFInlineText {
    /// The texts the unit shows, one per choice of its blocks; nil when it has none (or they do
    /// not nest: then the text is measured as it is, every branch in it).
    func blockVariants() throws -> [XLIFFBlockVariant]? {
        guard !blockMarks.isEmpty else { return nil }
        let bytes = text.utf8
        var position = 0
        var markIndex = 0
        func slice(_ from: Int, _ to: Int) -> Substring {
            Substring(text)[bytes.index(bytes.startIndex, offsetBy: from)..<bytes.index(bytes.startIndex, offsetBy: to)]
        }
        /// Items up to the next close mark (consumed) or the end; nil when they do not nest.
        func items(closed: Bool) -> [BlockItem]? {
            var result: [BlockItem] = []
            while markIndex < blockMarks.count {
                let mark = blockMarks[markIndex]
                if mark.offset > position { result.append(.text(slice(position, mark.offset))) }
                position = mark.offset
                markIndex += 1
                guard let kind = mark.kind else { return closed ? result : nil }
                guard let content = items(closed: true) else { return nil }
                // White space alone between the block and the one before it: a branch of the same choice.
                var previous = result.count - 1
                if previous >= 0, case .text(let between) = result[previous], between.allSatisfy(\.isWhitespace) { previous -= 1 }
                if previous >= 0, case .choice(var branches) = result[previous],
                   continues(kind, first: branches[0].kind, last: branches[branches.count - 1].kind) {
                    branches.append((kind, content))
                    result.removeSubrange(previous...)
                    result.append(.choice(branches))
                } else {
                    result.append(.choice([(kind, content)]))
                }
            }
            guard !closed else { return nil }
            if bytes.count > position { result.append(.text(slice(position, bytes.count))) }
            return result
        }
        guard let top = items(closed: false) else { return nil }
        func expand(_ items: [BlockItem]) throws -> [XLIFFBlockVariant] {
            var variants = [XLIFFBlockVariant(blocks: [], text: "")]
            for item in items {
                switch item {
                case .text(let part):
                    for i in variants.indices { variants[i].text += part }
                case .choice(var branches):
                    if baseKind(branches[0].kind) == "if", !branches.contains(where: { baseKind($0.kind) == "else" }) {
                        branches.append(("none", []))
                    }
                    var next: [XLIFFBlockVariant] = []
                    for variant in variants {
                        for branch in branches {
                            for tail in try expand(branch.items) {
                                next.append(XLIFFBlockVariant(blocks: variant.blocks + [branch.kind] + tail.blocks,
                                                              text: variant.text + tail.text))
                                guard next.count <= maximumSubstitutedTexts else {
                                    throw ICUExpansionError(reason: "more than \(maximumSubstitutedTexts) texts once its @if/@switch/@for blocks are combined")
                                }
                            }
                        }
                    }
                    variants = next
                }
            }
            return variants
        }
        return try expand(top).map { variant in
            guard collapsesSpace else { return variant }
            var collapsed = ""
            var lastWasSpace = true
            for character in variant.text {
                if character == " " {
                    if !lastWasSpace { collapsed.append(" ") }
                    lastWasSpace = true
                } else {
                    collapsed.append(character)
                    lastWasSpace = character == "\n"
                }
            }
            while collapsed.last == " " { collapsed.removeLast() }
            return XLIFFBlockVariant(blocks: variant.blocks, text: collapsed)
        }
    }
}
