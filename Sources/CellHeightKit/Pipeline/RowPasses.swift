/// The passes in which a run measures every row, each with its own base settings: one per font size
/// of a run at several sizes (`HeightRunRequest.sizes`, e.g. Dynamic Type sizes), each with every
/// width, else one at the cell's own size. This is the one place that says at which settings a row
/// is measured; `mergingSizes` makes one row of a row's passes, its results in pass order.
struct RowPasses {
    /// One pass over the rows: its font size, and what each row's settings are at that size.
    struct Pass {
        var fontSize: Double
        var resolver: RowSettingsResolver
    }

    /// In order; the first pass's base settings are the measurers' own.
    let passes: [Pass]
    /// Whether every row is measured at several sizes: its results and violations then say their size.
    let areSeveral: Bool

    /// - Parameters:
    ///   - base: the run's base settings, at the cell's own size.
    ///   - sizes: the sizes of a run at several sizes, in order; empty (or one) for one pass at `base`'s.
    init(base: RowSettings, sizes: [Double], rules: BudgetRules?, setsFonts: Bool, usage: RuleUsage?) {
        areSeveral = sizes.count > 1
        passes = (areSeveral ? sizes : [base.fontSize]).map { size in
            var sized = base
            sized.fontSize = size
            return Pass(fontSize: size, resolver: RowSettingsResolver(base: sized, rules: rules, setsFonts: setsFonts,
                                                                      usage: usage))
        }
    }

    /// The sizes of a run at several sizes, in pass order; empty for a run at one.
    var sizes: [Double] { areSeveral ? passes.map(\.fontSize) : [] }
}
