import CHarfBuzz

/// A run of text in one script, shaped as one HarfBuzz buffer.
struct ScriptRun: Equatable {
    var range: Range<Int>
    var script: hb_script_t
}

/// Splits UTF-16 text into script runs, as Chromium's run segmenter does before shaping:
/// characters of the Common and Inherited scripts (spaces, digits, punctuation, marks) join the
/// run around them, so a run only changes at a change of real script.
func scriptRuns(of text: [UInt16]) -> [ScriptRun] {
    let unicode = hb_unicode_funcs_get_default()
    var scripts: [(offset: Int, script: hb_script_t)] = []
    var i = 0
    while i < text.count {
        let (codePoint, length) = decodeUTF16(text, at: i)
        scripts.append((i, hb_unicode_script(unicode, codePoint)))
        i += length
    }
    func isNeutral(_ s: hb_script_t) -> Bool {
        s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
    }
    let firstReal = scripts.first(where: { !isNeutral($0.script) })?.script ?? HB_SCRIPT_COMMON
    var runs: [ScriptRun] = []
    var current = firstReal
    var start = 0
    for (offset, script) in scripts {
        let resolved = isNeutral(script) ? current : script
        if resolved != current {
            if offset > start { runs.append(ScriptRun(range: start..<offset, script: current)) }
            start = offset
            current = resolved
        }
    }
    if text.count > start || runs.isEmpty {
        runs.append(ScriptRun(range: start..<text.count, script: current))
    }
    return runs
}

/// The code point at UTF-16 offset `i` and how many units it takes (lone surrogates decode as U+FFFD).
@inline(__always)
func decodeUTF16(_ text: [UInt16], at i: Int) -> (UInt32, Int) {
    let unit = text[i]
    if unit & 0xFC00 == 0xD800, i + 1 < text.count, text[i + 1] & 0xFC00 == 0xDC00 {
        let high = UInt32(unit - 0xD800), low = UInt32(text[i + 1] - 0xDC00)
        return (0x10000 + (high << 10) + low, 2)
    }
    if unit & 0xF800 == 0xD800 { return (0xFFFD, 1) }
    return (UInt32(unit), 1)
}
