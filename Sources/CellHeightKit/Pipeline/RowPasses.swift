/// The passes in which a run measures every row, each with its own base settings: one per size step
/// of a run at several sizes (`HeightRunRequest.sizes`) or at users' text sizes (`sizeSteps`: Dynamic
/// Type categories, Android font scales), each with every width, else one at the cell's own size.
/// This is the one place that says at which settings a row is measured; `mergingSizes` makes one
/// row of a row's passes, its results in pass order.
struct RowPasses {
    /// One pass over the rows: its size step (nil for the one pass at the cell's own size), and
    /// what each row's settings are there.
    struct Pass {
        var step: SizeStep?
        var resolver: RowSettingsResolver
    }

    /// In order; the first pass's base settings are the measurers' own.
    let passes: [Pass]

    /// - Parameters:
    ///   - base: the run's base settings, at the cell's own size.
    ///   - steps: the size steps of a run at several sizes, in order; empty for one pass at `base`'s.
    ///   - keepsLineHeight: whether the line height was given, which a text style's leading then
    ///     does not replace (see `BudgetRules.at`).
    init(base: RowSettings, steps: [SizeStep], rules: BudgetRules?, keepsLineHeight: Bool, setsFonts: Bool,
         usage: RuleUsage?) {
        passes = (steps.isEmpty ? [nil] : steps.map(Optional.some)).map { step in
            Pass(step: step, resolver: RowSettingsResolver(base: base.at(step),
                                                           rules: rules?.at(step, keepsLineHeight: keepsLineHeight),
                                                           setsFonts: setsFonts, usage: usage))
        }
    }

    /// The size steps of a run at several sizes, in pass order; empty for a run at one.
    var steps: [SizeStep] { passes.compactMap(\.step) }

    /// Whether every row is measured at several sizes: its results and violations then say their size.
    var areSeveral: Bool { passes[0].step != nil }
}
