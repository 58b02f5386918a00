#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who is told of the font files the engine reads.
package enum FontFileReading {
    /// Told of each font file once it is read (once per path), with its descriptor, still open,
    /// and its path: a program that must not overwrite the files it read records them (the kit's
    /// `FilesRead`). Set before the first font is read; nil tells no one.
    nonisolated(unsafe) package static var onRead: ((_ descriptor: Int32, _ path: String) -> Void)?
}

/// The bytes of a font file, read once into memory (`FontRegistry` keeps them) and shared by every
/// face opened from it.
///
/// FreeType would map the file instead; a mapped file that is truncated while in use (a package
/// upgrade, a font being rewritten) kills the process with SIGBUS. Read bytes cannot change under
/// the run: every face of every thread sees the same font, whatever happens to the file.
final class FontFileData: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
    /// The memory `bytes` lies in (see `FontFileMemory`).
    private let memory: FontFileMemory

    /// Larger than any real font (Noto Sans CJK's collection is 20 MB).
    static let maximumSize = 256 << 20

    private init(bytes: UnsafeMutableRawBufferPointer, memory: FontFileMemory) {
        self.bytes = bytes
        self.memory = memory
    }

    deinit { memory.release() }

    /// Reads the font file at `path` (see `FontRegistry.fileData(path:)`, which reads each path once).
    ///
    /// - Throws: `EngineError` when the path is missing, unreadable, a directory, or not a
    ///   regular file (a FIFO would block forever, a device never end).
    static func read(_ path: String) throws -> FontFileData {
        // O_NONBLOCK: opening a FIFO to read would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw EngineError.fontNotFound(path: path)
            case EISDIR: throw EngineError.fontPathIsDirectory(path: path)
            default: throw EngineError.fontUnreadable(path: path)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw EngineError.fontUnreadable(path: path) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw EngineError.fontPathIsDirectory(path: path)
        default: throw EngineError.fontNotRegularFile(path: path)
        }
        guard status.st_size <= maximumSize else {
            throw EngineError.fontTooLarge(path: path, limitMiB: Int(maximumSize >> 20))
        }
        let size = Int(status.st_size)
        let memory = FontFileMemory(byteCount: max(size, 1))
        let bytes = memory.bytes
        var filled = 0
        while filled < size {
            let count = Glibc.read(descriptor, bytes.baseAddress! + filled, size - filled)
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                memory.release()
                throw EngineError.fontUnreadable(path: path)
            }
            if count == 0 { break }  // truncated while being read: FreeType judges what there is
            filled += count
        }
        FontFileReading.onRead?(descriptor, path)
        return FontFileData(bytes: UnsafeMutableRawBufferPointer(rebasing: bytes[0..<filled]), memory: memory)
    }
}
