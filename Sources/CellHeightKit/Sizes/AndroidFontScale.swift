/// Android's font scale (Settings › Display › Font size): how a size in `sp` becomes a size in
/// `dp` (px at density 1) at the user's scale, with the non-linear curves Android 14 (API 34)
/// applies to scales of about 1.15 and above, so that large text grows less than small text.
///
/// Source: AOSP, frameworks/base, core/java/android/content/res/FontScaleConverterFactory.java
/// (the lookup tables, `forScale` and `createInterpolatedTableBetween`) and
/// FontScaleConverterImpl.java (`lookupAndInterpolate`), as published in
/// https://github.com/aosp-mirror/platform_frameworks_base (read at commit 2d05430b31).
/// The curves are computed in `Float`, as Android does, then widened.
public enum AndroidFontScale {
    /// The `sp` sizes every table gives a `dp` for.
    static let tableSp: [Float] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    /// The tables by scale key (the scale × 100, truncated): the `dp` of each `tableSp` size.
    static let tables: [(key: Int, dp: [Float])] = [
        (115, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (130, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (150, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (180, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (200, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]

    /// The smallest scale the curves apply to: the first table's scale less 0.02 (1.13); below,
    /// a size is simply multiplied by the scale.
    static let minimumCurvedScale: Float = Float(tables[0].key) / 100 - 0.02

    /// `sp` at font scale `scale` in `dp` (px), e.g. 14 sp at 2.0 → 26, at 1.3 → 18.8 (on a curve,
    /// the `Float` Android computes, widened by its shortest decimal: 18.8, not 18.799999237), at
    /// 0.85 → 11.9 (linear: the exact product, where Android's `Float` one is 11.900001).
    public static func pixels(sp: Double, scale: Double) -> Double {
        guard let table = curve(Float(scale)) else { return sp * scale }
        let dp = lookup(Float(sp), from: table.sp, to: table.dp)
        return Double(dp.description) ?? Double(dp)
    }

    /// The table `scale` converts with (`forScale`): a table of its own, one interpolated between
    /// the two tables around it, or, beyond the tables, the linear table 1 sp → `scale` dp.
    static func curve(_ scale: Float) -> (sp: [Float], dp: [Float])? {
        guard scale >= minimumCurvedScale else { return nil }
        let key = Int(scale * 100)
        if let exact = tables.first(where: { $0.key == key }) { return (tableSp, exact.dp) }
        guard let higher = tables.firstIndex(where: { $0.key > key }), higher > 0 else { return ([1], [scale]) }
        let start = tables[higher - 1], end = tables[higher]
        let startScale = Float(start.key) / 100, endScale = Float(end.key) / 100
        let point = constrainedMap(0, 1, startScale, endScale, scale)
        let dp = tableSp.map { sp in
            lerp(lookup(sp, from: tableSp, to: start.dp), lookup(sp, from: tableSp, to: end.dp), point)
        }
        return (tableSp, dp)
    }

    /// `lookupAndInterpolate`: the exact entry, else a linear interpolation between the entries
    /// around `value` (from 0 below the first), else past the last the last entry's ratio.
    static func lookup(_ value: Float, from source: [Float], to target: [Float]) -> Float {
        let magnitude = abs(value), sign: Float = value < 0 ? -1 : (value > 0 ? 1 : 0)
        if let index = source.firstIndex(of: magnitude) { return sign * target[index] }
        let lower = (source.firstIndex { $0 > magnitude } ?? source.count) - 1
        if lower >= source.count - 1 {
            let startSp = source[source.count - 1], startDp = target[source.count - 1]
            return startSp == 0 ? 0 : value * (startDp / startSp)
        }
        let (startSp, startDp): (Float, Float) = lower == -1 ? (0, 0) : (source[lower], target[lower])
        return sign * constrainedMap(startDp, target[lower + 1], startSp, source[lower + 1], magnitude)
    }

    /// Android's `MathUtils.lerp`.
    static func lerp(_ start: Float, _ stop: Float, _ amount: Float) -> Float { start + (stop - start) * amount }

    /// Android's `MathUtils.constrainedMap`: `value` from [valueMin, valueMax] to
    /// [rangeMin, rangeMax], held within the range.
    static func constrainedMap(_ rangeMin: Float, _ rangeMax: Float, _ valueMin: Float, _ valueMax: Float,
                               _ value: Float) -> Float {
        let amount = valueMin != valueMax ? (value - valueMin) / (valueMax - valueMin) : 0
        return lerp(rangeMin, rangeMax, min(max(amount, 0), 1))
    }

    /// Font scales as `--font-scale` writes them: a comma-separated list of numbers above 0 and at
    /// most 4 (Android's settings offer 0.85 to 2), e.g. "0.85,1,1.3,2". Nil for anything else.
    public static func parseList(_ text: String) -> [Double]? {
        var scales: [Double] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let scale = Double(item.trimmingCharacters(in: .whitespaces)), scale.isFinite, scale > 0, scale <= 4
            else { return nil }
            if !scales.contains(scale) { scales.append(scale) }
        }
        return scales.isEmpty ? nil : scales
    }

    /// What `--font-scale` takes, for messages.
    public static let expectation = "comma-separated font scales above 0 and at most 4, e.g. '0.85,1,1.3,2'"
}
