/// Formats a px value the same way in every output: whole values as integers ("38", not "38.0"),
/// others as the shortest decimal that reads back as the same Double ("37.984375", "0.30000000000000004").
///
/// Non-finite values (never produced by layout) print as Swift spells them ("nan", "inf").
package func formatPixels(_ value: Double) -> String {
    if let whole = wholePixels(value) { return String(whole) }
    guard hundredthsOfPixels(value) != nil else { return "\(value)" }
    var text = TextBytes(capacity: 24)
    text.appendPixels(value)
    return text.string
}

/// A px value that `formatPixels` writes as an integer, as one; nil for the others.
func wholePixels(_ value: Double) -> Int64? {
    // Beyond 1e15 a Double has no fraction digits left and Int64 text would get very long; Swift's
    // own shortest form ("1e+16") is exact there too.
    guard value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 else { return nil }
    return Int64(value)
}

/// A px value whose shortest decimal has at most two fraction digits (one that is not whole), as
/// a number of hundredths: e.g. 41251 for 412.51 (a "fits at" width is rounded up to 1/100 px);
/// nil for the others. Below 2^33 px, Doubles lie less than 1/1000 px apart: a decimal of two
/// fraction digits that reads back as the value is its shortest (any other of as few digits is
/// 1/100 px away, or more).
func hundredthsOfPixels(_ value: Double) -> Int64? {
    guard value.isFinite, abs(value) < 0x1p33 else { return nil }
    let hundredths = (value * 100).rounded()
    guard Double(hundredths) / 100 == value else { return nil }
    return Int64(hundredths)
}
