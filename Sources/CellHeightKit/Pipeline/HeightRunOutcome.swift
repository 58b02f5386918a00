/// How a run's rows fared: rows measured, failures (rows over budget, or grown against the
/// baseline with `failsOnGrowth`) and inputs that could not be read, each reported on standard
/// error.
public struct HeightRunOutcome: Equatable, Sendable {
    public var rowCount: Int
    public var failureCount: Int
    /// The inputs that could not be read (exit 66) or are malformed (exit 65), in order; the run
    /// measured the others.
    public var inputErrors: [CellHeightError] = []

    /// The run's exit code: an input error before violations, since some rows went unchecked
    /// (65 when an input is malformed, else 66 when one could not be read), then 1 for failures.
    public var exitCode: CellHeightError.ExitCode {
        if inputErrors.contains(where: { $0.exitCode == .invalidInput }) { return .invalidInput }
        if !inputErrors.isEmpty { return .unreadableInput }
        return failureCount > 0 ? .violations : .ok
    }
}
