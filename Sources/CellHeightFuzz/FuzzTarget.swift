import CellHeightEngine
import CellHeightKit
import Foundation

/// libFuzzer entry point (built only by `make fuzz`, see Package.swift): the input's first byte
/// picks the row format and whether decoding is lossy; the rest is the input file's bytes. With
/// 0x20 and 0x10 set, the bytes are a configuration file: a rules file read as YAML (low bit 0) or
/// a cell template (low bit 1). With 0x20 alone, its low four bits pick a translation catalog
/// format (`CatalogFormat.allCases`), whose reader gets the bytes undecoded; otherwise it indexes
/// `RowFormat.plainFormats` (0x80: lossy, 0x40: rows need no text). Every row read is laid out at
/// three widths with a real font and Chromium's fallback chain.
///
/// Errors thrown by the readers are the expected outcome for most inputs; only crashes, hangs,
/// sanitizer reports and broken layout invariants count as findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start[0]
    let data = Data(bytes: start + 1, count: count - 1)
    let rows: [Row]
    if selector & 0x30 == 0x30 {
        // Only that the readers end, with a value or an error, counts.
        if selector & 1 == 0 {
            _ = try? parseBudgetRules(data, file: "fuzz.yaml")
        } else {
            _ = try? parseCellTemplate(data, file: "fuzz.json")
        }
        return 0
    } else if selector & 0x20 != 0 {
        let catalog = CatalogFormat.allCases[Int(selector & 0x0F) % CatalogFormat.allCases.count]
        guard let read = try? readCatalogRows([UInt8](data), format: catalog, path: "fuzz") else { return 0 }
        rows = read
    } else {
        let format = RowFormat.plainFormats[Int(selector) % RowFormat.plainFormats.count]
        let lossy = selector & 0x80 != 0
        guard let decoded = try? decodeText(data, source: "fuzz", lossy: lossy),
              let read = try? parseRows(in: decoded.text, format: format, source: "fuzz", requireText: selector & 0x40 == 0)
        else { return 0 }
        rows = read
    }
    for row in rows {
        let prepared = FuzzEngine.shared.prepare(row.text)
        for width in [1.0, 57.5, 320] {
            let layout = FuzzEngine.shared.layout(prepared, width: width, details: true)
            // Every line must make progress, so a non-empty text never has more lines than units.
            precondition(layout.lineCount <= max(1, row.text.utf16.count + 1), "more lines than characters")
            precondition(layout.height.isFinite && layout.height >= 0, "bad height \(layout.height)")
        }
    }
    return 0
}

/// One engine for the whole run: DejaVu Sans 16 px with Chromium's fallback chain.
enum FuzzEngine {
    nonisolated(unsafe) static let shared: TextLayoutEngine = {
        do {
            let fonts = try FontSetup(fontSpec: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", fallbackSpecs: nil)
            return try TextLayoutEngine(chain: fonts.chain, fontSize: 16, lineHeight: .normal)
        } catch {
            fatalError("fuzz set-up: \(error)")
        }
    }()
}

/// libFuzzer's driver, from the `-sanitize=fuzzer` runtime (named as its C symbol).
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target's entry point as `<module>_main`, so libFuzzer's own
/// `main` is not used: start its driver here instead.
@_cdecl("CellHeightFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    _ = FuzzEngine.shared  // set-up allocations (fontconfig's configuration) before libFuzzer counts leaks
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzOneInput)
}
