import CellHeightKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The name standard output has in messages.
let standardOutputName = "<stdout>"

/// Writes `data` to standard output.
///
/// A closed pipe (`cellheight big.txt | head -1`) ends the process through SIGPIPE, quietly, with
/// status 141, as Unix tools do (unless SIGPIPE is ignored: then EPIPE ends it with status 141 too).
///
/// - Throws: `CellHeightError.output` for any other failure, e.g. "no space left on device".
func writeToStandardOutput(_ data: Data) throws {
    try writeAll(data, to: STDOUT_FILENO) { code in
        if code == EPIPE { exit(128 + SIGPIPE) }
        return .output(path: standardOutputName, reason: outputErrorReason(code))
    }
}
