/// Formats a px value the same way in every output: whole values as integers ("38", not "38.0"),
/// others as the shortest decimal that reads back as the same Double ("37.984375", "0.30000000000000004").
///
/// Non-finite values (never produced by layout) print as Swift spells them ("nan", "inf").
public func formatPixels(_ value: Double) -> String {
    if let whole = wholePixels(value) { return String(whole) }
    return "\(value)"
}

/// A px value that `formatPixels` writes as an integer, as one; nil for the others.
func wholePixels(_ value: Double) -> Int64? {
    // Beyond 1e15 a Double has no fraction digits left and Int64 text would get very long; Swift's
    // own shortest form ("1e+16") is exact there too.
    guard value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 else { return nil }
    return Int64(value)
}
