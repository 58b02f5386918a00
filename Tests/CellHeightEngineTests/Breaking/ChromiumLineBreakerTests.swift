@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// Break opportunities as UTF-16 offsets ("before the unit at offset") and kinds, derived from
/// UAX #14 (Unicode 15, the ICU on Debian 12), Blink's ASCII table and its tailoring, as the oracle
/// README describes Chromium's behaviour. Offset 0 and the end of the text are never listed.
@Suite("line breaker")
struct ChromiumLineBreakerTests {
    struct BreakCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        /// Opportunities that must be found, with their kinds.
        var breaks: [BreakOpportunity]
        /// True when `breaks` is the complete list.
        var exhaustive: Bool = true
        /// Offsets that must not be opportunities (documents the interesting "no" of a case).
        var noBreaks: [Int] = []
        var testDescription: String { name }
    }

    static func spaces(_ offsets: Int...) -> [BreakOpportunity] { offsets.map { .init(offset: $0, kind: .afterSpaces) } }
    static func other(_ offsets: Int...) -> [BreakOpportunity] { offsets.map { .init(offset: $0, kind: .other) } }

    static let cases: [BreakCase] = [
        // "Delete  all files": spaces at 6, 7 and 11; a run is broken after, never inside or before.
        BreakCase(name: "spaces: break after a run, not inside it", text: "Delete  all files",
                  breaks: spaces(8, 12), noBreaks: [6, 7, 11]),
        // A tab is a breakable space like U+0020.
        BreakCase(name: "spaces: a tab is a breakable space", text: "a\tb", breaks: spaces(2)),
        // Blink's ASCII table: after "-" before a letter.
        BreakCase(name: "hyphen: command-line breaks after the hyphen", text: "command-line", breaks: other(8)),
        // After "-" before a digit only when the "-" follows a letter or digit ("D" at 3).
        BreakCase(name: "hyphen: ABCD-1234 breaks after the hyphen", text: "ABCD-1234", breaks: other(5)),
        // "-" at 2 follows a space: "-5" is a negative number, no break at 3; only after the space.
        BreakCase(name: "hyphen: no break inside a negative number", text: "x -5", breaks: spaces(2), noBreaks: [3]),
        // "--" before an option name: break at 6 ("--|verbose"); 5 (between the hyphens) is left open.
        BreakCase(name: "hyphen: break after -- before an option name", text: "use --verbose",
                  breaks: spaces(4) + other(6), exhaustive: false),
        // No break after "/" (paths and URLs only break by the emergency rule).
        BreakCase(name: "slash: no break in a path", text: "/usr/share/doc", breaks: []),
        BreakCase(name: "slash: no break in a URL", text: "https://www.debian.org/doc", breaks: []),
        // "C++ and Java": nothing inside "C++"; after the spaces at 3 and 7.
        BreakCase(name: "plus: no break inside C++", text: "C++ and Java", breaks: spaces(4, 8), noBreaks: [1, 2]),
        // NBSP between ASCII characters: Blink never asks ICU (and ICU's GL class would not break either).
        BreakCase(name: "nbsp: never breaks between ASCII", text: "10\u{00A0}km", breaks: []),
        // NBSP between non-ASCII letters: ICU decides, GL forbids a break on both sides (LB12, LB12a).
        BreakCase(name: "nbsp: never breaks between non-ASCII letters", text: "é\u{00A0}ü", breaks: []),
        // U+202F NARROW NO-BREAK SPACE is GL too.
        BreakCase(name: "narrow nbsp: never breaks", text: "a\u{202F}b", breaks: []),
        BreakCase(name: "narrow nbsp: never breaks before a percent sign", text: "50\u{202F}%", breaks: []),
        // U+200B: × ZW (LB7) and ZW ÷ (LB8): a break after it (4), none before (3).
        BreakCase(name: "zwsp: break after it, not before", text: "foo\u{200B}bar", breaks: other(4), noBreaks: [3]),
        // U+00AD (class BA): break after it, kind softHyphen.
        BreakCase(name: "soft hyphen: break after it with kind softHyphen", text: "Da\u{00AD}tei",
                  breaks: [BreakOpportunity(offset: 3, kind: .softHyphen)], noBreaks: [2]),
        // Ideographs and hiragana are class ID: a break between every two.
        BreakCase(name: "cjk: between ideographs and kana", text: "漢字です", breaks: other(1, 2, 3)),
        // Latin (AL) next to ideographs (ID): breaks on both sides.
        BreakCase(name: "cjk: between Latin and ideographs", text: "abc漢字", breaks: other(3, 4)),
        // Small kana U+30C3 (class CJ): ICU's lb=normal treats CJ as ID, so Chromium breaks before it.
        BreakCase(name: "cjk: before small kana ッ", text: "カッコ", breaks: other(1, 2)),
        BreakCase(name: "cjk: before small kana ァ", text: "ファイル", breaks: other(1, 2, 3)),
        BreakCase(name: "cjk: before small kana ョ and ッ", text: "ショップ", breaks: other(1, 2, 3)),
        // U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK is CJ as well.
        BreakCase(name: "cjk: before the prolonged sound mark ー", text: "コーヒー", breaks: other(1, 2, 3)),
        // "、" (CL): × CL (LB13) so no break at 2; after it before "い" a break (3).
        BreakCase(name: "cjk: not before 、", text: "はい、いいえ", breaks: other(1, 3, 4, 5), noBreaks: [2]),
        // "「" (OP): no break after it (LB14: OP ×), so none at 1; "」" (CL): none before it (3).
        BreakCase(name: "cjk: not after 「 nor before 」", text: "「はい」と", breaks: other(2, 4), noBreaks: [1, 3]),
        // Hangul syllables (H2/H3) break like ideographs with word-break: normal; and after the space.
        BreakCase(name: "hangul: between syllables", text: "한국어 글", breaks: other(1, 2) + spaces(4)),
        // Blink's ASCII table: after "," before "(", nothing between a letter and "," or "(" and a letter.
        BreakCase(name: "brackets: after a comma before an opening bracket", text: "a,(b", breaks: other(2)),
        // After ")" before "(": "f(x)(y)" breaks at 4 only.
        BreakCase(name: "brackets: after a closing bracket before an opening one", text: "f(x)(y)", breaks: other(4)),
        BreakCase(name: "brackets: not after a letter before an opening bracket", text: "a(b", breaks: []),
        BreakCase(name: "single character: nothing", text: "a", breaks: []),
        // Unicode 15.1 (Chromium's ICU; Debian's ICU 72 is 15.0). LB19: × [QU − Pi], [QU − Pf] ×;
        // LB19a: a quotation mark between East Asian characters allows a break outside it.
        // 模0 式1 为2 “3 自4 动5 ”6 时7: ideograph breaks 1, 2, 5; before “ (3) and after ” (7);
        // never inside the quotes (4 after “, 6 before ”).
        BreakCase(name: "quotes: break outside East Asian quotation marks (UAX 14, 15.1)", text: "模式为“自动”时",
                  breaks: other(1, 2, 3, 5, 7), noBreaks: [4, 6]),
        // Beside Latin letters curly quotes (East_Asian_Width A) keep LB19a's no-break: only after spaces.
        BreakCase(name: "quotes: no break beside quotation marks in Latin text", text: "say “hi” now",
                  breaks: spaces(4, 9)),
        // LB21a (15.1): HL (HY | BA) × [^HL], so after a maqaf (U+05BE, BA) between Hebrew letters a
        // break is allowed: ה0 מ1 ר2 כ3 ז4 ־5, break at 6; none between Hebrew letters.
        BreakCase(name: "maqaf: break after a Hebrew maqaf before a Hebrew letter (UAX 14, 15.1)",
                  text: "המרכז־אפריקאית", breaks: other(6)),
    ]

    @Test("line breaker: opportunities and kinds", arguments: cases)
    func opportunities(_ testCase: BreakCase) throws {
        let found = try ChromiumLineBreaker().opportunities(in: testCase.text.utf16Units)
        if testCase.exhaustive {
            #expect(found == testCase.breaks)
        } else {
            for expected in testCase.breaks {
                #expect(found.contains(expected), "missing \(expected)")
            }
        }
        for offset in testCase.noBreaks {
            #expect(!found.contains { $0.offset == offset }, "unexpected break at \(offset)")
        }
        #expect(found.map(\.offset) == found.map(\.offset).sorted())
    }

    /// "ภาษาไทยง่ายนิดเดียว" (19 UTF-16 units, no spaces): Thai needs ICU's dictionary. Whatever
    /// words it finds, it can never break before a following vowel SARA AA (1, 3, 9), before a
    /// combining mark (MAI EK 8, SARA I 12, SARA II 16), or after a leading vowel (ไ at 4 → 5,
    /// เ at 14 → 15); and it must not break at every character.
    @Test("line breaker: Thai breaks between dictionary words")
    func thaiDictionaryBreaks() throws {
        let text = "ภาษาไทยง่ายนิดเดียว".utf16Units
        #expect(text.count == 19)
        let found = try ChromiumLineBreaker().opportunities(in: text)
        #expect(!found.isEmpty)
        #expect(found.count <= 9, "breaks at nearly every character: \(found)")
        for forbidden in [1, 3, 5, 8, 9, 12, 15, 16] {
            #expect(!found.contains { $0.offset == forbidden }, "break inside a syllable at \(forbidden)")
        }
        #expect(found.allSatisfy { $0.kind == .other })
    }

    @Test("line breaker: the same breaker gives the same answer twice")
    func reuse() throws {
        let breaker = try ChromiumLineBreaker()
        let first = breaker.opportunities(in: "漢字です a-b".utf16Units)
        _ = breaker.opportunities(in: "ภาษาไทย".utf16Units)
        #expect(breaker.opportunities(in: "漢字です a-b".utf16Units) == first)
    }
}

@Suite("ascii break table")
struct AsciiBreakTableTests {
    struct PairCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// Three ASCII characters: the one before `last`, `last`, and `current`; the question is
        /// whether a line may break between the last two.
        var context: String
        var breaks: Bool
        var testDescription: String { name }
    }

    static let cases: [PairCase] = [
        PairCase(name: "comma before opening bracket", context: "a,(", breaks: true),
        PairCase(name: "closing bracket before opening bracket", context: "x)(", breaks: true),
        PairCase(name: "full stop before opening square bracket", context: "a.[", breaks: true),
        PairCase(name: "letter before opening bracket", context: " a(", breaks: false),
        PairCase(name: "opening bracket before letter", context: "a(b", breaks: false),
        PairCase(name: "comma before letter", context: "a,b", breaks: false),
        PairCase(name: "hyphen before letter", context: "d-l", breaks: true),
        PairCase(name: "hyphen after letter before digit", context: "D-1", breaks: true),
        PairCase(name: "hyphen after digit before digit", context: "9-1", breaks: true),
        PairCase(name: "hyphen after space before digit", context: " -5", breaks: false),
        PairCase(name: "hyphen at text start before digit", context: "\0-5", breaks: false),
        PairCase(name: "question mark before letter", context: "a?b", breaks: true),
        PairCase(name: "slash before letter", context: "r/s", breaks: false),
        PairCase(name: "plus before plus", context: "C++", breaks: false),
        PairCase(name: "letter before digit", context: "ab1", breaks: false),
    ]

    @Test("ascii break table: pairs", arguments: cases)
    func pairs(_ testCase: PairCase) {
        let units = Array(testCase.context.utf16)
        #expect(AsciiBreakTable.breaksBetween(units[0], units[1], units[2]) == testCase.breaks)
    }

    /// Beyond ASCII the table has no say (ICU decides): "a" before "漢" is not a table break.
    @Test("ascii break table: characters beyond ASCII are not decided")
    func beyondASCII() {
        #expect(!AsciiBreakTable.breaksBetween(0x20, 0x61, 0x6F22))
        #expect(!AsciiBreakTable.breaksBetween(0x20, 0x6F22, 0x28))
    }
}
