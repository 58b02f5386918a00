@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// A prepared text keeps x only at break opportunities (`PreparedBreak`); numbers per offset are
/// kept by shaped texts and worked out again by the pairwise lane for the words an emergency
/// break cuts. Long texts, laid out at widths that cut words (through ligatures, hyphens and runs
/// of spaces) many times per paragraph, must come out line for line as with the numbers kept.
@Suite("long texts: x kept at breaks only, numbers per offset worked out again", .serialized)
struct LongTextTests {
    static let widths = [3.0, 17, 41, 60, 150, 320.5, 1000]

    /// Paragraphs of tens of thousands of characters that the pairwise lane takes. (Not lines with
    /// tabs: their paragraphs come from word records, which take no word of 20,000 characters.)
    static func laneTexts(_ engine: TextLayoutEngine) throws -> [String] {
        let lines = try SegmentShapingTests.corpus().filter { line in
            !line.contains("\t") && Array(line.utf8).withUnsafeBufferPointer { engine.preparePlainText($0) } != nil
        }
        var prose = "", paragraphs = ""
        for line in lines where prose.utf16.count < 60_000 { prose += line + " " }
        for line in lines.dropFirst(500) where paragraphs.utf16.count < 60_000 { paragraphs += line + "\n" }
        // One word of 20,000 characters: ligatures (fi, ffl, fl), hyphens and slashes that break
        // inside it, a digit after a hyphen, characters beyond ASCII.
        let word = String(repeating: "officially-affluent/flight-12café’s", count: 580)
        let spaces = (1...200).map { "w\(String(repeating: " ", count: $0))" }.joined()
        return [prose, paragraphs, word, "Long " + word + " word, then prose: " + prose, spaces]
    }

    @Test("the pairwise lane lays out long texts line for line as shaping does, and keeps the same numbers",
          arguments: [TestFonts.dejaVuSans, TestFonts.liberationSerif, TestFonts.notoSans])
    func laneAgainstShaping(font: String) throws {
        let lane = try TestFonts.engine(font, size: 16), shaping = try TestFonts.engine(font, size: 16)
        shaping.usesPairwiseLane = false
        shaping.usesSegmentCache = false
        var cutLines = 0
        for text in try Self.laneTexts(lane) {
            let utf8 = Array(text.utf8)
            let fast = try #require(utf8.withUnsafeBufferPointer { lane.preparePlainText($0) },
                                    "the lane should take \(text.prefix(40))")
            let shaped = shaping.prepare(text)
            #expect(fast.shapedNumbers.isEmpty, "the lane keeps no numbers per offset")
            #expect(!shaped.shapedNumbers.isEmpty, "shaping keeps them in small form")
            for width in Self.widths {
                let expected = shaping.layout(shaped, width: width)
                let found = lane.layout(fast, width: width)
                #expect(found == expected, "\(text.prefix(40)) at \(width)")
                #expect(lane.layout(fast, width: width, details: false)
                    == TextLayout(width: width, lineCount: expected.lineCount, height: expected.height))
                cutLines += zip(found.lines, found.lines.dropFirst()).filter { line, next in
                    line.text.last.map { !$0.isWhitespace && $0 != "-" && $0 != "/" } ?? false
                        && next.text.first.map { !$0.isWhitespace } ?? false
                }.count
            }
            let field = fast.differingNumbers(from: shaped, engine: lane, otherEngine: shaping)
            #expect(field == nil, "\(field ?? ""): \(text.prefix(40))")
        }
        #expect(cutLines > 10_000, "words should be cut inside at the narrow widths")
    }

    /// Texts only shaping takes: tabs, soft hyphens, fallback fonts (CJK, Arabic, emoji),
    /// ideographic spaces, in long paragraphs.
    static let shapedTexts: [String] = {
        let pieces = ["tab\tstops\t\there", "soft\u{AD}hy\u{AD}phen\u{AD}ated words", "日本語の文章「括弧」と、句読点。",
                      "العربية نص", "emoji ☕ and ✌️ here", "ди\u{3000}\u{3000}ид", "Cafe\u{301} — dash – dash",
                      "conflicts officially", "Норт-Ланаркшир"]
        let paragraph = (0..<400).map { pieces[$0 % pieces.count] }.joined(separator: " ")
        return [paragraph, (0..<60).map { pieces[$0 % pieces.count] + " " + pieces[($0 * 7) % pieces.count] }.joined(separator: "\n")]
    }()

    @Test("a long shaped text lays out as its paragraphs laid out one by one")
    func shapedParagraphs() throws {
        let engine = try TestFonts.engine(TestFonts.dejaVuSans, size: 16)
        for text in Self.shapedTexts {
            let prepared = engine.prepare(text)
            #expect(!prepared.shapedNumbers.isEmpty)
            let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for width in Self.widths {
                let whole = engine.layout(prepared, width: width)
                var lines: [LineBox] = []
                var start = 0
                for (n, paragraph) in paragraphs.enumerated() {
                    let last = n == paragraphs.count - 1
                    for var line in engine.layout(engine.prepare(last ? paragraph : paragraph + "\n"), width: width).lines {
                        line.range = (line.range.lowerBound + start)..<(line.range.upperBound + start)
                        lines.append(line)
                    }
                    start += paragraph.utf16.count + 1
                }
                #expect(whole.lines == lines, "at \(width)")
                #expect(whole.lineCount >= paragraphs.count)
            }
        }
    }

    @Test("a long paragraph shaped in pieces of a few script runs gives the numbers and lines of shaping it whole",
          arguments: [TestFonts.dejaVuSans, TestFonts.notoSans])
    func shapedInPieces(font: String) throws {
        let whole = try TestFonts.engine(font, size: 16), pieces = try TestFonts.engine(font, size: 16)
        whole.shapingPieceUnits = .max
        pieces.shapingPieceUnits = 7
        // Script runs change every few words (Latin, Japanese, Arabic, Cyrillic, emoji): pieces of
        // one or two runs, with a line-end adjustment or a kerning pair near their edges.
        let texts = Self.shapedTexts + [(0..<300).map { n in
            ["Tout «a» va", "日本語「括弧」。", "العربية", "ёлка", "AV To", "☕✌️", "ﬁne"][n % 7]
        }.joined(separator: " ")]
        Self.expectSamePreparation(of: texts, by: pieces, as: whole)
    }

    /// Every text prepared by `engine` holds the numbers `reference` gives it, and lays out line
    /// for line as it at every width of `widths`.
    static func expectSamePreparation(of texts: [String], by engine: TextLayoutEngine, as reference: TextLayoutEngine) {
        for text in texts {
            let expected = reference.prepare(text), found = engine.prepare(text)
            let field = found.differingNumbers(from: expected, engine: engine, otherEngine: reference)
            #expect(field == nil, "\(field ?? ""): \(text.prefix(30))")
            for width in widths {
                #expect(engine.layout(found, width: width) == reference.layout(expected, width: width),
                        "\(text.prefix(30)) at \(width)")
            }
        }
    }

    @Test("a long run shaped in windows cut where HarfBuzz says it is safe gives the numbers and lines of shaping it whole",
          arguments: [TestFonts.dejaVuSans, TestFonts.notoSans])
    func shapedInWindows(font: String) throws {
        let whole = try TestFonts.engine(font, size: 16), windows = try TestFonts.engine(font, size: 16)
        whole.shapingWindow = (units: 1 << 40, margin: 0)
        windows.shapingWindow = (units: 48, margin: 8)
        // Long runs of one script each: kerning and ligatures (Latin), joining right to left
        // (Arabic), marks and conjuncts (Devanagari, Thai), fullwidth punctuation that a CJK font
        // collapses, combining accents, and a fallback font taking over mid-run.
        let runs = [
            String(repeating: "AVATAR To Ty officially ﬁne café naïve Wo Yo. ", count: 40),
            String(repeating: "العربية نص طويل جدا، مع كلمات متصلة ", count: 40),
            String(repeating: "हिन्दी में लिखा गया वाक्य क्षत्रिय ", count: 40),
            String(repeating: "ภาษาไทยไม่มีช่องว่างระหว่างคำ ", count: 40),
            String(repeating: "日本語の文章「括弧」と、句読点。（全角）", count: 40),
            String(repeating: "Cafe\u{301} e\u{301}\u{302}\u{323} ", count: 60),
        ]
        Self.expectSamePreparation(of: runs + Self.shapedTexts, by: windows, as: whole)
    }

    @Test("in long shaped paragraphs (tabs, a word beyond ASCII cut on every line), each line laid out alone is that line",
          arguments: [17.0, 50, 160])
    func linesAlone(width: Double) throws {
        let engine = try TestFonts.engine(TestFonts.dejaVuSans, size: 16)
        // Over 4096 units each: the numbers per offset the wrap loop writes out for a line or a
        // cut come a stretch at a time, and are written out again further on.
        for text in [String(repeating: "word\tтаб\t", count: 1500), String(repeating: "ééжж", count: 3000),
                     String(repeating: "ab\tcd ééжжééжж\t\t", count: 700)] {
            let layout = engine.layout(engine.prepare(text), width: width)
            #expect(layout.lineCount > 10)
            for line in layout.lines {
                let alone = engine.layout(engine.prepare(line.text), width: width)
                #expect(alone.lineCount == 1 && alone.lines.first?.width == line.width,
                        "\(line.text.prefix(20)) at \(width): \(alone.lines.map(\.width)) against \(line.width)")
            }
        }
    }
}
