import CHarfBuzz

/// What a GSUB or GPOS lookup can do in text whose glyphs all belong to a given set (the glyphs
/// the pairwise lane's text may hold: printable ASCII and the characters beyond it that
/// `BeyondASCIICharacters` considers). A rule fires only where every position it matches holds a
/// glyph of the text (before, at and after its position; every component of a ligature): one with
/// a position no glyph of the set can hold never fires there, whatever the lookup's flags skip.
/// DejaVu Sans's and Noto Sans's `ccmp` rules that turn "i" into a dotless "ı" before a combining
/// mark, and Noto Sans's ligatures of a vowel and a combining ogonek ("ą"), never fire in text
/// without marks, though their glyph sets hold most Latin letters.
///
/// Read from the raw table: GSUB types 1-8 and GPOS types 1-9 (context and chaining context in
/// formats 1, 2 and 3, extensions resolved). Anything not parsed or not recognised may fire.
struct LookupReach {
    /// What a lookup can do in such text.
    enum Reach: Equatable {
        /// No rule of it can fire.
        case never
        /// Only these ligatures can fire (a ligature lookup): the glyphs they read (first glyphs
        /// and components) and the ligatures they write.
        case ligatures(read: Set<Int>, written: Set<Int>)
        /// A rule may fire: any glyph of the lookup may be read or written.
        case anywhere
    }

    private let table: OpenTypeTable
    private let isPositioning: Bool
    /// Per glyph id: whether the text may hold it.
    private var holds = [Bool](repeating: false, count: 0x10000)
    /// The glyphs it may hold, e.g. [3, 36, 68, 1203].
    private(set) var glyphs: [Int] = []
    /// `heldClasses` per class definition, for the glyphs held now: a font's chaining rules share
    /// a few class definitions among many subtables (DejaVu Sans's `ccmp` and kerning), and each
    /// answer reads every held glyph. A new box whenever a glyph is added.
    private var heldClassesMemo = HeldClassesMemo()

    private final class HeldClassesMemo {
        var classes: [Int: Set<Int>?] = [:]
        /// The held glyphs in order (made at the first range read), so that a range of a class
        /// definition is read once, not once per held glyph.
        var sortedGlyphs: [Int]?
    }

    /// Whether a class definition of ranges is read a range at a time (`readHeldClasses`) rather
    /// than a held glyph at a time: the same classes (a test reads every installed font both ways).
    private let readsClassRanges: Bool

    /// The lookups of `table` (a GSUB or GPOS table) in text of `glyphs`.
    init(table: OpenTypeTable, isPositioning: Bool, glyphs: [Int], readsClassRanges: Bool = true) {
        self.table = table
        self.isPositioning = isPositioning
        self.readsClassRanges = readsClassRanges
        for glyph in glyphs where glyph >= 0 && glyph < holds.count && !holds[glyph] {
            holds[glyph] = true
            self.glyphs.append(glyph)
        }
    }

    /// What each of `lookups` (GSUB lookups of `face`, in the order HarfBuzz applies them) can do
    /// in text of `glyphs`, and the glyphs the text may hold once they ran: `glyphs` and what
    /// the substitutions that may fire write (which a later lookup may read).
    static func substitutions(_ lookups: [UInt32], face: OpaquePointer, glyphs: [Int])
        -> (reaches: [Reach], glyphs: [Int]) {
        let gsub = OpenTypeTable(face: face, tag: "GSUB")
        defer { gsub.destroy() }
        var text = LookupReach(table: gsub, isPositioning: false, glyphs: glyphs)
        var reaches: [Reach] = []
        var grew = true
        while grew {
            grew = false
            reaches = lookups.map(text.reach)
            for (lookup, reach) in zip(lookups, reaches) {
                switch reach {
                case .never:
                    continue
                case .ligatures(_, let written):
                    for glyph in written where text.add(glyph) { grew = true }
                case .anywhere:
                    let read = LookupGlyphs(face: face, table: "GSUB", lookup: lookup)
                    defer { read.destroy() }
                    for glyph in setElements(read.output) where text.add(Int(glyph)) { grew = true }
                }
            }
        }
        return (reaches, text.glyphs)
    }

    /// Lets the text hold `glyph` too (one a substitution may write); false when it already could.
    @discardableResult
    mutating func add(_ glyph: Int) -> Bool {
        guard glyph >= 0 && glyph < holds.count && !holds[glyph] else { return false }
        holds[glyph] = true
        glyphs.append(glyph)
        heldClassesMemo = HeldClassesMemo()
        return true
    }

    /// What lookup `index` can do in the text.
    func reach(of index: UInt32) -> Reach {
        let extensionType = isPositioning ? 9 : 7
        guard let kind = table.lookupKind(index, extensionType: extensionType),
              let subtables = table.subtables(ofLookup: index, extensionType: extensionType) else { return .anywhere }
        func anyFires(_ fires: (Int) -> Bool?) -> Reach {
            subtables.contains { fires($0) != false } ? .anywhere : .never
        }
        switch (isPositioning, kind.type) {
        case (true, 2):
            return anyFires(pairFires)
        case (false, 1...3), (true, 1), (true, 3):
            // Single, multiple and alternate substitutions, single adjustments, cursive
            // attachment: at any glyph of the coverage.
            return anyFires { self.coverageTouches(at: $0, field: 2) }
        case (true, 4...6):
            // Mark attachment: a mark of the first coverage after a glyph of the second.
            return anyFires { subtable in
                guard let marks = self.coverageTouches(at: subtable, field: 2),
                      let bases = self.coverageTouches(at: subtable, field: 4) else { return nil }
                return marks && bases
            }
        case (false, 4):
            return ligatureReach(subtables)
        case (false, 5), (true, 7):
            return anyFires(contextFires)
        case (false, 6), (true, 8):
            return anyFires(chainContextFires)
        case (false, 8):
            return anyFires(reverseChainFires)
        default:
            return .anywhere
        }
    }

    // MARK: - Rules

    /// The ligatures of ligature lookup `subtables` whose first glyph and components the text may
    /// all hold; `.anywhere` when a subtable does not hold together.
    private func ligatureReach(_ subtables: [Int]) -> Reach {
        var read = Set<Int>(), written = Set<Int>()
        for subtable in subtables {
            // LigatureSubstFormat1: format, coverage, set count, set offsets (in coverage order).
            guard table.uint16(subtable) == 1, let firstGlyphs = coverageGlyphs(subtable, field: 2),
                  let setCount = table.uint16(subtable + 4), firstGlyphs.count >= setCount else { return .anywhere }
            for n in 0..<setCount where holds[firstGlyphs[n]] {
                guard let set = offset(subtable, field: 6 + 2 * n), let ligatureCount = table.uint16(set) else {
                    return .anywhere
                }
                for m in 0..<ligatureCount {
                    // Ligature: glyph, component count, the components after the first.
                    guard let ligature = offset(set, field: 2 + 2 * m), let glyph = table.uint16(ligature),
                          let components = glyphArray(at: ligature + 2, countLess: 1) else { return .anywhere }
                    guard components.allSatisfy({ holds[$0] }) else { continue }
                    read.insert(firstGlyphs[n])
                    read.formUnion(components)
                    written.insert(glyph)
                }
            }
        }
        return written.isEmpty ? .never : .ligatures(read: read, written: written)
    }

    /// Whether a rule of context subtable `subtable` (GSUB 5, GPOS 7) may fire; nil when it does
    /// not hold together.
    private func contextFires(_ subtable: Int) -> Bool? {
        switch table.uint16(subtable) {
        case 1?:
            // Format 1: coverage, rule set count, rule sets (in coverage order); a rule: glyph
            // count, lookup count, the input glyphs after the first.
            return glyphRules(subtable, setsAt: 4) { rule in
                self.glyphArray(at: rule, countLess: 1, after: 2).map { $0.allSatisfy { self.holds[$0] } }
            }
        case 2?:
            // Format 2: coverage, class definition, class set count, class sets (by the first
            // glyph's class); a rule: glyph count, lookup count, the classes after the first.
            guard let classDef = classDefinition(subtable, field: 4), let held = heldClasses(classDef) else {
                return nil
            }
            return classRules(subtable, firstClassDef: classDef, setsAt: 6) { rule in
                self.glyphArray(at: rule, countLess: 1, after: 2).map { $0.allSatisfy(held.contains) }
            }
        case 3?:
            // Format 3: glyph count, lookup count, a coverage per glyph.
            guard let count = table.uint16(subtable + 2), count > 0 else { return nil }
            return coveragesTouch(subtable, at: subtable + 6, count: count)
        default:
            return nil
        }
    }

    /// Whether a rule of chaining context subtable `subtable` (GSUB 6, GPOS 8) may fire; nil
    /// when it does not hold together.
    private func chainContextFires(_ subtable: Int) -> Bool? {
        switch table.uint16(subtable) {
        case 1?:
            // Format 1: coverage, rule set count, rule sets; a rule: the backtrack glyphs, the
            // input glyphs after the first, the lookahead glyphs, each after its count.
            return glyphRules(subtable, setsAt: 4) { rule in
                self.chainRule(rule) { _, glyph in self.holds[glyph] }
            }
        case 2?:
            // Format 2: coverage, backtrack, input and lookahead class definitions, class set
            // count, class sets (by the first glyph's input class); rules as format 1's, of classes.
            guard let backtrack = classDefinition(subtable, field: 4), let input = classDefinition(subtable, field: 6),
                  let lookahead = classDefinition(subtable, field: 8) else { return nil }
            guard let heldBefore = heldClasses(backtrack), let heldInput = heldClasses(input),
                  let heldAfter = heldClasses(lookahead) else { return nil }
            let held = [heldBefore, heldInput, heldAfter]
            return classRules(subtable, firstClassDef: input, setsAt: 10) { rule in
                self.chainRule(rule) { sequence, value in held[sequence].contains(value) }
            }
        case 3?:
            // Format 3: backtrack, input and lookahead coverages, each after its count.
            var position = subtable + 2
            for sequence in 0..<3 {
                guard let count = table.uint16(position), sequence != 1 || count > 0,
                      let touches = coveragesTouch(subtable, at: position + 2, count: count) else { return nil }
                if !touches { return false }
                position += 2 + 2 * count
            }
            return true
        default:
            return nil
        }
    }

    /// Whether pair adjustment subtable `subtable` (GPOS 2) may fire: a pair of it whose two
    /// glyphs the text may both hold (in format 2, one of two classes whose adjustment is not
    /// nothing); nil when it does not hold together. DejaVu Sans's Latin-only kerning starts at
    /// ".", "-", ":" and the guillemets, but only before Latin letters, which a Cyrillic or Greek
    /// run never holds.
    private func pairFires(_ subtable: Int) -> Bool? {
        guard let format = table.uint16(subtable), let firstFormat = table.uint16(subtable + 4),
              let secondFormat = table.uint16(subtable + 6), let firstGlyphs = coverageGlyphs(subtable, field: 2)
        else { return nil }
        // A value record holds 2 bytes per bit of its format.
        let firstSize = 2 * firstFormat.nonzeroBitCount, secondSize = 2 * secondFormat.nonzeroBitCount
        switch format {
        case 1:
            // Format 1: coverage, the two value formats, pair set count, pair sets (in coverage
            // order); a pair set: count, then per pair the second glyph and the two values.
            guard let setCount = table.uint16(subtable + 8), firstGlyphs.count >= setCount else { return nil }
            for n in 0..<setCount where holds[firstGlyphs[n]] {
                guard let set = offset(subtable, field: 10 + 2 * n), let pairCount = table.uint16(set) else {
                    return nil
                }
                for m in 0..<pairCount {
                    guard let second = table.uint16(set + 2 + m * (2 + firstSize + secondSize)) else { return nil }
                    if holds[second] { return true }
                }
            }
            return false
        case 2:
            // Format 2: coverage, the two value formats, the two class definitions, the two class
            // counts, then per first class and second class the two values.
            guard let firstClassDef = classDefinition(subtable, field: 8),
                  let secondClassDef = classDefinition(subtable, field: 10),
                  let firstCount = table.uint16(subtable + 12), let secondCount = table.uint16(subtable + 14),
                  let secondClasses = heldClasses(secondClassDef) else { return nil }
            var firstClasses = Set<Int>()
            for glyph in firstGlyphs where holds[glyph] {
                guard let value = classValue(of: glyph, in: firstClassDef) else { return nil }
                firstClasses.insert(value)
            }
            let recordSize = firstSize + secondSize
            for first in firstClasses where first < firstCount {
                for second in secondClasses where second < secondCount {
                    let record = subtable + 16 + (first * secondCount + second) * recordSize
                    for k in 0..<(recordSize / 2) {
                        guard let value = table.uint16(record + 2 * k) else { return nil }
                        if value != 0 { return true }
                    }
                }
            }
            return false
        default:
            return nil
        }
    }

    /// Whether reverse chaining subtable `subtable` (GSUB 8) may fire: its coverage, backtrack
    /// and lookahead coverages all touch the text; nil when it does not hold together.
    private func reverseChainFires(_ subtable: Int) -> Bool? {
        // Format 1: format, coverage, backtrack count and coverages, lookahead count and coverages.
        guard table.uint16(subtable) == 1, let input = coverageTouches(at: subtable, field: 2),
              let backtrackCount = table.uint16(subtable + 4),
              let backtrack = coveragesTouch(subtable, at: subtable + 6, count: backtrackCount),
              let lookaheadCount = table.uint16(subtable + 6 + 2 * backtrackCount),
              let lookahead = coveragesTouch(subtable, at: subtable + 8 + 2 * backtrackCount, count: lookaheadCount)
        else { return nil }
        return input && backtrack && lookahead
    }

    /// Whether a rule of a format 1 (glyph) context subtable whose first glyph the text may hold
    /// fires by `fires`; rule sets after their count at field `setsAt`, in coverage order.
    private func glyphRules(_ subtable: Int, setsAt field: Int, _ fires: (Int) -> Bool?) -> Bool? {
        guard let firstGlyphs = coverageGlyphs(subtable, field: 2), let setCount = table.uint16(subtable + field),
              firstGlyphs.count >= setCount else { return nil }
        return ruleSets(subtable, at: subtable + field + 2, indices: (0..<setCount).filter { holds[firstGlyphs[$0]] },
                        fires)
    }

    /// The same for a format 2 (class) subtable: the sets of the input classes of the coverage's
    /// glyphs the text may hold.
    private func classRules(_ subtable: Int, firstClassDef: Int, setsAt field: Int, _ fires: (Int) -> Bool?) -> Bool? {
        guard let firstGlyphs = coverageGlyphs(subtable, field: 2), let setCount = table.uint16(subtable + field)
        else { return nil }
        var firstClasses = Set<Int>()
        for glyph in firstGlyphs where holds[glyph] {
            guard let value = classValue(of: glyph, in: firstClassDef) else { return nil }
            firstClasses.insert(value)
        }
        return ruleSets(subtable, at: subtable + field + 2, indices: firstClasses.filter { $0 < setCount }.sorted(),
                        fires)
    }

    /// Whether a rule of the sets `indices` (offsets from `subtable` at `at`, 0 for none) fires.
    private func ruleSets(_ subtable: Int, at: Int, indices: [Int], _ fires: (Int) -> Bool?) -> Bool? {
        for n in indices {
            guard let setOffset = table.uint16(at + 2 * n) else { return nil }
            guard setOffset != 0 else { continue }
            let set = subtable + setOffset
            guard let ruleCount = table.uint16(set) else { return nil }
            for m in 0..<ruleCount {
                guard let rule = offset(set, field: 2 + 2 * m), let ruleFires = fires(rule) else { return nil }
                if ruleFires { return true }
            }
        }
        return false
    }

    /// Whether every value of chaining rule `rule` (backtrack, input after the first, lookahead:
    /// sequence 0, 1, 2) passes `passes`; nil when it does not hold together.
    private func chainRule(_ rule: Int, _ passes: (_ sequence: Int, _ value: Int) -> Bool) -> Bool? {
        var position = rule
        for sequence in 0..<3 {
            guard let values = glyphArray(at: position, countLess: sequence == 1 ? 1 : 0) else { return nil }
            if !values.allSatisfy({ passes(sequence, $0) }) { return false }
            position += 2 + 2 * values.count
        }
        return true
    }

    // MARK: - Coverage and class definitions

    /// The target of the 16-bit offset at `base + field`, from `base`; nil when out of the table or null.
    private func offset(_ base: Int, field: Int) -> Int? {
        guard let value = table.uint16(base + field), value != 0 else { return nil }
        return base + value
    }

    /// A count at `at` (less `countLess`: an input sequence's count includes its first glyph) and
    /// that many 16-bit values after it and `after` more bytes (a context rule's lookup count).
    private func glyphArray(at: Int, countLess: Int, after: Int = 0) -> [Int]? {
        guard let count = table.uint16(at) else { return nil }
        var values: [Int] = []
        for n in 0..<max(count - countLess, 0) {
            guard let value = table.uint16(at + 2 + after + 2 * n) else { return nil }
            values.append(value)
        }
        return values
    }

    /// The glyphs of the coverage table at `base`'s `field` offset, in coverage order.
    private func coverageGlyphs(_ base: Int, field: Int) -> [Int]? {
        offset(base, field: field).flatMap(table.coverageGlyphs)
    }

    /// Whether the text may hold a glyph of the coverage table at `base`'s `field` offset.
    private func coverageTouches(at base: Int, field: Int) -> Bool? {
        offset(base, field: field).flatMap(coverageTouches)
    }

    /// Whether the text may hold a glyph of the coverage table at `coverage`.
    private func coverageTouches(_ coverage: Int) -> Bool? {
        table.coverageGlyphs(at: coverage).map { $0.contains { holds[$0] } }
    }

    /// Whether each of the `count` coverages whose offsets (from `subtable`) are at `at` touches the text.
    private func coveragesTouch(_ subtable: Int, at: Int, count: Int) -> Bool? {
        for n in 0..<count {
            guard let value = table.uint16(at + 2 * n), value != 0,
                  let touches = coverageTouches(subtable + value) else { return nil }
            if !touches { return false }
        }
        return true
    }

    /// Where the class definition at `subtable`'s `field` offset is; 0 for a null offset (every
    /// glyph in class 0).
    private func classDefinition(_ subtable: Int, field: Int) -> Int? {
        table.uint16(subtable + field).map { $0 == 0 ? 0 : subtable + $0 }
    }

    /// The classes the text's glyphs have in class definition `classDef` (0: every glyph the
    /// definition does not name).
    private func heldClasses(_ classDef: Int) -> Set<Int>? {
        if let known = heldClassesMemo.classes[classDef] { return known }
        let classes = readHeldClasses(classDef)
        heldClassesMemo.classes[classDef] = .some(classes)
        return classes
    }

    private func readHeldClasses(_ classDef: Int) -> Set<Int>? {
        guard readsClassRanges else { return readHeldClassesByGlyph(classDef) }
        guard classDef != 0 else { return glyphs.isEmpty ? [] : [0] }
        switch table.uint16(classDef) {
        case 1?:
            // Format 1: the classes of the held glyphs from the start glyph on, and class 0 if
            // one is held outside.
            guard let start = table.uint16(classDef + 2), let count = table.uint16(classDef + 4) else { return nil }
            var classes = Set<Int>(), covered = 0
            for n in 0..<min(count, holds.count - start) where holds[start + n] {
                guard let value = table.uint16(classDef + 6 + 2 * n) else { return nil }
                classes.insert(value)
                covered += 1
            }
            if covered < glyphs.count { classes.insert(0) }
            return classes
        case 2?:
            // Format 2: each range's class if it holds a glyph, and class 0 if a held glyph is in
            // none. Ranges out of order (which a binary search misreads) are read glyph by glyph.
            guard let count = table.uint16(classDef + 2) else { return nil }
            let sorted = sortedGlyphs()
            /// How many held glyphs are below `glyph`.
            func heldBelow(_ glyph: Int) -> Int {
                var low = 0, high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle] < glyph { low = middle + 1 } else { high = middle }
                }
                return low
            }
            var classes = Set<Int>(), covered = 0, previousLast = -1
            for n in 0..<count {
                let range = classDef + 4 + 6 * n
                guard let first = table.uint16(range), let last = table.uint16(range + 2),
                      let value = table.uint16(range + 4) else { return nil }
                guard first > previousLast && first <= last else { return readHeldClassesByGlyph(classDef) }
                previousLast = last
                let held = heldBelow(last + 1) - heldBelow(first)
                if held > 0 {
                    classes.insert(value)
                    covered += held
                }
            }
            if covered < glyphs.count { classes.insert(0) }
            return classes
        default:
            return nil
        }
    }

    /// The glyphs held now, in order (see `HeldClassesMemo`).
    private func sortedGlyphs() -> [Int] {
        if let known = heldClassesMemo.sortedGlyphs { return known }
        let sorted = glyphs.sorted()
        heldClassesMemo.sortedGlyphs = sorted
        return sorted
    }

    private func readHeldClassesByGlyph(_ classDef: Int) -> Set<Int>? {
        var classes = Set<Int>()
        for glyph in glyphs {
            guard let value = classValue(of: glyph, in: classDef) else { return nil }
            classes.insert(value)
        }
        return classes
    }

    /// `glyph`'s class in class definition `classDef` (at 0: none, so 0); nil when it does not
    /// hold together.
    private func classValue(of glyph: Int, in classDef: Int) -> Int? {
        guard classDef != 0 else { return 0 }
        switch table.uint16(classDef) {
        case 1?:
            // Format 1: start glyph, glyph count, a class per glyph.
            guard let start = table.uint16(classDef + 2), let count = table.uint16(classDef + 4) else { return nil }
            guard glyph >= start && glyph < start + count else { return 0 }
            return table.uint16(classDef + 6 + 2 * (glyph - start))
        case 2?:
            // Format 2: range count, ranges of (first, last, class) sorted by first glyph.
            guard let count = table.uint16(classDef + 2) else { return nil }
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2, range = classDef + 4 + 6 * middle
                guard let first = table.uint16(range), let last = table.uint16(range + 2) else { return nil }
                if glyph < first {
                    high = middle
                } else if glyph > last {
                    low = middle + 1
                } else {
                    return table.uint16(range + 4)
                }
            }
            return 0
        default:
            return nil
        }
    }
}
