import CHarfBuzz

/// The script of the run that the text from `offset` on continues (see `scriptRuns`).
struct ScriptContext: Equatable {
    var offset: Int
    var script: hb_script_t
}

/// A run of text in one script, shaped as one HarfBuzz buffer.
struct ScriptRun: Equatable {
    var range: Range<Int>
    var script: hb_script_t
}

/// Splits UTF-16 text into script runs, as Chromium's run segmenter does before shaping:
/// characters of the Common and Inherited scripts (spaces, digits, punctuation, marks) join the
/// run around them, so a run only changes at a change of real script. `contexts` (ascending
/// offsets) say which run the text at an offset continues: words put together for the pairwise
/// lane's records (`WordRecords`) each start in the run they continue in their own paragraph, so
/// the neutral characters there join it as they would there.
func scriptRuns(of text: [UInt16], contexts: [ScriptContext] = []) -> [ScriptRun] {
    let unicode = hb_unicode_funcs_get_default(), scripts = BMPScripts.table
    func isNeutral(_ s: hb_script_t) -> Bool {
        s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
    }
    // One pass, nothing kept per character (a long paragraph's scripts would take 16 bytes each):
    // neutral characters before the first real script belong to its run.
    var runs: [ScriptRun] = []
    var current: hb_script_t?
    var start = 0
    var i = 0
    var nextContext = 0
    while i < text.count {
        if nextContext < contexts.count && contexts[nextContext].offset <= i {
            let script = contexts[nextContext].script
            if let known = current, known != script, i > start {
                runs.append(ScriptRun(range: start..<i, script: known))
                start = i
            }
            current = script
            nextContext += 1
        }
        let (codePoint, length) = decodeUTF16(text, at: i)
        let script = codePoint <= 0xFFFF ? hb_script_t(rawValue: scripts[UInt16(codePoint)])
            : hb_unicode_script(unicode, codePoint)
        if !isNeutral(script) {
            if let known = current, known != script {
                runs.append(ScriptRun(range: start..<i, script: known))
                start = i
            }
            current = script
        }
        i += length
    }
    if text.count > start || runs.isEmpty {
        runs.append(ScriptRun(range: start..<text.count, script: current ?? HB_SCRIPT_COMMON))
    }
    return runs
}

/// Each BMP code point's script, as HarfBuzz gives it, read a block at a time as text meets it:
/// script runs are found for every shaped paragraph and word records' words, a million code
/// points on 20,000 multilingual rows, where HarfBuzz's lookup took 31 instructions each.
enum BMPScripts {
    static let table = LazyCodePointTable<UInt32> { hb_unicode_script(hb_unicode_funcs_get_default(), $0).rawValue }
}

/// The code point at UTF-16 offset `i` and how many units it takes (lone surrogates decode as U+FFFD).
@inline(__always)
func decodeUTF16(_ text: [UInt16], at i: Int) -> (UInt32, Int) {
    decodeUTF16(text[i], i + 1 < text.count ? text[i + 1] : 0)
}

/// The code point that starts with `unit` (`next` following it, 0 at the text's end) and how
/// many units it takes (lone surrogates decode as U+FFFD).
@inline(__always)
func decodeUTF16(_ unit: UInt16, _ next: UInt16) -> (UInt32, Int) {
    if unit & 0xFC00 == 0xD800, next & 0xFC00 == 0xDC00 {
        let high = UInt32(unit - 0xD800), low = UInt32(next - 0xDC00)
        return (0x10000 + (high << 10) + low, 2)
    }
    if unit & 0xF800 == 0xD800 { return (0xFFFD, 1) }
    return (UInt32(unit), 1)
}
