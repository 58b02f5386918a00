import ArgumentParser
import CellHeightEngine
import CellHeightKit

/// An option's value named by one of an enumeration's raw values (`--format json`).
///
/// Its value strings are listed with a closure: ArgumentParser's default (`allCases.map(\.rawValue)`)
/// makes a key path at every call, 36 calls at every start, about 4% of a 10-row run's instructions.
public protocol CommandLineChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension CommandLineChoice {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension RowFormat: CommandLineChoice {}
extension OutputFormat: CommandLineChoice {}
extension WhiteSpace: CommandLineChoice {}
extension TextRounding: CommandLineChoice {}
extension DiagnosticsFormat: CommandLineChoice {}
extension FontLocator.MissingFamilyPolicy: CommandLineChoice {}
