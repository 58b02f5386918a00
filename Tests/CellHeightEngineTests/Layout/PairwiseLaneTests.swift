import CHarfBuzz
@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// The pairwise lane (advances summed over pairs, words with ligatures or characters beyond
/// ASCII from the width cache, the line breaker's lanes) must prepare exactly the numbers that
/// shaping whole paragraphs with HarfBuzz and asking ICU about breaks beyond ASCII gives, and so
/// the same line counts and heights through the one wrap loop.
@Suite("pairwise lane: the same prepared numbers as shaping", .serialized)
struct PairwiseLaneTests {
    /// Fonts of several designs and kerning styles; each must pass the pairwise check (a font that
    /// did not would only be slower, but these are the fonts users reach for).
    static let fonts = SegmentShapingTests.fonts + [
        "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
    ]

    /// Every character beyond ASCII that has a break class, in words, next to punctuation and
    /// quotes, at word edges and in words too long for a line.
    static let beyondASCIITexts: [String] = {
        let characters = ChromiumLineBreakerLaneTests.classified.map { String(decoding: [$0.unit], as: UTF16.self) }
        return stride(from: 0, to: characters.count, by: 8).flatMap { start -> [String] in
            let group = characters[start..<min(start + 8, characters.count)]
            let word = group.joined()
            return [
                group.map { "a\($0)b \($0)c d\($0)" }.joined(separator: " "),
                group.map { "(\($0)) \($0)-x x-\($0) \($0). “\($0)” it’\($0)s" }.joined(separator: " "),
                "Latin \(word) words: \(word)\(word)\(word)\(word) and \(word)’s end",
                group.map { "\($0)\($0)\($0) \($0)" }.joined(separator: "  ") + " ",
            ]
        }
    }()

    /// Texts of several paragraphs made of `lines` (see `TestTexts`).
    static func paragraphTexts(_ lines: [String]) -> [String] { TestTexts.paragraphs(lines) }

    @Test("same line counts and heights on the licenses, the oracle texts and text beyond ASCII", arguments: fonts)
    func equivalence(font: String) throws {
        let lines = try SegmentShapingTests.corpus()
        let texts = lines + Self.beyondASCIITexts + Self.paragraphTexts(lines)
        let face = try FontFace(path: font)
        let chain = FontFallbackChain.chromiumDefault(primary: face)
        var fastRows = 0, beyondASCIIRows = 0, paragraphRows = 0, differing: [String] = []
        for (size, lineHeight) in [(15.0, LineHeight.normal), (16, .normal), (13, .multiple(1.4))] {
            let fast = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight)
            let general = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight)
            general.usesSegmentCache = false
            general.usesPairwiseLane = false
            let widths = [23.0, 41, 60, 150, 240, 320.5, 333, 1000]
            for text in texts {
                let utf8 = Array(text.utf8)
                guard let lane = utf8.withUnsafeBufferPointer({ fast.preparePlainText($0) }) else { continue }
                let layouts = widths.map { fast.layout(lane, width: $0, details: false) }
                fastRows += 1
                if !text.allSatisfy(\.isASCII) { beyondASCIIRows += 1 }
                if text.contains("\n") { paragraphRows += 1 }
                let prepared = general.prepare(text)
                let expected = widths.map { general.layout(prepared, width: $0, details: false) }
                if layouts != expected { differing.append("layouts: \(text)") }
                if let field = lane.differingNumbers(from: prepared, engine: fast, otherEngine: general) { differing.append("\(field): \(text)") }
            }
        }
        print("plain text layout, \(URL(fileURLWithPath: font).lastPathComponent): \(fastRows) layouts in the lane (\(beyondASCIIRows) beyond ASCII), \(differing.count) differ")
        #expect(fastRows > 10_000, "most real prose should take the lane")
        #expect(beyondASCIIRows > 1_000, "Latin text beyond ASCII should take it too")
        #expect(paragraphRows > 1_000, "texts of several paragraphs should take it too")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    /// Catalog messages of `locales` from the installed catalogs, at most 300 a locale.
    static func catalogTexts(_ locales: [String]) -> [String] {
        var texts: [String] = []
        for locale in locales {
            let directory = "/usr/share/locale/\(locale)/LC_MESSAGES"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            var taken = 0
            for name in names where name.hasSuffix(".mo") && taken < 300 {
                let translations = gettextTranslations(atPath: directory + "/" + name) ?? []
                for text in translations.prefix(300 - taken) where !text.isEmpty {
                    texts.append(text)
                    taken += 1
                }
            }
        }
        return texts
    }

    /// Catalog messages in Greek, Cyrillic, Armenian and Georgian (with the Latin words, "%s" and
    /// numbers they hold), from the installed catalogs and the Russian GTK excerpt.
    static func alphabetTexts() throws -> [String] {
        var texts = catalogTexts(["el", "ru", "uk", "bg", "sr", "mk", "hy", "ka"])
        let po = try String(contentsOfFile: "fixtures/catalogs/gtk30.ru.po", encoding: .utf8)
        for line in po.split(separator: "\n") where line.hasPrefix("msgstr \"") && line.count > 10 {
            texts.append(String(line.dropFirst(8).dropLast()).replacingOccurrences(of: "\\n", with: "\n"))
        }
        return texts + ["Файл %s не найден", "Ελληνικά (Greek)", "Wi-Fi-сеть «дом»", "ΓΑΤΑ.txt", "Հայերեն և English",
                        "ქართული: 5 ფაილი", "%d файлов, %d κλειδιά", "NULL ТВ Γ", "Γ ТВ NULL", "file.ΑΥΤΟ", "(ТВ)"]
    }

    /// Catalog messages in Latin languages with letters beyond ASCII: Polish, Turkish, Czech,
    /// Hungarian, Romanian, Vietnamese; and sentences of ours with their letters beside
    /// capitals, ascenders, "i", "f" and punctuation.
    static func latinTexts() -> [String] {
        catalogTexts(["pl", "tr", "cs", "hu", "ro", "vi"]) + [
            "Zażółć gęślą jaźń, ĄĘĮŲ ąęįų (Łódź).", "Iğdır'da ılık bir İstanbul şişesi: ıi İI.",
            "Příliš žluťoučký kůň úpěl ďábelské ódy.", "Árvíztűrő tükörfúrógép ŐŰ őű.",
            "Știință și țară: ȘȘ țȚ.", "Tiếng Việt: Ơn trời, ưu tiên cập nhật tệp “ảnh”.",
            "fiľe: ffį ﬁł fłí Éfi", "ÉÁČŠ—l’É d’Ú «Ł» „ő” ıj.",
        ]
    }

    /// For every installed font, prepares each of `texts` in the lane and by shaping and
    /// compares the numbers, and the layouts at 1, 40, 150 and 320 px, of those with a paragraph
    /// walked pair by pair (not from word records) that `isCounted` picks (given its units and the
    /// font's characters beyond ASCII). Gives the fonts and paragraphs counted, the counted
    /// paragraphs of each text taken, and what differs.
    static func compareInInstalledFonts(
        _ texts: [String], isCounted: (ArraySlice<UInt16>, BeyondASCIICharacters) -> Bool
    ) throws -> (fonts: Int, paragraphs: Int, taken: [[ArraySlice<UInt16>]], differing: [String]) {
        var fontsTaken = 0, paragraphsTaken = 0, taken: [[ArraySlice<UInt16>]] = [], differing: [String] = []
        for font in WordRecordTests.installedFonts() {
            let (lane, shaping) = try laneAndShapingEngines(font, size: 15)
            guard let beyondASCII = PairwiseASCIIAdvances(shaper: Shaper(chain: lane.chain, fontSize: 15))?.beyondASCII
            else { continue }
            var fontTaken = false
            for text in texts {
                let utf8 = Array(text.utf8)
                guard let prepared = utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }) else { continue }
                let counted = prepared.paragraphs.filter { !$0.isFromWordRecords }
                    .map { prepared.units[$0.start..<($0.start + $0.count)] }.filter { isCounted($0, beyondASCII) }
                guard !counted.isEmpty else { continue }
                fontTaken = true
                paragraphsTaken += counted.count
                taken.append(counted)
                let expected = shaping.prepare(text)
                if let field = prepared.differingNumbers(from: expected, engine: lane, otherEngine: shaping) {
                    differing.append("\(field) in \(font): \(text)")
                    continue
                }
                for width in [1.0, 40, 150, 320] where lane.layout(prepared, width: width, details: false)
                    != shaping.layout(expected, width: width, details: false) {
                    differing.append("layout at \(width) px in \(font): \(text)")
                }
            }
            if fontTaken { fontsTaken += 1 }
        }
        return (fontsTaken, paragraphsTaken, taken, differing)
    }

    @Test("""
          Greek, Cyrillic, Armenian and Georgian take the lane in every installed font that shapes them as \
          Latin, with shaping's numbers and layouts, where their runs meet Latin ones too
          """)
    func alphabets() throws {
        let texts = try Self.alphabetTexts()
        #expect(texts.count > 500, "catalogs in these alphabets: \(texts.count)")
        let (fontsTaken, paragraphsTaken, taken, differing) = try Self.compareInInstalledFonts(texts) { units, _ in
            units.contains { $0 >= 0x370 && $0 < 0x1100 }
        }
        let mixedTaken = taken.filter { paragraphs in
            paragraphs.contains { $0.contains { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A } }
        }.count
        print("alphabets by pairs: \(fontsTaken) fonts, \(paragraphsTaken) paragraphs (\(mixedTaken) texts with Latin "
              + "runs too), \(differing.count) differ")
        #expect(fontsTaken >= 20, "the Latin, Greek and Cyrillic faces at least: \(fontsTaken)")
        #expect(mixedTaken > 100, "texts where a Latin run meets another should take the lane too: \(mixedTaken)")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    @Test("""
          DejaVu Sans takes Cyrillic, Greek, Armenian and Georgian in the lane, pair by pair (issue 26): its \
          Latin-only kerning pairs punctuation with Latin letters alone, and its Latin-only mark rules need marks
          """)
    func alphabetsBesideLatinOnlyKerning() throws {
        let (lane, shaping) = try laneAndShapingEngines(TestFonts.dejaVuSans, size: 15)
        let beyond = try #require(PairwiseASCIIAdvances(shaper: Shaper(chain: lane.chain, fontSize: 15))?.beyondASCII)
        for letter: UInt16 in [0x436, 0x42F, 0x3BB, 0x3A9, 0x561, 0x10E5] {  // ж Я λ Ω ա ქ
            #expect(beyond.value(of: letter) & BeyondASCIICharacters.otherScript != 0, "U+\(String(letter, radix: 16))")
        }
        // Catalog lines with the punctuation the Latin-only kerning starts at, walked pair by pair;
        // that punctuation beside each alphabet's letters and Latin ones (a hyphen starting a word
        // is left to the breaker, and such a text to word records).
        let walked = ["Файл «отчёт.txt» не найден: 3 ошибки - повторите.", "Αρχείο: «έγγραφο» - 5 σελίδες.",
                      "Ընդունում է PDF: 2 ֆայլ.", "ქვემო კალიფორნია (ჩრდილოეთი): 3 ფაილი."]
        for text in walked + ["-Ж -Λ .Ж :Λ «Ж» «Λ»", "Сеть Wi-Fi «дом»: -A -Б"] {
            let prepared = try #require(Array(text.utf8).withUnsafeBufferPointer { lane.preparePlainText($0) })
            if walked.contains(text) {
                #expect(prepared.paragraphs.allSatisfy { !$0.isFromWordRecords }, "walked pair by pair: \(text)")
            }
            let expected = shaping.prepare(text)
            #expect(prepared.differingNumbers(from: expected, engine: lane, otherEngine: shaping) == nil, "\(text)")
            for width in [1.0, 40, 150, 320] {
                #expect(lane.layout(prepared, width: width) == shaping.layout(expected, width: width), "\(text)")
            }
        }
    }

    @Test("""
          no-break spaces, low quotation marks, ellipses, dashes and the multiplication sign take the lane in every \
          installed font that takes them (issue 26), with shaping's numbers and layouts
          """)
    func punctuationBeyondASCII() throws {
        // French, German, Spanish, Portuguese and Italian catalogs, and sentences of ours with
        // each mark beside letters, digits, ASCII punctuation and each other.
        let texts = Self.catalogTexts(["fr", "de", "es", "pt", "it"]) + [
            "Fichier\u{A0}: «\u{A0}rapport\u{A0}» — 12\u{A0}000\u{A0}octets…", "„Hallo“ – ‚Welt‘ (3×4) · 5\u{202F}%",
            "Öffnen…|„Datei“—Ende–Anfang…„x“", "1920×1080 px · 50\u{A0}Hz — ok…?", "a–b—c…d×e·f\u{A0}g„h“i",
            "(„…“) [–] {—} ×× ··· \u{A0}\u{A0}x", "Seite\u{A0}1/3 — „Kapitel\u{A0}2“: …und so weiter.",
        ]
        let marks: Set<UInt16> = [0xA0, 0x202F, 0x201E, 0x201A, 0x2026, 0x2014, 0x2013, 0xD7, 0xB7]
        let (fontsTaken, paragraphsTaken, _, differing) = try Self.compareInInstalledFonts(texts) { units, beyond in
            units.contains { marks.contains($0) && beyond.value(of: $0) != 0 }
        }
        print("punctuation beyond ASCII in the lane: \(fontsTaken) fonts, \(paragraphsTaken) paragraphs, "
              + "\(differing.count) differ")
        #expect(fontsTaken >= 20, "the Latin faces at least: \(fontsTaken)")
        #expect(paragraphsTaken > 2_000, "\(paragraphsTaken)")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    @Test("""
          Polish, Turkish, Czech, Hungarian, Romanian and Vietnamese walk their letters beyond ASCII pair by pair in \
          every installed font that takes them so (issue 26), with shaping's numbers and layouts
          """)
    func latinBeyondASCII() throws {
        let texts = Self.latinTexts()
        #expect(texts.count > 1_500, "catalogs in these languages: \(texts.count)")
        let (fontsTaken, paragraphsTaken, _, differing) = try Self.compareInInstalledFonts(texts) { units, beyond in
            units.contains { $0 >= 0x80 && beyond.value(of: $0) & BeyondASCIICharacters.pairwise != 0 }
        }
        print("Latin beyond ASCII by pairs: \(fontsTaken) fonts, \(paragraphsTaken) paragraphs, "
              + "\(differing.count) differ")
        #expect(fontsTaken >= 20, "the Latin faces at least: \(fontsTaken)")
        #expect(paragraphsTaken > 20_000, "\(paragraphsTaken)")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    /// Fonts whose `DFLT` and `latn` scripts list the same lookups for Chromium's features (Noto
    /// Sans, DejaVu Serif) and one whose `DFLT` lacks the kerning (DejaVu Sans: 1 GPOS lookup
    /// against 5), as `hb_ot_shape_plan_collect_lookups` lists them.
    static let commonAsLatinFonts: [(String, Bool)] = [
        (TestFonts.dejaVuSans, false),
        ("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", true),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", true),
    ]

    @Test("""
          empty paragraphs take the lane, and paragraphs without a letter: pair by pair where the font shapes Common \
          text as Latin, else from word records
          """, arguments: commonAsLatinFonts)
    func paragraphsWithoutLetters(font: String, shapesCommonAsLatin: Bool) throws {
        let face = try FontFace(path: font)
        face.setSize(14)
        #expect(shapesCommonTextAsLatin(hb_font_get_face(face.hbFont)) == shapesCommonAsLatin)
        let chain = FontFallbackChain.chromiumDefault(primary: face)
        let lane = try TextLayoutEngine(chain: chain, fontSize: 14, lineHeight: .normal)
        let shaping = try TextLayoutEngine(chain: chain, fontSize: 14, lineHeight: .normal)
        shaping.usesPairwiseLane = false
        shaping.usesSegmentCache = false
        let empty = ["Two\n\nblank", "\n", "\nLeading", "a\n\n\nb\n"]
        let letterless = ["1.", "--- 42 ---", "(1) 2/3 = 0.66, 50 %", "Step 1:\n10 + 20 = 30\n\n#!",
                          "“12”, ‘34’ © 2024"]
        for text in empty + letterless + ["7-8 9–10"] {
            let utf8 = Array(text.utf8)
            let taken = utf8.withUnsafeBufferPointer { lane.preparePlainText($0) }
            // Word records refuse "©" (it may start an emoji): in a font that does not shape Common
            // text as Latin, its letterless paragraph is shaped.
            let refused = text.utf16.contains {
                $0 != 0x0A && $0 < 0xD800 && WordCharacters.flags[$0] & WordCharacters.refused != 0
            }
            #expect((taken != nil) == (shapesCommonAsLatin || !refused || !letterless.contains(text)), "\(text)")
            guard let prepared = taken else { continue }
            for p in prepared.paragraphs where empty.contains(text) || letterless.contains(text) {
                let hasLetter = prepared.units[p.start..<(p.start + p.count)].contains {
                    $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A
                }
                let byPairs = hasLetter || shapesCommonAsLatin || p.count == 0
                #expect(p.isFromWordRecords == !byPairs, "\(text): from word records: \(p.isFromWordRecords)")
            }
            let expected = shaping.prepare(text)
            #expect(prepared.differingNumbers(from: expected, engine: lane, otherEngine: shaping) == nil, "\(text)")
            for width in [5.0, 20, 41, 320] {
                let layout = lane.layout(prepared, width: width, details: false)
                #expect(layout == shaping.layout(expected, width: width, details: false), "\(text) at \(width) px")
            }
        }
    }

    @Test("paragraphs longer than the lane's numbers window: words across its edge, and the last word, walked alike",
          arguments: [TestFonts.dejaVuSans, "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"])
    func longParagraphs(font: String) throws {
        // The lane walks a word in one pass only inside the numbers it holds (4096 offsets and
        // more, moved a stretch at a time); a word across the edge, and a paragraph's last word
        // (its pair with the paragraph's end), are walked word by word. Prose joined into
        // paragraphs of 5k to 40k units puts words across the edge at every phase.
        let lines = try SegmentShapingTests.corpus().filter { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } }
        let chain = FontFallbackChain.chromiumDefault(primary: try FontFace(path: font))
        let fast = try TextLayoutEngine(chain: chain, fontSize: 14, lineHeight: .normal)
        let general = try TextLayoutEngine(chain: chain, fontSize: 14, lineHeight: .normal)
        general.usesSegmentCache = false
        general.usesPairwiseLane = false
        var texts: [String] = []
        var start = 0
        for (n, length) in [5_000, 9_000, 17_000, 40_000].enumerated() {
            var text = ""
            while text.utf16.count < length {
                text += lines[start % lines.count] + (n % 2 == 0 ? " " : "  ")
                start += 1
            }
            texts.append(text + "end-of-text.")
            texts.append(text + "\n" + text.dropLast(3) + "fi")
        }
        var differing: [String] = []
        for text in texts {
            let utf8 = Array(text.utf8)
            let lane = try #require(utf8.withUnsafeBufferPointer { fast.preparePlainText($0) })
            let prepared = general.prepare(text)
            if let field = lane.differingNumbers(from: prepared, engine: fast, otherEngine: general) {
                differing.append("\(field) in a text of \(text.utf16.count) units")
            }
            for width in [9.0, 77, 320] where fast.layout(lane, width: width) != general.layout(prepared, width: width) {
                differing.append("lines at \(width) px in a text of \(text.utf16.count) units")
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    /// Lays `text` out in the lane (nil when it does not take it) and by shaping.
    static func bothWays(_ text: String, font: String = TestFonts.dejaVuSans, size: Double = 16,
                         widths: [Double]) throws -> (fast: [TextLayout]?, general: [TextLayout]) {
        let fast = try TestFonts.engine(font, size: size), general = try TestFonts.engine(font, size: size)
        general.usesSegmentCache = false
        general.usesPairwiseLane = false
        let utf8 = Array(text.utf8)
        let lane = utf8.withUnsafeBufferPointer { fast.preparePlainText($0) }
        let prepared = general.prepare(text)
        return (lane.map { lane in widths.map { fast.layout(lane, width: $0, details: false) } },
                widths.map { general.layout(prepared, width: $0, details: false) })
    }

    @Test("a word cut inside a ligature takes the letters' own widths on both sides, as Chromium does")
    func cutInsideLigature() throws {
        // DejaVu Sans joins "fl" and "fi"; at these widths the words must be cut, some cuts
        // falling between the two letters of a ligature.
        for text in ["conflicts", "fluffiness flawless", "officially affiliated"] {
            let widths = (14...60).map(Double.init)
            let (fast, general) = try Self.bothWays(text, widths: widths)
            #expect(fast != nil, "\(text) should take the lane")
            #expect(fast == general, "\(text)")
        }
    }

    @Test("one set of tables per font and size, shared by every engine")
    func sharedTables() throws {
        func tables(_ font: String, _ size: Double) throws -> PlainShapingTables? {
            let engine = try TestFonts.engine(font, size: size)
            return PairwiseASCIIAdvances(shaper: Shaper(chain: engine.chain, fontSize: size))?.tables
        }
        let first = try #require(try tables(TestFonts.dejaVuSans, 16))
        #expect(try tables(TestFonts.dejaVuSans, 16) === first)
        #expect(try tables(TestFonts.dejaVuSans, 17) !== first)
        #expect(try tables(Self.fonts[2], 16) !== first)
    }

    @Test("engines on several threads at once give the shaping preparer's answers")
    func concurrentEngines() throws {
        let texts = Array(try SegmentShapingTests.corpus().prefix(3000))
        let widths = [60.0, 320]
        let expected = try texts.map { try Self.bothWays($0, size: 15, widths: widths).general }
        let results = UnsafeMutableBufferPointer<[TextLayout]?>.allocate(capacity: texts.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 4) { job in
            guard let engine = try? TestFonts.engine(TestFonts.dejaVuSans, size: 15) else { return }
            for k in stride(from: job, to: texts.count, by: 4) {
                let utf8 = Array(texts[k].utf8)
                let lane = utf8.withUnsafeBufferPointer { engine.preparePlainText($0) }
                results[k] = lane.map { lane in widths.map { engine.layout(lane, width: $0, details: false) } } ?? expected[k]
            }
        }
        #expect(zip(results, expected).allSatisfy { $0 == $1 })
    }
}
