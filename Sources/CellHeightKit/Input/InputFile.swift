#if canImport(Glibc)
import CellHeightEngine
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The name used for standard input in messages and in the report's settings.
package let standardInputName = "<stdin>"

/// Whether `path` names standard input: nil or `-`.
package func isStandardInput(_ path: String?) -> Bool {
    path == nil || path == "-"
}

/// The display name of an input path: `<stdin>` for standard input, otherwise the path as given.
package func inputDisplayName(for path: String?) -> String {
    isStandardInput(path) ? standardInputName : path!
}

/// Reads every byte of a file, or of standard input when `path` is nil or `-`.
///
/// - Throws: `CellHeightError.unreadableInput` with a short reason such as "no such file",
///   "is a directory" or "permission denied".
package func readInputData(from path: String?) throws -> Data {
    let (descriptor, name) = try openInput(path)
    defer { if !isStandardInput(path) { close(descriptor) } }
    return try readAll(fileDescriptor: descriptor, name: name)
}

/// Whether the process started with standard input closed (`cellheight <&-`): reading it is then
/// an error (exit 66), as for `cat`, not an empty input. Set by the command line, which keeps the
/// descriptor open on /dev/null so that no file opened later takes its number.
package nonisolated(unsafe) var standardInputWasClosed = false

/// Opens an input for reading: standard input when `path` is nil or `-`, else the file (which must
/// not be a directory). The caller closes the descriptor of a file.
func openInput(_ path: String?) throws -> (descriptor: Int32, name: String) {
    let name = inputDisplayName(for: path)
    if isStandardInput(path) {
        guard !standardInputWasClosed else { throw CellHeightError.unreadableInput(path: name, reason: "standard input is closed") }
        // A file on standard input is read like a named one: no output may replace it.
        FilesRead.shared.record(descriptor: STDIN_FILENO, name: name)
        return (STDIN_FILENO, name)
    }
    let descriptor = open(path!, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
        throw CellHeightError.unreadableInput(path: name, reason: inputErrorReason(errno))
    }
    // Opening a directory read-only succeeds on Linux; catch it here for a clear message.
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
        close(descriptor)
        throw CellHeightError.unreadableInput(path: name, reason: inputErrorReason(EISDIR))
    }
    FilesRead.shared.record(descriptor: descriptor, name: path!)
    return (descriptor, name)
}

/// Reads up to `capacity` bytes (fewer only at the end of the input), retrying interrupted reads.
func readChunk(fileDescriptor descriptor: Int32, name: String, capacity: Int) throws -> [UInt8] {
    var chunk = [UInt8](repeating: 0, count: capacity)
    var filled = 0
    while filled < capacity {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, capacity - filled) }
        if count == 0 { break }
        if count < 0 {
            if errno == EINTR { continue }
            throw CellHeightError.unreadableInput(path: name, reason: inputErrorReason(errno))
        }
        filled += count
    }
    chunk.removeSubrange(filled...)
    return chunk
}

private func readAll(fileDescriptor descriptor: Int32, name: String) throws -> Data {
    var result = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count == 0 { return result }
        if count < 0 {
            if errno == EINTR { continue }
            throw CellHeightError.unreadableInput(path: name, reason: inputErrorReason(errno))
        }
        result.append(contentsOf: chunk[0..<count])
    }
}

/// A short lowercase reason for an `errno` value met while reading input.
func inputErrorReason(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file"
    case EISDIR: return "is a directory"
    case EACCES, EPERM: return "permission denied"
    case ENOTDIR: return "a path component is not a directory"
    case ELOOP: return "too many symbolic links"
    default: return String(cString: strerror(code)).lowercased()
    }
}

/// Whether `path` names the regular file standard input reads (`< rows.txt`): the same device and
/// inode, however it is spelled. A terminal, a pipe or `/dev/null` is never such a file.
package func isStandardInputFile(_ path: String) -> Bool {
    var input = stat(), named = stat()
    guard fstat(STDIN_FILENO, &input) == 0, (input.st_mode & S_IFMT) == S_IFREG, stat(path, &named) == 0 else { return false }
    return input.st_dev == named.st_dev && input.st_ino == named.st_ino
}

/// Whether two paths name the same file, existing or not (see `FileIdentity`): the same device
/// and inode, or the same name in the same directory; so that an output file is never an input.
package func isSameFile(_ first: String, _ second: String) -> Bool {
    if isStandardInput(first) || isStandardInput(second) { return false }
    if let a = FileIdentity(path: first), let b = FileIdentity(path: second) { return a == b }
    return URL(fileURLWithPath: first).standardizedFileURL.path == URL(fileURLWithPath: second).standardizedFileURL.path
}
