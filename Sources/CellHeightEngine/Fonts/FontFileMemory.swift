#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for a font file's bytes: a large file (Noto Sans CJK's 20 MB) goes in an anonymous
/// mapping that Linux may back with 2 MiB pages (`MADV_HUGEPAGE`, honoured where transparent huge
/// pages are `madvise` or `always`), so reading it faults some ten times instead of some five
/// thousand; a small one, or where mapping fails, is allocated as usual. Either way it is private
/// memory filled by `read`, never a mapping of the file itself (see `FontFileData`).
struct FontFileMemory {
    let bytes: UnsafeMutableRawBufferPointer
    /// The whole mapping, to unmap; nil for allocated memory.
    private let mapping: UnsafeMutableRawBufferPointer?

    /// From this size on, a file is read into a mapping aligned to huge pages.
    static let mappedSize = 4 << 20
    private static let hugePage = 2 << 20

    init(byteCount: Int) {
        #if os(Linux)
        if byteCount >= Self.mappedSize {
            // One huge page more than needed, so that the bytes can start on a huge page boundary.
            let length = byteCount + Self.hugePage
            let start = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let start, start != MAP_FAILED {
                let offset = (Self.hugePage - Int(bitPattern: start) % Self.hugePage) % Self.hugePage
                _ = madvise(start + offset, byteCount, MADV_HUGEPAGE)
                mapping = UnsafeMutableRawBufferPointer(start: start, count: length)
                bytes = UnsafeMutableRawBufferPointer(start: start + offset, count: byteCount)
                return
            }
        }
        #endif
        mapping = nil
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 16)
    }

    /// Gives the memory back (once, when its file's bytes go).
    func release() {
        if let mapping {
            munmap(mapping.baseAddress, mapping.count)
        } else {
            bytes.deallocate()
        }
    }
}
