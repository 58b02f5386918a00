import CHarfBuzz
@testable import CellHeightEngine
import Testing

/// Script runs as Chromium's run segmenter finds them, from the scripts HarfBuzz gives each
/// character (read through `BMPScripts`' table, filled a block at a time).
@Suite("script runs: where the script changes")
struct ScriptRunsTests {
    @Test("the table gives every BMP code point HarfBuzz's own script, whichever block is read first")
    func tableIsHarfBuzz() {
        let unicode = hb_unicode_funcs_get_default()
        var differing: [String] = []
        // Blocks read out of order: the last first, then every other one, then the rest.
        let order = [0xFF00] + stride(from: 0, to: 0x10000, by: 0x200).map { $0 }
            + stride(from: 0x100, to: 0x10000, by: 0x200).map { $0 }
        for block in order {
            for value in block..<block + 0x100 {
                let expected = hb_unicode_script(unicode, UInt32(value)).rawValue
                if BMPScripts.table[UInt16(value)] != expected { differing.append(String(value, radix: 16)) }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(10))")
        #expect(BMPScripts.table[0x0915] == HB_SCRIPT_DEVANAGARI.rawValue, "क")
        #expect(BMPScripts.table[0x0020] == HB_SCRIPT_COMMON.rawValue, "space")
    }

    @Test("neutral characters join the run around them; a change of real script starts a run")
    func runs() {
        // "Ok, नमस्ते 1 мир!" : Latin, then Devanagari from न (the space and comma stay Latin), then
        // Cyrillic from м (the digit and spaces stay Devanagari).
        let text = Array("Ok, नमस्ते 1 мир!".utf16)
        let runs = scriptRuns(of: text)
        let devanagari = text.firstIndex(of: 0x0928)!, cyrillic = text.firstIndex(of: 0x043C)!
        #expect(runs == [ScriptRun(range: 0..<devanagari, script: HB_SCRIPT_LATIN),
                         ScriptRun(range: devanagari..<cyrillic, script: HB_SCRIPT_DEVANAGARI),
                         ScriptRun(range: cyrillic..<text.count, script: HB_SCRIPT_CYRILLIC)])
        // A character beyond the BMP (𝐀, Common) and an emoji join the run too.
        let beyond = Array("a𝐀b😀".utf16)
        #expect(scriptRuns(of: beyond) == [ScriptRun(range: 0..<beyond.count, script: HB_SCRIPT_LATIN)])
    }
}
