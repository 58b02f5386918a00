@testable import CellHeightEngine
import Foundation
import Testing

/// `FontLocator.fallbackFont` gives each character the first font of Chromium's fallback list that
/// has it (ui/gfx/font_fallback_linux.cc: all fonts sorted once for the locale, `en-US`). This test
/// makes that list another way, with fontconfig's own `fc-match -a` (the same untrimmed sort of a
/// pattern of `lang` and `scalable`), reads each font's charset from its output, and compares.
@Suite("font locator: the fallback font is the first of Chromium's list that has the character")
struct FallbackOrderTests {
    struct ListedFont {
        var reference: FontReference
        var format: String
        var ranges: [ClosedRange<UInt32>]
    }

    /// `fc-match -a ':lang=en-US:scalable=true'`: every font in fontconfig's order, with its format
    /// and charset (hexadecimal ranges such as "20-7e a0-17f").
    static let chromiumList: [ListedFont] = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["-a", "-f", "%{file}|%{index}|%{fontformat}|%{charset}\\n", ":lang=en-US:scalable=true"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let index = Int(fields[1]) else { return nil }
            let ranges = fields[3].split(separator: " ").compactMap { range -> ClosedRange<UInt32>? in
                let ends = range.split(separator: "-").compactMap { UInt32($0, radix: 16) }
                guard let low = ends.first, let high = ends.last else { return nil }
                return low...high
            }
            return ListedFont(reference: FontReference(path: String(fields[0]), faceIndex: index),
                              format: String(fields[2]), ranges: ranges)
        }
    }()

    /// The first TrueType or CFF font of the list that has `codePoint`.
    static func expectedFont(_ codePoint: UInt32) -> FontReference? {
        chromiumList.first { font in
            (font.format == "TrueType" || font.format == "CFF") && font.ranges.contains { $0.contains(codePoint) }
        }?.reference
    }

    /// Blocks of the scripts a translation catalog holds, and symbols, each sampled at a stride
    /// (some 1,400 characters; a per-character sort takes about a millisecond).
    static let samples: [ClosedRange<UInt32>] = [
        0x00A0...0x024F, 0x0370...0x03FF, 0x0400...0x04FF, 0x0530...0x058F, 0x0590...0x05FF,
        0x0600...0x06FF, 0x0900...0x097F, 0x0980...0x09FF, 0x0B80...0x0BFF, 0x0E00...0x0E7F,
        0x0E80...0x0EFF, 0x10A0...0x10FF, 0x1200...0x137F, 0x1780...0x17FF, 0x1E00...0x1EFF,
        0x2000...0x206F, 0x2190...0x21FF, 0x2500...0x257F, 0x2600...0x26FF, 0x3000...0x30FF,
        0x3400...0x3410, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF00...0xFFEF, 0x1F300...0x1F64F,
    ]

    @Test("the first font of fc-match's list that has the character, for every sampled character")
    func sameAsPerCharacterSort() {
        var compared = 0
        var differing: [String] = []
        for block in Self.samples {
            let stride = max(1, UInt32(block.count) / 60)
            for codePoint in Swift.stride(from: block.lowerBound, through: block.upperBound, by: Int(stride)) {
                let expected = Self.expectedFont(codePoint)
                let found = FontLocator.shared.fallbackFont(for: codePoint)
                compared += 1
                if found != expected {
                    differing.append("U+\(String(codePoint, radix: 16, uppercase: true)): \(String(describing: found)) "
                                     + "instead of \(String(describing: expected))")
                }
            }
        }
        #expect(Self.chromiumList.count > 50)
        #expect(compared > 1_000)
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(10))")
    }
}
