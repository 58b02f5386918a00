import CellHeightEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a path names, independent of how it is spelled: `./a.json`, `a.json`, a hard link and a
/// symbolic link to it are one file. Used to make sure no output lands on a file the run reads.
package enum FileIdentity: Hashable, Sendable {
    /// An existing file (after following symbolic links): its device and inode.
    case existing(device: UInt64, inode: UInt64)
    /// A file that does not exist yet: the directory it would be created in, and its name there.
    case new(directoryDevice: UInt64, directoryInode: UInt64, name: String)

    /// The identity of the file `path` names, following symbolic links (a dangling link names the
    /// file it would create); nil when even its directory does not exist.
    package init?(path: String) {
        var status = stat()
        if stat(path, &status) == 0 {
            self = .existing(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            return
        }
        let target = resolvedSymbolicLinks(path)
        let (directory, name) = splitDirectoryAndName(target)
        guard !name.isEmpty, stat(directory, &status) == 0 else { return nil }
        self = .new(directoryDevice: UInt64(status.st_dev), directoryInode: UInt64(status.st_ino), name: name)
    }
}

/// Every file this run has opened for reading (inputs, rules, template, baseline, fonts), by
/// identity: an output that would land on one of them is refused (`writeAtomically`). The
/// engine's font files are recorded once `recordsFontFiles()` was called (before the first font
/// is read: the command line's first step, and `HeightRun`'s).
///
/// Each file is kept with its status-change time, so that a file deleted meanwhile whose inode
/// the system gave to a new file is not taken for it.
package final class FilesRead: @unchecked Sendable {
    package static let shared = FilesRead()
    private struct Key: Hashable {
        var identity: FileIdentity
        var changeSeconds: Int
        var changeNanoseconds: Int
    }
    private var names: [Key: String] = [:]
    private let lock = NSLock()

    /// Has the engine tell `shared` of each font file it reads (see `FontFileReading`).
    package static func recordsFontFiles() {
        FontFileReading.onRead = { descriptor, path in shared.record(descriptor: descriptor, name: path) }
    }

    /// Records the file at `path` (as it is now) as read.
    package func record(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        record(Self.key(status), name: path)
    }

    package func record(descriptor: Int32, name: String) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return }
        record(Self.key(status), name: name)
    }

    private func record(_ key: Key, name: String) {
        lock.lock()
        defer { lock.unlock() }
        if names[key] == nil { names[key] = name }
    }

    private static func key(_ status: stat) -> Key {
        Key(identity: .existing(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)),
            changeSeconds: Int(status.st_ctim.tv_sec), changeNanoseconds: Int(status.st_ctim.tv_nsec))
    }

    /// The path under which the file that `path` names was read, or nil if the run has not read it.
    package func readName(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return names[Self.key(status)]
    }
}

/// "dir/sub/file.json" → ("dir/sub", "file.json"); "file.json" → (".", "file.json").
package func splitDirectoryAndName(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
}

/// `path` with its symbolic links followed as far as they lead (at most 40, as the kernel does),
/// to the path of the file itself, which need not exist: for a link `out.json -> ../reports/out.json`
/// it is `DIR/../reports/out.json`. A path that is not a link is returned as it is.
package func resolvedSymbolicLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(current, &buffer, buffer.count - 1)
        guard length > 0 else { return current }
        let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") {
            current = target
        } else {
            let (directory, _) = splitDirectoryAndName(current)
            current = directory + "/" + target
        }
    }
    return current
}
