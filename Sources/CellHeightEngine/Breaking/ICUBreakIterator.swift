import ICUBridge

/// An ICU break iterator (UAX #14 line breaks or UAX #29 grapheme clusters, with Unicode 15.1's
/// GB9c) over UTF-16 text.
///
/// Opening one loads ICU's rules: create once and reuse; not thread-safe.
public final class ICUBreakIterator {
    public enum Kind {
        case line
        case grapheme
    }

    private let iterator: OpaquePointer
    /// Grapheme boundaries are filtered by Unicode 15.1's GB9c (see `IndicConjunctBreak`).
    private let isGrapheme: Bool
    private var offsets: [Int32] = Array(repeating: 0, count: 1024)

    /// Opens an iterator for `locale`, e.g. "en" (plain UAX #14) or "en@lb=normal".
    public init(_ kind: Kind, locale: String = "en") throws {
        var error = [CChar](repeating: 0, count: 64)
        guard let iterator = icub_open(kind == .line ? ICUB_LINE : ICUB_GRAPHEME, locale, &error, 64) else {
            throw EngineError.breakIteratorUnavailable(locale: locale, reason: String(cString: error))
        }
        self.iterator = iterator
        isGrapheme = kind == .grapheme
    }

    deinit { icub_close(iterator) }

    /// Every boundary after offset 0 (the last one is `text.count`), in ascending order.
    public func boundaries(_ text: [UInt16]) -> [Int] {
        var boundaries: [Int] = []
        forEachBoundary(text) { boundaries.append($0) }
        return boundaries
    }

    /// Calls `body` with every boundary after offset 0 (the last one is `text.count`), in
    /// ascending order, without an array of them (a long text has millions): ICU is asked for
    /// them a few hundred at a time.
    public func forEachBoundary(_ text: [UInt16], _ body: (Int) -> Void) {
        guard !text.isEmpty else { return }
        text.withUnsafeBufferPointer { units in
            guard icub_attach(iterator, units.baseAddress, Int32(units.count)) == 0 else { return body(text.count) }
            defer { icub_detach(iterator) }
            let capacity = Int32(offsets.count)
            while true {
                let count = offsets.withUnsafeMutableBufferPointer { icub_next_boundaries(iterator, $0.baseAddress, capacity) }
                for n in 0..<Int(count) {
                    let boundary = Int(offsets[n])
                    if isGrapheme, IndicConjunctBreak.joins(units.baseAddress!, count: units.count, before: boundary) {
                        continue
                    }
                    body(boundary)
                }
                if count < capacity { return }
            }
        }
    }

    /// ICU's version, e.g. "72.1".
    public static var icuVersion: String { String(cString: icub_version()) }
    /// The Unicode version of ICU's data, e.g. "15.0".
    public static var unicodeVersion: String { String(cString: icub_unicode_version()) }
}
