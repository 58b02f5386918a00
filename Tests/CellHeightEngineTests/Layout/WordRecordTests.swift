@testable import CellHeightEngine
import CHarfBuzz
import Foundation
import Testing
import CellHeightTestSupport

/// Paragraphs the pairwise lane puts together from word records (`WordRecords`) must hold exactly
/// the numbers that shaping them whole with the fallback chain and asking ICU gives: every
/// advance, cut, line-end adjustment, break opportunity and font, for real text of every script
/// the oracle and the catalogs hold, in the fonts users reach for.
@Suite("word records: the same prepared numbers as shaping", .serialized)
struct WordRecordTests {
    static let fonts = [
        TestFonts.dejaVuSans, TestFonts.dejaVuSerif, TestFonts.notoSans, TestFonts.liberationSans,
        TestFonts.liberationSerif,
        "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
    ]

    /// Real text of many scripts: the oracle's texts (each once) and the translations of the GTK
    /// catalog excerpts (Arabic, German, Japanese, Polish, Russian), with texts of two and three
    /// of them as paragraphs, and each text again (its words then come from records made before).
    static func texts() throws -> [String] {
        var texts = try OracleCase.loadPublic().map(\.text) + OracleCase.load("fixtures/public-gen.jsonl").map(\.text)
        for language in ["ar", "de", "ja", "pl", "ru"] {
            let po = try String(contentsOfFile: "fixtures/catalogs/gtk30.\(language).po", encoding: .utf8)
            for line in po.split(separator: "\n") where line.hasPrefix("msgstr \"") && line.count > 10 {
                texts.append(String(line.dropFirst(8).dropLast()).replacingOccurrences(of: "\\n", with: "\n"))
            }
        }
        let paragraphs = stride(from: 0, to: texts.count - 2, by: 3).map { (start: Int) -> String in
            [texts[start], texts[start + 1], "", texts[start + 2]].joined(separator: "\n")
        }
        return texts + paragraphs + texts + beyondBMP + beyondBMP + asciiBesideOtherScripts
    }

    /// Text with characters beyond the BMP (surrogate pairs), written for these tests: Shavian,
    /// Deseret, Osage, Adlam, Gothic, Old Italic, Brahmi and Kaithi words, mathematical
    /// alphanumerics, CJK Extension B ideographs, mixed with Latin, Arabic, Cyrillic and
    /// punctuation; and with emoji and words no record may stand for (a mark first, a prepended
    /// character last), which the lane leaves to shaping.
    static let beyondBMP = [
        "𐑞 𐑒𐑢𐑦𐑒 𐑚𐑮𐑬𐑯 𐑓𐑪𐑒𐑕 𐑡𐑳𐑥𐑐𐑕 𐑴𐑝𐑼 𐑞 𐑤𐑱𐑟𐑦 𐑛𐑪𐑜.",
        "𐑴𐑐𐑩𐑯 ·𐑓𐑲𐑤… 𐑒𐑨𐑯𐑕𐑩𐑤 / 𐑴𐑒𐑱 (𐑕𐑱𐑝 𐑨𐑟)",
        "Open file / 𐑴𐑐𐑩𐑯 𐑓𐑲𐑤: \"𐑮𐑰𐑛𐑥𐑰.txt\" 𐑣𐑨𐑟 𐑚𐑰𐑯 𐑕𐑱𐑝𐑛, 12 𐑦𐑑𐑩𐑥𐑟",
        "%s 𐑦𐑟 𐑯𐑪𐑑 𐑩 𐑝𐑨𐑤𐑦𐑛 ·𐑿𐑯𐑦𐑒𐑴𐑛 𐑕𐑑𐑮𐑦𐑙-𐑕𐑦𐑒𐑢𐑧𐑯𐑕\n𐑑𐑮𐑲 𐑩𐑜𐑱𐑯",
        "𐐜 𐐶𐐲𐑉𐐼 𐐸𐐲𐑆 𐐿𐐲𐑋 𐐻𐐭 𐐷𐐭𐐻𐐪 𐐰𐑌𐐼 𐐸𐐨𐑉.",
        "𐓏𐓘𐓻𐓘𐓻𐓟 𐒻𐓟 𐓀𐓘𐓸𐓣 𐓂𐓏𐓟, 𐒼𐓂𐓊𐓒𐓟!",
        "𞤀𞤣𞤤𞤢𞤥 𞤫𞤼𞤫 𞤥𞤢𞤲𞤣𞤭 𞤆𞤵𞤤𞤢𞤪 𞤢𞤤𞤵𞤬𞤢 𞤁𞤢𞥄𞤤𞤭.",
        "𐌰𐍄𐍄𐌰 𐌿𐌽𐍃𐌰𐍂 𐌸𐌿 𐌹𐌽 𐌷𐌹𐌼𐌹𐌽𐌰𐌼, 𐍅𐌴𐌹𐌷𐌽𐌰𐌹 𐌽𐌰𐌼𐍉 𐌸𐌴𐌹𐌽",
        "𐌀𐌁𐌂 𐌃𐌄𐌅 𐌆𐌇𐌈 𐌉𐌊𐌋𐌌 𐌍𐌏𐌐",
        "𑀅𑀲𑁄𑀓 𑀥𑀁𑀫𑀮𑀺𑀧𑀺 𑀤𑁂𑀯𑀸𑀦𑀁𑀧𑀺𑀬",
        "Let 𝐀𝐁 = 𝐂 and 𝑥 + 𝑦 ≤ 𝟐 for every 𝔽 in 𝒜; (𝐀𝐁)ᵀ = 𝐁ᵀ𝐀ᵀ.",
        "𝐁𝐨𝐥𝐝 𝐭𝐞𝐱𝐭 and 𝘪𝘵𝘢𝘭𝘪𝘤 𝘵𝘦𝘹𝘵 in a catalog",
        "𠀀𠀁 是 𠮷野家 的 𩸽 和 𡈽，𠜎𠜱𠝹𠱓 (𪚥)",
        "打开 𠮷 文件：𩸽、𠀋 和 𡚸。",
        "افتح الملف 𞤀𞤣𞤤𞤢𞤥 ok، 𐑴𐑐𐑩𐑯 ١٢",
        "Открыть 𐑴𐑐𐑩𐑯 файл 𐐜 𐐶𐐲𐑉𐐼 «𐑓𐑲𐑤»",
        "𐑖𐑱𐑝𐑾𐑯 👍 𐑛𐑳𐑯", "🇩🇪 𐑛𐑶𐑗 𐑤𐑨𐑙𐑜𐑢𐑦𐑡", "𐑣𐑧𐑤𐑴 ❤️ 𐑢𐑻𐑤𐑛", "𐑣𐑧𐑤𐑴 😀",
        "𐑣 𞥄𞤤 𐑛", "𑂍𑂰𑂽 𑂍𑂰", "𑂍𑂰 𑂽𑂍 ok",
    ]

    @Test("same numbers and layouts as shaping, word by word, on real text of every script", arguments: fonts)
    func equivalence(font: String) throws {
        let texts = try Self.texts()
        let face = try FontFace(path: font)
        let chain = FontFallbackChain.chromiumDefault(primary: face)
        var fromRecords = 0, beyondBMP = 0, fromPairTables = 0, differing: [String] = []
        for (size, lineHeight) in [(14.0, LineHeight.normal), (17, .multiple(1.3))] {
            let lane = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight)
            let shaping = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight)
            shaping.usesPairwiseLane = false
            shaping.usesSegmentCache = false
            for text in texts {
                let utf8 = Array(text.utf8)
                guard let prepared = utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }),
                      prepared.paragraphs.contains(where: \.isFromWordRecords) else { continue }
                fromRecords += 1
                if text.unicodeScalars.contains(where: { $0.value > 0xFFFF }) { beyondBMP += 1 }
                let expected = shaping.prepare(text)
                if let field = prepared.differingLayoutsOrNumbers(from: expected, engine: lane, otherEngine: shaping) {
                    differing.append("\(field): \(text)")
                }
            }
            fromPairTables += lane.wordRecordsFromPairTables
        }
        let name = URL(fileURLWithPath: font).lastPathComponent
        print("word records, \(name): \(fromRecords) texts (\(beyondBMP) beyond the BMP), \(differing.count) differ; "
              + "\(fromPairTables) records of ASCII words made from the pair tables")
        #expect(fromPairTables > 100, "ASCII words beside other scripts should be made from the pair tables")
        #expect(fromRecords > 1_000, "real text beyond the pair tables should take the word records")
        #expect(beyondBMP >= 2 * 2 * 10, "text beyond the BMP should take the word records: \(beyondBMP)")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    /// Rows of other scripts holding words of printable ASCII, written for this test: kerned
    /// capitals ("AVATAR", "To", "WAVE"), hyphens, apostrophes, digits, brackets, a ligature's
    /// letters ("office", which shaping takes), beside Cyrillic, Arabic, Hebrew, Greek and CJK.
    static let asciiBesideOtherScripts = [
        "Файл AVATAR.png открыт: To WAVE, (PNG) e.g. x86_64 don't",
        "ملف To-Do: WAVE, (PNG) e.g. x86_64 don't Yes AT&T",
        "קובץ Tiff VAT LTA Wolf Type Yoga 'Quoted' \"double\" office",
        "Αρχείο PDF/A-1b Kerning: AV Ta Te Yo LT P. F. \"Ω\" flux",
        "打开 AVATAR 文件 To WAVE 和 PNG-24 Tokyo",
        "Сохранить как... Vault, Table, Tyre, Lower-Case, Fw: Re: [Ww]",
    ]

    /// Every font file of fonts-noto-core, fonts-noto-cjk, DejaVu and Liberation installed.
    static func installedFonts() -> [String] {
        let directories = ["/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto",
                           "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation2"]
        return directories.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
                .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".ttc") || $0.hasSuffix(".otf") }
                .map { directory + "/" + $0 }
        }
    }

    @Test("same numbers as shaping in every installed font the lane takes, on a sample of every script")
    func acrossInstalledFonts() throws {
        let all = try Self.texts()
        let sample = stride(from: 0, to: all.count, by: 7).map { all[$0] } + Self.beyondBMP
        var fontsTaken = 0, texts = 0, beyondBMP = 0, differing: [String] = []
        for font in Self.installedFonts() {
            let face = try FontFace(path: font)
            let chain = FontFallbackChain.chromiumDefault(primary: face)
            let lane = try TextLayoutEngine(chain: chain, fontSize: 15, lineHeight: .normal)
            let shaping = try TextLayoutEngine(chain: chain, fontSize: 15, lineHeight: .normal)
            shaping.usesPairwiseLane = false
            var taken = false
            for text in sample {
                let utf8 = Array(text.utf8)
                guard let prepared = utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }),
                      prepared.paragraphs.contains(where: \.isFromWordRecords) else { continue }
                taken = true
                texts += 1
                if text.unicodeScalars.contains(where: { $0.value > 0xFFFF }) { beyondBMP += 1 }
                let expected = shaping.prepare(text)
                if let field = prepared.differingNumbers(from: expected, engine: lane, otherEngine: shaping) {
                    differing.append("\(field) in \(font): \(text)")
                }
            }
            if taken { fontsTaken += 1 }
        }
        print("word records in installed fonts: \(fontsTaken) fonts, \(texts) texts (\(beyondBMP) beyond the BMP), "
              + "\(differing.count) differ")
        #expect(beyondBMP >= 10 * fontsTaken, "text beyond the BMP should take the word records: \(beyondBMP)")
        #expect(fontsTaken >= 30, "the Latin, Greek and Cyrillic faces at least take the lane: \(fontsTaken)")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    /// The texts with tabs among their spaces: every third space a tab, every fifth a space and a
    /// tab, a tab at the start of every fourth paragraph and at the end of every seventh.
    static func textsWithTabs() throws -> [String] {
        try texts().enumerated().map { n, text in
            var spaces = 0
            var tabbed = String(text.map { character -> String in
                guard character == " " else { return String(character) }
                spaces += 1
                return spaces % 3 == 0 ? "\t" : spaces % 5 == 0 ? " \t" : " "
            }.joined())
            if n % 4 == 0 { tabbed = "\t" + tabbed }
            if n % 7 == 0 { tabbed += "\t" }
            return tabbed
        }
    }

    @Test("paragraphs with tabs: the same numbers and layouts as shaping, the tabs' widths where they fall",
          arguments: fonts)
    func tabs(font: String) throws {
        let texts = try Self.textsWithTabs()
        var fromRecords = 0, differing: [String] = []
        for size in [14.0, 17] {
            let (lane, shaping) = try laneAndShapingEngines(font, size: size)
            for text in texts {
                let utf8 = Array(text.utf8)
                guard let prepared = utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }) else { continue }
                #expect(prepared.paragraphs.allSatisfy { p in
                    p.hasTabs == prepared.units[p.start..<p.start + p.count].contains(0x09)
                })
                guard prepared.paragraphs.contains(where: \.hasTabs) else { continue }
                fromRecords += 1
                let expected = shaping.prepare(text)
                if let field = prepared.differingLayoutsOrNumbers(from: expected, engine: lane, otherEngine: shaping) {
                    differing.append("\(field): \(text)")
                }
            }
        }
        let name = URL(fileURLWithPath: font).lastPathComponent
        print("word records with tabs, \(name): \(fromRecords) texts, \(differing.count) differ")
        #expect(fromRecords > 1_000, "texts with tabs should take the word records")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    @Test("""
          a word after a space is prepared with the space in its own script's run: a record made after a word \
          of another script (where nothing kerns across the runs) is not used where the space kerns with it
          """)
    func spaceInTheWordsRun() throws {
        // Liberation Sans kerns a space with "Α". After "x-content" the space is in the Latin run and
        // does not kern with the Greek word; after "μέσο." it is in the Greek run and does. ("‰"
        // sends both paragraphs to word records.)
        let (lane, shaping) = try laneAndShapingEngines(TestFonts.liberationSans, size: 15)
        for text in ["x-content Αυτό ‰", "μέσο. Αυτό ‰", "x-content Αυτό ‰"] {
            let utf8 = Array(text.utf8)
            let expected = shaping.prepare(text)
            // Taken from records, or left to shaping ("Αυτό" kerns with the space before it in its
            // own run, so its record is not used): either way shaping's numbers.
            if let prepared = utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }) {
                #expect(prepared.paragraphs.allSatisfy { $0.isFromWordRecords }, "\(text)")
                #expect(prepared.differingNumbers(from: expected, engine: lane, otherEngine: shaping) == nil, "\(text)")
            }
            #expect(lane.layout(lane.prepare(text), width: 320, details: true)
                    == shaping.layout(expected, width: 320, details: true), "\(text)")
        }
    }

    @Test("""
          a text measures the same whatever was measured before it: real text of every script in order and \
          in reverse, in fonts whose edges matter (Liberation) and not (DejaVu)
          """, arguments: [TestFonts.liberationSans, TestFonts.dejaVuSans])
    func orderIndependence(font: String) throws {
        let texts = try Self.texts() + PairwiseLaneTests.alphabetTexts()
            + PairwiseLaneTests.paragraphTexts(SegmentShapingTests.corpus()) + ["x-content Αυτό ‰", "μέσο. Αυτό ‰"]
        let forward = try laneAndShapingEngines(font, size: 15).lane
        let backward = try laneAndShapingEngines(font, size: 15).lane
        let inOrder = texts.map { forward.prepare($0) }
        var differing: [String] = []
        for (n, text) in texts.enumerated().reversed()
        where backward.prepare(text).differingNumbers(from: inOrder[n], engine: backward, otherEngine: forward) != nil {
            differing.append(text)
        }
        #expect(differing.isEmpty, "\(differing.count) of \(texts.count) differ, first: \(differing.prefix(3))")
    }

    @Test("a word is taken from a record only in the context it was prepared in")
    func contexts() throws {
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let chain = FontFallbackChain.chromiumDefault(primary: face)
        let lane = try TextLayoutEngine(chain: chain, fontSize: 16, lineHeight: .normal)
        let shaping = try TextLayoutEngine(chain: chain, fontSize: 16, lineHeight: .normal)
        shaping.usesPairwiseLane = false
        // The same words after a word of another script (their neutral start joins that run), at
        // a paragraph's edges, twice in a paragraph, after a hyphen and a space, and in fallback
        // fonts whose run goes on across spaces (Hindi, Chinese, Tamil, Arabic, Hebrew).
        let texts = ["«Привет» мир", "Hello «Привет» мир", "नमस्ते «Привет»", "1. Привет 2. мир", "мир мир мир",
                     "Привет -5 и - 5", "नमस्ते दुनिया, 123 नमस्ते", "中文 测试 (中文)", "தமிழ் 1 தமிழ்",
                     "مرحبا بالعالم 12 مرحبا", "שלום עולם, שלום", "Ελληνικά «Ελληνικά» Ελληνικά",
                     "Ελληνικά\nΕλληνικά Ελληνικά\n", "  Привет  ", "Привет\u{00AD}мир мир\u{00AD}Привет",
                     // Fullwidth punctuation that collapses in pairs within a line (Noto Sans CJK).
                     "進行點選動作的方向 (「左」、「右」、「上」、「下」)。 進行拖曳動作的方向 (「左」、「右」)。 停用 URL 與 MIME",
                     // Words whose inner breaks follow rules that look past the pair (quotation
                     // marks, hyphens before letters and digits, numbers with prefixes and
                     // suffixes, brackets, East Asian quotes), at a paragraph's edges and between spaces.
                     "„Привет“ «мир» “中文”", "“中文” „Привет“ «мир»", "-Привет -5 №-5 Привет-мир",
                     "Привет-мир -5 №-5 -Привет", "$-5 €(5) (5)% 5%)", "5%) (5)% €(5) $-5",
                     "«中文»中文 「中文」中文", "中文「中文」 中文«中文»", "Привет/мир…мир", "мир…мир Привет/мир",
                     // Words ending in letters that kern with a space in some fonts.
                     "ΑΥΤΟΜΑΤΑ Ά ΓΑΤΑ", "ΓΑΤΑ Ά ΑΥΤΟΜΑΤΑ", "NULL ТВ Γ", "Γ ТВ NULL"]
        var taken = 0
        for text in texts + texts {
            let utf8 = Array(text.utf8)
            guard let prepared = utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }) else { continue }
            taken += 1
            let expected = shaping.prepare(text)
            #expect(prepared.differingNumbers(from: expected, engine: lane, otherEngine: shaping) == nil, "\(text)")
            for width in [1.0, 30, 80, 150, 200, 260, 320, 400] {
                #expect(lane.layout(prepared, width: width) == shaping.layout(expected, width: width),
                        "\(text) at \(width) px")
            }
        }
        #expect(taken >= 20, "most of these should take the word records: \(taken)")
    }

    @Test("""
          a word whose own first letter would choose another fallback font than its run chose before it \
          is taken from a record made in such a run, with shaping's numbers and layouts
          """, arguments: [TestFonts.dejaVuSans, TestFonts.dejaVuSerif])
    func continuedRuns(font: String) throws {
        // Tamil UI strings, written for this test. In DejaVu Sans and Liberation Sans, which have
        // no Tamil, a run whose first missing letter is க, த, அ... falls back to Noto Sans Tamil,
        // which then draws the words starting with ப or வ too; alone, those ask for Noto Sans
        // Grantha (which has ப and வ only), and keep .notdef boxes. Runs that start with ப or
        // வ keep Grantha in the paragraph as well (the lane leaves those to shaping).
        // The words' first records are made where they start their runs (the first texts).
        let texts = ["பயனர் பெயர் தவறானது", "வரிசை பதிலளிக்கவில்லை", "பெயர் வழங்கப்படவில்லை",
                     "கோப்பு பெயர் வழங்கப்படவில்லை", "இந்த பயன்பாடு பதிலளிக்கவில்லை",
                     "கடவுச்சொல் பிழையானது, மீண்டும் முயற்சிக்கவும் பயனர்",
                     "கோப்புறை: %s பெயர் வழங்கப்படவில்லை\nதேடல் பயன்பாடு வரிசை",
                     "Open கோப்பு பெயர் (வழங்கப்படவில்லை) பயனர் வரிசை"]
        let (lane, shaping) = try laneAndShapingEngines(font, size: 15)
        var continued = 0, differing: [String] = []
        for text in texts + texts {
            let utf8 = Array(text.utf8)
            let expected = shaping.prepare(text)
            if let prepared = utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }) {
                continued += prepared.continuedWords.count
                if prepared.differingLayoutsOrNumbers(from: expected, engine: lane, otherEngine: shaping) != nil {
                    differing.append(text)
                }
            }
            #expect(lane.layout(lane.prepare(text), width: 120, details: true)
                    == shaping.layout(expected, width: 120, details: true), "\(text)")
        }
        #expect(continued >= 4, "words after a run chose Noto Sans Tamil should take such records: \(continued)")
        #expect(differing.isEmpty, "\(differing)")
    }

    /// Prepares each of `texts` in the lane (at 15 px in `font`) and by shaping: the lane's engine,
    /// how many texts it took, and those whose numbers or layouts at eight widths from 1 px differ.
    static func takenInParts(_ texts: [String], font: String) throws
        -> (lane: TextLayoutEngine, taken: Int, differing: [String]) {
        let (lane, shaping) = try laneAndShapingEngines(font, size: 15)
        var taken = 0, differing: [String] = []
        for text in texts {
            let expected = shaping.prepare(text)
            guard let prepared = Array(text.utf8).withUnsafeBufferPointer({ lane.preparePlainText($0) }) else {
                continue
            }
            taken += 1
            if prepared.differingLayoutsOrNumbers(from: expected, engine: lane, otherEngine: shaping,
                                                  widths: [1, 15, 31, 60, 100.5, 150, 320, 1000]) != nil {
                differing.append(text)
            }
        }
        return (lane, taken, differing)
    }

    @Test("""
          Chinese and Japanese written without spaces are taken in parts, parted between an ideograph and \
          another or a kana: shaping's numbers and layouts, at every width, also where the parts meet
          """, arguments: [TestFonts.dejaVuSans, TestFonts.notoSans, TestFonts.liberationSans])
    func ideographParts(font: String) throws {
        // UI strings written for this test, each longer than the longest word a record keeps
        // (64 units): taken only in parts. Kana runs, fullwidth punctuation that collapses in
        // pairs, Latin and digits between ideographs; and a text again, its parts then found.
        let texts = ["无法打开文件，因为它正被另一个程序使用。请关闭该程序后重试，或者将文件另存为新的名称并保存到其他位置。如果问题仍然存在，请联系系统管理员。",
                     "ファイルを開けませんでした。別のプログラムがこのファイルを使用しています。そのプログラムを閉じてからもう一度やり直すか、新しい名前でファイルを別の場所に保存してください。",
                     "「設定」→「表示」を選択し、画面の解像度を1920×1080に変更してください（再起動が必要です）。変更は次回のログイン時に有効になります。",
                     "此操作将删除所选的3个文件夹及其所有内容（包括子文件夹）。删除后无法恢复。您确定要继续吗？请在继续之前备份重要数据。",
                     "無法開啟檔案「%s」：權限不足。請確認您有讀取此檔案的權限，然後再試一次。若問題持續發生，請洽詢系統管理員或參閱說明文件。"]
        let (_, taken, differing) = try Self.takenInParts(texts + texts, font: font)
        #expect(taken >= texts.count, "most texts should be taken in parts: \(taken)")
        #expect(differing.isEmpty, "\(differing)")
    }

    @Test("""
          Korean words are taken a Hangul syllable at a time, parted also from ideographs and kana beside \
          them: shaping's numbers and layouts, at every width, also where the syllables meet
          """, arguments: [TestFonts.dejaVuSans, TestFonts.notoSans, TestFonts.liberationSans])
    func hangulSyllables(font: String) throws {
        // UI strings written for this test: Korean with Latin, digits, punctuation, brackets and
        // quotes; a word of Hanja; Hangul beside kana and ideographs; and each text again, its
        // syllables then found.
        let texts = ["파일을 열 수 없습니다. 다른 프로그램이 이 파일을 사용하고 있습니다.",
                     "설정을 저장하시겠습니까? 저장하지 않으면 변경 사항이 사라집니다.",
                     "\"%s\" 폴더에 쓰기 권한이 없습니다(오류 13). 관리자에게 문의하십시오.",
                     "다운로드 중… 3개 중 2개 완료 (67%) · 남은 시간 약 5분",
                     "大韓民國 헌법 제1조: 대한민국은 민주공화국이다.",
                     "한국어と日本語の混在テキスト、漢字한글かな",
                     "「확인」을 누르면 계속합니다 — 취소하려면 Esc 키를 누르십시오"]
        let (lane, taken, differing) = try Self.takenInParts(texts + texts, font: font)
        #expect(taken == 2 * texts.count, "every text should be taken from records: \(taken)")
        #expect(differing.isEmpty, "\(differing)")
        // The first text with a new word, "파일뷁뷂", is two records more: its syllables 뷁 and 뷂
        // (no text above holds them); 파 and 일 are found, in the same places as in "파일을". (Taken
        // a word at a time, it would be one record more.)
        let before = lane.wordRecordCount
        let text = "파일을 열 수 없습니다. 다른 프로그램이 이 파일뷁뷂 사용하고 있습니다."
        _ = Array(text.utf8).withUnsafeBufferPointer { lane.preparePlainText($0) }
        #expect(lane.wordRecordCount == before + 2, "뷁 and 뷂 are new: \(lane.wordRecordCount - before)")
    }

    @Test("""
          Runs of kana are taken a kana at a time where Noto Sans CJK sets two kana apart, whole where it kerns \
          them: shaping's numbers and layouts, at every width, also where the kana meet
          """, arguments: [TestFonts.dejaVuSans, TestFonts.notoSans, TestFonts.liberationSans])
    func kanaParts(font: String) throws {
        // UI strings written for this test: hiragana and katakana runs with kerned pairs (いて in
        // "について", "している"), small kana, the prolonged sound mark, kanji, Latin, digits and
        // fullwidth punctuation between them; and each text again, its parts then found.
        let texts = ["このファイルについての情報を取得しています。しばらくお待ちください。",
                     "ダウンロードしたファイルはすべてこのフォルダーに保存されます",
                     "パスワードが正しくありません。もういちど入力してください（残り3回）。",
                     "「%s」をごみ箱に移動してもよろしいですか？この操作はもとにもどせません。",
                     "ネットワークにせつぞくできませんでした。せっていをかくにんしてください",
                     "ひらがなカタカナひらがな、ぁぃぅぇぉっゃゅょゎ、ゐゑをん"]
        let (lane, taken, differing) = try Self.takenInParts(texts + texts, font: font)
        #expect(taken == 2 * texts.count, "every text should be taken from records: \(taken)")
        #expect(differing.isEmpty, "\(differing)")
        // Noto Sans CJK kerns い before て by 30 units: they stay in one part; た and め meet apart.
        let splits = try #require(lane.wordRecordKanaSplits)
        #expect(splits.font > 0, "Noto Sans CJK, a fallback font")
        #expect(!splits.partsAt(0x3044, 0x3066), "いて")
        #expect(splits.partsAt(0x305F, 0x3081), "ため")
        // A new run of kana that meet apart is a record a kana: "ヰヱヹ" (no text above holds any
        // of them) adds a record for each, where taken whole it would add one.
        let run: [UInt16] = [0x30F0, 0x30F1, 0x30F9]
        let parts = 1 + (1..<run.count).filter { splits.partsAt(run[$0 - 1], run[$0]) }.count
        #expect(parts == 3)
        let before = lane.wordRecordCount
        _ = Array("ヰヱヹ".utf8).withUnsafeBufferPointer { lane.preparePlainText($0) }
        #expect(lane.wordRecordCount - before == 3, "\(lane.wordRecordCount - before) records more")
    }

    @Test("""
          Tibetan-script words are taken a syllable at a time where the next syllable meets the tsheg apart, \
          whole where Noto Serif Tibetan kerns them (issue 26): shaping's numbers and layouts, at every width
          """, arguments: [TestFonts.dejaVuSans, TestFonts.notoSans, TestFonts.liberationSans])
    func tibetanSyllables(font: String) throws {
        // Dzongkha catalog messages (apt, dpkg), each longer than the longest word a record keeps
        // (64 units) between spaces: taken only in parts; and a text again, its parts then found.
        let texts = ["འདྲ་མཛོད་འདི་མཉམ་བྱུང་གི་ཕྱི་ཁར་ཨིན་པས་  ཐུམ་སྒྲིལ་ཡིག་སྣོད་ཅིག་ལུ་ ཨེགསི་-རེཕ་འབད་མི་ཚུགས་པས།",
                     "འདི་གིས་འབྱུང་ཁུངས་ཐུམ་སྒྲིལ་ཚུ་གི་དོན་ལུ་བཟོ་བརྩིགས་-རྟེན་འབྲེལ་ཚུ་རིམ་སྒྲིག་འབདཝ་ཨིན།",
                     "ཡན་ལག་ལས་སྦྱོར་ལུ་ཨའི་པི་སི་རྒྱུད་དུང་གསར་བསྐྲུན་འབད་ནི་ལུ་འཐུས་ཤོར་བྱུང་ཡོདཔ།",
                     "ཐུམ་སྒྲིལ་ཚུ་རྩ་བསྐྲད་བཏང་དགོཔ་འདུག་འདི་འབདགཝ་ད་རྩ་བསྐྲད་གཏང་ནི་འདི་ལྕོགས་མིན་ཐལ་ཏེ་འདུག",
                     "ཁྱོད་ཀྱི་ཆ་ཚན་ནང་གི་སི་ཌི་ལྷག་ལུས་ཡོད་མི་གི་དོན་ལུ་འ་ནི་ལས་སྦྱོར་དེ་ཡང་བསྐྱར་འབད།"]
        let (lane, taken, differing) = try Self.takenInParts(texts + texts, font: font)
        #expect(taken == 2 * texts.count, "every text should be taken in parts: \(taken)")
        #expect(differing.isEmpty, "\(differing)")
        // HarfBuzz gives the tsheg of "འོད་" 210 units alone and 160 before the stack རྟ (its pair
        // kerning), and leaves it at 210 before ཀ: a part starts at ཀ, not at རྟ.
        let splits = try #require(lane.wordRecordSyllableSplits)
        #expect(splits.font > 0, "Noto Serif Tibetan, a fallback font")
        let units = Array("འོད་ཀ འོད་རྟགས".utf16)
        units.withUnsafeBufferPointer { units in
            #expect(splits.partsAt(units.baseAddress!, 4, length: units.count))
            #expect(!splits.partsAt(units.baseAddress!, 10, length: units.count))
        }
    }

    /// A sentence of ideographs is one word of many parts: the numbers worked out again while
    /// wrapping walk back to the part holding a line's start, not the word's (at 1 px each line
    /// asked from the paragraph's start: 60,000 ideographs took 23 s).
    @Test("a paragraph of ideographs without spaces wraps in linear time at 1 px, as shaping wraps it")
    func ideographsWrapInLinearTime() throws {
        let (lane, shaping) = try laneAndShapingEngines(TestFonts.dejaVuSans, size: 14)
        // Common ideographs in a fixed order of our own (a linear congruential walk).
        func paragraph(_ count: Int) -> String {
            var state: UInt32 = 7
            return String((0..<count).map { _ in
                state = state &* 1_103_515_245 &+ 12_345
                return Character(Unicode.Scalar(0x4E00 + (state >> 16) % 2_000)!)
            })
        }
        func wrap(_ count: Int) -> (lines: Int, seconds: Double, taken: Bool) {
            let text = paragraph(count)
            let prepared = Array(text.utf8).withUnsafeBufferPointer { lane.preparePlainText($0) }
            let start = DispatchTime.now().uptimeNanoseconds
            let lines = lane.layout(lane.prepare(text), width: 1).lineCount
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return (lines, seconds, prepared?.paragraphs.allSatisfy(\.isFromWordRecords) ?? false)
        }
        let small = wrap(3_000), large = wrap(30_000)
        #expect(small.taken && large.taken, "the lane should take both paragraphs in parts")
        #expect(small.lines == shaping.layout(shaping.prepare(paragraph(3_000)), width: 1).lineCount)
        #expect(large.lines == 30_000)
        // Linear: 10 times the units, about 10 times the time (30 leaves room for a busy machine);
        // quadratic would be 100 times.
        #expect(large.seconds < 30 * max(small.seconds, 0.01), "3,000: \(small.seconds) s, 30,000: \(large.seconds) s")
    }

    @Test("a full store keeps the words paragraphs found since it last filled up, and gives what shaping gives")
    func makingRoom() throws {
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let chain = FontFallbackChain.chromiumDefault(primary: face)
        let lane = try TextLayoutEngine(chain: chain, fontSize: 16, lineHeight: .normal)
        lane.wordRecordUnitLimit = 300
        let shaping = try TextLayoutEngine(chain: chain, fontSize: 16, lineHeight: .normal)
        shaping.usesPairwiseLane = false
        // Real words met once (Hebrew catalog words, which DejaVu Sans takes from records, and
        // English ones with ligatures, whose cuts move with the records kept), each paragraph after
        // one that holds the words met in every row.
        let once = ["כשל באימות", "תוקף אסימון האימות פג", "שגיאת דיון", "הדיון ממתין לאירוע",
                    "שגיאה במודול השירות", "טעינת המודול נכשלה", "שגיאת מכלא זיכרון",
                    "המודול לא ידוע", "ההרשאה נדחתה", "הסמל לא נמצא", "שגיאת מערכת",
                    "חשבון משתמש פג", "ברוך בואך לחשבונך החדש", "תפקיד נוכחי נדרש", "דרוש שם קובץ",
                    "שם קובץ להתקנה נדרש", "נדרש אימות להסרת תכנה", "נדרש אימות לעדכון תכנה",
                    "החלפת משתני מאגר תכנה", "נדרשת מחרוזת לחיפוש", "שם חבילה להסרה נדרש",
                    "מערכת office", "חבילות effective", "קובץ file affine"]
        let often = "ביטול תיקון תקלה office"
        var emptied = 0, last = 0
        for (n, text) in (once + once.map { $0 + " " + $0 }).enumerated() {
            for row in [often, "\(text) \(n)"] {
                let utf8 = Array(row.utf8)
                let prepared = try #require(utf8.withUnsafeBufferPointer { lane.preparePlainText($0) }, "\(row)")
                let expected = shaping.prepare(row)
                #expect(prepared.differingNumbers(from: expected, engine: lane, otherEngine: shaping) == nil, "\(row)")
                #expect(lane.layout(prepared, width: 40) == shaping.layout(expected, width: 40), "\(row)")
                if lane.wordRecordCount < last { emptied += 1 }
                last = lane.wordRecordCount
            }
        }
        #expect(emptied >= 2, "300 units should fill up more than once: \(emptied)")
        // The words found in every row were kept: finding them again makes no record.
        let kept = lane.wordRecordCount
        _ = Array(often.utf8).withUnsafeBufferPointer { lane.preparePlainText($0) }
        #expect(lane.wordRecordCount == kept)
    }

    @Test("in fonts where a word's edges do not matter, a space before a letter never moves the letter")
    func edgesMatter() throws {
        var keyed = 0, checked = 0
        for font in Self.installedFonts() {
            let face = try FontFace(path: font)
            guard face.hasGlyph(0x20) else { continue }
            guard !WordRecords.edgesMatter(in: face) else {
                keyed += 1
                continue
            }
            let shaper = Shaper(chain: FontFallbackChain.chromiumDefault(primary: face), fontSize: 20)
            // Letters of the scripts the lane's records hold most, where the font has them.
            let letters = (Array(0x41...0x5A) + Array(0x391...0x3A9) + Array(0x410...0x42F) + Array(0x5D0...0x5EA))
                .map(UInt16.init).filter { face.hasGlyph(UInt32($0)) }
            for letter in letters {
                let script = hb_unicode_script(hb_unicode_funcs_get_default(), UInt32(letter))
                let alone = shaper.shapeClusters([letter], range: 0..<1, script: script, face: face)
                let afterSpace = shaper.shapeClusters([0x20, letter], range: 0..<2, script: script, face: face)
                #expect(afterSpace.last?.advance == alone.first?.advance, "U+\(String(letter, radix: 16)) in \(font)")
                checked += 1
            }
        }
        print("word edges: \(keyed) fonts key them, \(checked) letters checked in the others")
        #expect(checked > 1_000)
    }

    @Test("""
          a paragraph with characters beyond the BMP (surrogate pairs) is taken from word records, with \
          shaping's numbers; with emoji it is shaped
          """)
    func beyondTheBMP() throws {
        let (lane, shaping) = try laneAndShapingEngines(TestFonts.dejaVuSans, size: 14)
        for text in ["𐑞 𐑒𐑢𐑦𐑒 𐑚𐑮𐑬𐑯 𐑓𐑪𐑒𐑕", "Open 𐑴𐑐𐑩𐑯 file", "𐐜 𐐶𐐲𐑉𐐼 𐐸𐐲𐑆", "𐓏𐓘𐓻𐓘𐓻𐓟 𐒻𐓟 𐓀𐓘𐓸𐓣", "𞤀𞤣𞤤𞤢𞤥 𞤫𞤼𞤫",
                     "𐌰𐍄𐍄𐌰 𐌿𐌽𐍃𐌰𐍂", "打开 𠮷 文件"] {
            let utf8 = Array(text.utf8)
            let prepared = try #require(utf8.withUnsafeBufferPointer { lane.preparePlainText($0) }, "\(text)")
            #expect(prepared.paragraphs.allSatisfy { $0.isFromWordRecords }, "\(text)")
            let expected = shaping.prepare(text)
            #expect(prepared.differingNumbers(from: expected, engine: lane, otherEngine: shaping) == nil, "\(text)")
            for width in [1.0, 40, 100, 320] {
                #expect(lane.layout(prepared, width: width) == shaping.layout(expected, width: width), "\(text)")
            }
        }
        // Emoji (beyond the BMP or not), a mark after a space, a prepended character last.
        for text in ["𐑣𐑧𐑤𐑴 😀", "🇩🇪 𐑛𐑶𐑗", "𐑣𐑧𐑤𐑴 ❤️", "𐑣 𞥄𞤤", "𑂍𑂰𑂽 𑂍𑂰"] {
            let utf8 = Array(text.utf8)
            #expect(utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }) == nil, "\(text)")
        }
    }

    @Test("a paragraph with a word no record may stand for is shaped")
    func refusals() throws {
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let lane = try TextLayoutEngine(chain: FontFallbackChain.chromiumDefault(primary: face), fontSize: 16,
                                        lineHeight: .normal)
        // A mark after a space, an emoji, U+3000, a word beyond the longest kept (Hebrew, which
        // DejaVu Sans takes from records).
        for text in ["שגיאת \u{0301}מערכת", "שגיאת 👍", "שגיאת\u{3000}מערכת",
                     "שגיאת " + String(repeating: "ש", count: WordRecords.longestWord + 1)] {
            let utf8 = Array(text.utf8)
            #expect(utf8.withUnsafeBufferPointer({ lane.preparePlainText($0) }) == nil, "\(text)")
        }
    }
}

/// The character table the word records read (`WordCharacters`), against Unicode's data as the
/// Swift standard library carries it (a second copy, not ICU's, from which the table is built).
@Suite("word records: the character table")
struct WordCharacterTableTests {
    @Test("a word may not start with a mark, a format character or a grapheme extender: every BMP code point")
    func marksAndFormatCharacters() {
        var checked = 0, differing: [String] = []
        for value in UInt32(0)..<0x10000 where !(0xD800...0xDFFF).contains(value) {
            let scalar = Unicode.Scalar(value)!
            let expected: Bool
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format: expected = true
            default: expected = scalar.properties.isGraphemeExtend
            }
            let refused = WordCharacters.flags[UInt16(value)] & WordCharacters.refusedFirst != 0
            // (Characters Unicode assigned after ICU's data, which ICU does not know, are not compared.)
            if refused != expected && scalar.properties.age.map({ $0 <= (15, 0) }) ?? false {
                differing.append(String(value, radix: 16))
            }
            checked += 1
        }
        #expect(checked == 0x10000 - 0x800)
        #expect(differing.isEmpty, "\(differing.prefix(20))")
        // Examples: an acute accent, a Devanagari vowel sign, a zero width joiner, a variation
        // selector, a soft hyphen; and letters that are none of these.
        for value in [0x0301, 0x093F, 0x200D, 0xFE0F, 0x00AD] {
            #expect(WordCharacters.flags[UInt16(value)] & WordCharacters.refusedFirst != 0, "\(value)")
        }
        for value in [0x0041, 0x0915, 0x4E00, 0xAC00] {
            #expect(WordCharacters.flags[UInt16(value)] & WordCharacters.refusedFirst == 0, "\(value)")
        }
    }

    @Test("the precomposed Hangul syllables and nothing else are flagged as such; unified ideographs are ideographs")
    func partingCharacters() {
        for value in 0..<0x10000 {
            let f = WordCharacters.flags[UInt16(value)]
            #expect((f & WordCharacters.hangul != 0) == (0xAC00...0xD7A3).contains(value), "\(value)")
            if (0x4E00...0x9FFF).contains(value) { #expect(f & WordCharacters.ideograph != 0, "\(value)") }
        }
        #expect(WordCharacters.flags[0x3042] & WordCharacters.kana != 0, "あ")
        #expect(WordCharacters.flags[0x3041] & WordCharacters.kana == 0, "ぁ, a small kana (CJ)")
    }
}
