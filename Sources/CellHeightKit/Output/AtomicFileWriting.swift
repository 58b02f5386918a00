#if canImport(Glibc)
import CellHeightEngine
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ProcessCleanup

/// Writes `data` to `path` so that readers see either the old file or the complete new one, never
/// a partial file: the bytes go to a temporary `.name.XXXXXX` in the same directory, are flushed to
/// disk, and the temporary file is then renamed over `path`.
///
/// - A new file gets the usual permissions (0666 minus the umask); a replaced file keeps its own.
/// - A symbolic link stays: the file it points to is replaced (the temporary file is written beside
///   that file).
/// - A character device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written into, never
///   replaced; any other kind of file (a directory, a socket, a block device) is refused.
/// - A file that this run has read (an input, a font, a rules file ...; compared by device and
///   inode, whatever the spelling) is refused: no output may overwrite what was measured.
///
/// - Throws: `CellHeightError.output` with a short reason; the temporary file is removed first.
package func writeAtomically(_ data: Data, to path: String) throws {
    func failure(_ code: Int32) -> CellHeightError {
        .output(path: path, reason: outputErrorReason(code))
    }
    var status = stat()
    if stat(path, &status) == 0 {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            if let readName = FilesRead.shared.readName(of: path) {
                throw CellHeightError.output(path: path, reason: readName == path
                    ? "this run reads it, it would be overwritten"
                    : "it is \(readName), which this run reads, it would be overwritten")
            }
        case S_IFCHR, S_IFIFO: return try writeInPlace(data, to: path, failure: failure)
        case S_IFDIR: throw failure(EISDIR)
        default: throw CellHeightError.output(path: path, reason: "not a regular file, a character device or a FIFO")
        }
    } else if errno != ENOENT {
        // A loop of symbolic links (ELOOP), a name too long, a directory that cannot be searched:
        // replacing the name would destroy a link the user did not ask to replace.
        throw failure(errno)
    }
    let target = resolvedSymbolicLinks(path)
    let (directory, name) = splitDirectoryAndName(target)
    guard !name.isEmpty else { throw failure(EISDIR) }

    // SIGINT, SIGTERM and SIGHUP wait until the temporary file is renamed or removed, so that an
    // interrupted run leaves no file behind; one that arrived meanwhile is delivered right after.
    let deferredSignals = TerminationSignalsDeferral()
    defer { deferredSignals.end() }

    var template = Array((directory + "/." + temporaryNameStem(name) + ".XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw temporaryFileFailure(errno, directory: directory, path: path) }
    let temporaryPath = String(cString: template)
    // Removed, too, if the process runs out of memory meanwhile (the executable's allocator).
    pcleanup_set_temporary_path(temporaryPath)
    defer { pcleanup_set_temporary_path(nil) }

    var isClosed = false
    do {
        try writeAll(data, to: descriptor, failure: failure)
        guard fchmod(descriptor, permissionsForReplacing(target)) == 0, fsync(descriptor) == 0 else {
            throw failure(errno)
        }
        isClosed = true
        guard close(descriptor) == 0 else { throw failure(errno) }
    } catch {
        if !isClosed { close(descriptor) }
        unlink(temporaryPath)
        throw error
    }

    guard rename(temporaryPath, target) == 0 else {
        let code = errno
        unlink(temporaryPath)
        throw failure(code)
    }
    // Make the rename itself durable; a failure here does not undo the write, so it is not an error.
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
        fsync(directoryDescriptor)
        close(directoryDescriptor)
    }
}

/// The output's name as its temporary file's begins (`.name.XXXXXX`): cut (between characters)
/// so that the temporary name, 8 bytes longer, still fits in a file name's 255 bytes.
func temporaryNameStem(_ name: String) -> String {
    let room = Int(NAME_MAX) - ".".utf8.count - ".XXXXXX".utf8.count
    guard name.utf8.count > room else { return name }
    var stem = Substring(name)
    while stem.utf8.count > room { stem = stem.dropLast() }
    return String(stem)
}

/// Writes into a character device or FIFO as it is (a FIFO waits for its reader, as a shell's `>` does).
private func writeInPlace(_ data: Data, to path: String, failure: (Int32) -> CellHeightError) throws {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    try writeAll(data, to: descriptor, failure: failure)
}

/// Why no temporary file could be made in `directory`: a directory that exists but takes no new
/// files (`/proc`) is not "no such directory".
private func temporaryFileFailure(_ code: Int32, directory: String, path: String) -> CellHeightError {
    var status = stat()
    if code == ENOENT, stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
        return .output(path: path, reason: "no new file can be created in \(directory)")
    }
    return .output(path: path, reason: outputErrorReason(code))
}

/// Writes every byte of `data` to `descriptor`, retrying interrupted and short writes.
package func writeAll(_ data: Data, to descriptor: Int32, failure: (Int32) -> CellHeightError) throws {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            offset += written
        }
    }
}

/// The mode of the file at `path` if there is one, otherwise 0666 minus the umask.
private func permissionsForReplacing(_ path: String) -> mode_t {
    var status = stat()
    if stat(path, &status) == 0 { return status.st_mode & 0o7777 }
    // umask can only be read by setting it; put it straight back.
    let mask = umask(0)
    umask(mask)
    return 0o666 & ~mask
}

/// A short lowercase reason for an `errno` value met while writing output.
package func outputErrorReason(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such directory"
    case EISDIR: return "is a directory"
    case EACCES, EPERM: return "permission denied"
    case ENOTDIR: return "a path component is not a directory"
    case ENOSPC: return "no space left on device"
    case EROFS: return "read-only file system"
    case EFBIG: return "file too large (the file size limit, ulimit -f)"
    case EPIPE: return "broken pipe"
    case ELOOP: return "a loop of symbolic links (or more than 40 in a row)"
    default: return String(cString: strerror(code)).lowercased()
    }
}
