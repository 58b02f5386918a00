/// Chromium's fixed-point layout arithmetic: inline sizes are kept in LayoutUnits of 1/64 px.
/// Public, not `package`: Swift 6.3 neither inlines nor specializes a `package` declaration's
/// `@inlinable` body in another module, and the kit calls this for every row (snapping cell sizes).
public enum LayoutUnit {
    public static let perPixel = 64.0

    /// The smallest LayoutUnit not below `px` (how Blink snaps a shaped width: FromFloatCeil).
    @inlinable @inline(__always)
    public static func ceil(_ px: Double) -> Double { (px * perPixel).rounded(.up) / perPixel }

    /// The largest LayoutUnit not above `px` (how Blink stores a fixed line height).
    @inlinable @inline(__always)
    public static func floor(_ px: Double) -> Double { (px * perPixel).rounded(.down) / perPixel }

    /// The nearest LayoutUnit to `px` (how Blink stores a computed font size as a length).
    @inlinable @inline(__always)
    public static func round(_ px: Double) -> Double { (px * perPixel).rounded() / perPixel }

    /// Whether content of width `px` fits a line of `available` px. Blink allows one LayoutUnit
    /// of slack (AvailableWidthToFit adds an epsilon) for rounding errors in float widths.
    @inlinable @inline(__always)
    public static func fits(_ px: Double, in available: Double) -> Bool {
        ceil(px) <= floor(available) + 1 / perPixel
    }
}
