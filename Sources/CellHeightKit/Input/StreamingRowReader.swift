#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Reads an input's rows a batch at a time, so that `lines` and `ndjson` input of any size is
/// measured in bounded memory and its results can be written as they come.
///
/// The input is read in chunks cut after their last "\n", each decoded and parsed like a whole
/// input; rows, line numbers and byte offsets (in rows and in errors) count from the start of the
/// input. A JSON array (`json`, or `auto` starting with "[") is cut between its elements instead
/// (`JSONArrayCuts`), so that it too is read in bounded memory, and white space between its
/// elements is dropped as it is read. Inputs whose rows can span lines (`paragraphs`, `csv`)
/// and UTF-16 input are read whole and come as one batch. So are translation catalogs (`po`, `mo`, `strings`, `xcstrings`,
/// `android`, `xliff`, `stringsdict`, or `auto` for a file whose name says it is one, see
/// `CatalogFormat(detectingPath:firstBytes:)`): their bytes go to `readCatalogRows` undecoded
/// (each format knows its encoding; `lossy` does not apply).
package final class StreamingRowReader {
    /// Bytes read per chunk, e.g. 1 MiB.
    package static let defaultChunkSize = 1 << 20

    package let name: String
    /// How many invalid sequences `lossy` decoding replaced so far.
    package private(set) var replacementCount = 0
    /// Bytes of the input handed out as rows so far.
    package var bytesRead: Int { bytesBefore }
    /// Bytes read but not yet handed out as rows (how much of the input the reader holds).
    var bufferedByteCount: Int { pending.count }
    /// Whether a batch may still come: false once the input's end was read and every byte handed out.
    package var mayHaveMore: Bool { !atEnd || !pending.isEmpty }
    /// The input's size in bytes when it is a regular file; nil for pipes and terminals.
    package let totalBytes: Int?

    private let path: String?
    private let descriptor: Int32
    private let format: RowFormat
    private let lossy: Bool
    private let requireText: Bool
    private let chunkSize: Int
    private var pending: [UInt8] = []
    private var atEnd = false
    private var isFirstChunk = true
    /// Rows, lines and bytes already handed out, to number what comes next.
    private var rowsBefore = 0
    private var linesBefore = 0
    private var bytesBefore = 0
    /// The format the first chunk resolved `auto` to.
    private var resolvedFormat: RowFormat?
    /// The catalog format of the input, set by the first chunk: the explicit one, or for `auto`
    /// the one the file's name says.
    private var catalogFormat: CatalogFormat?

    /// Whether an ICU plural or select message in a row that is not a catalog's is a row per branch
    /// (see `expandingICUBranches`; rows are then numbered by whoever reads them).
    package let expandsICUMessages: Bool
    /// What the catalog read so far holds that is worth a warning (see `CatalogWarning`); the
    /// caller reports and empties it (see `takeCatalogWarnings`).
    package var catalogWarnings: [CatalogWarning] = []

    /// Removes and returns the catalog warnings that are reported as soon as they are read
    /// (`reportedAtOnce` true) or, with false, the others.
    package func takeCatalogWarnings(reportedAtOnce: Bool) -> [CatalogWarning] {
        let taken = catalogWarnings.filter { $0.reportedAtOnce == reportedAtOnce }
        catalogWarnings.removeAll { $0.reportedAtOnce == reportedAtOnce }
        return taken
    }

    package init(path: String?, format: RowFormat, lossy: Bool, requireText: Bool, expandsICUMessages: Bool = false,
                chunkSize: Int = StreamingRowReader.defaultChunkSize) throws {
        self.expandsICUMessages = expandsICUMessages
        (descriptor, name) = try openInput(path)
        var status = stat()
        totalBytes = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        self.path = path
        // A file's extension says its format before its content does (a `.txt` starting with `[`
        // is text; a `.csv` is CSV, header included).
        self.format = format == .auto && !isStandardInput(path) ? RowFormat(extensionOf: path!) ?? .auto : format
        self.lossy = lossy
        self.requireText = requireText
        self.chunkSize = max(chunkSize, 1)
    }

    deinit {
        if !isStandardInput(path) { close(descriptor) }
    }

    /// The next rows (numbered from 0 across the whole input, before ICU messages are expanded),
    /// or nil after the last batch.
    package func nextBatch() throws -> [Row]? {
        guard let rows = try nextBatchAsRead() else { return nil }
        return expandsICUMessages ? try expandingICUBranches(rows, source: name) : rows
    }

    private func nextBatchAsRead() throws -> [Row]? {
        guard let bytes = try nextSpan() else {
            // A JSON array whose last part was cut before the input ended: its end is checked
            // (an array never closed is an error).
            if jsonCuts != nil && jsonState != .closed { _ = try jsonArrayRows([]) }
            return nil
        }
        if jsonCuts != nil { return try jsonArrayRows(bytes) }
        if let catalogFormat {
            var rows = try readCatalogRows(bytes, format: catalogFormat, path: name, warnings: &catalogWarnings)
            for i in rows.indices { rows[i].index += rowsBefore }
            rowsBefore += rows.count
            bytesBefore += bytes.count
            return rows
        }
        if let rows = try lineRows(bytes) { return rows }
        let decoded = try decode(bytes)
        if resolvedFormat == nil {
            resolvedFormat = format.textFormat.map { RowFormat(rawValue: $0.resolved(for: decoded.text).rawValue)! } ?? format
        }
        defer {
            linesBefore += bytes.withUnsafeBufferPointer(newlineCount)
            bytesBefore += bytes.count
        }
        var rows: [Row]
        do {
            rows = try parseRows(in: decoded.text, format: resolvedFormat!, source: name, requireText: requireText)
        } catch CellHeightError.invalidJSON(let source, let line, let column, let reason)
                    where format == .auto && resolvedFormat == .json {
            // (NDJSON detected by "{" or '"' is read a line at a time by `lineRows` too, without.)
            throw Self.readAsLinesHint(source: source, line: line + linesBefore, column: column, reason: reason)
        } catch let error as CellHeightError {
            throw error.shiftingLines(by: linesBefore)
        }
        for i in rows.indices {
            rows[i].index += rowsBefore
            rows[i].sourceLine += linesBefore
        }
        rowsBefore += rows.count
        return rows
    }

    /// The rows of `bytes` when they are `lines` or `ndjson` input in well-formed UTF-8 (a byte
    /// order mark is dropped), read a line at a time straight from the bytes (validation is the
    /// only decoding done); nil, having changed nothing, otherwise (then the general decoding
    /// repairs or reports them).
    private func lineRows(_ bytes: [UInt8]) throws -> [Row]? {
        if startsWithUTF16ByteOrderMark(bytes) { return nil }
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let format = resolvedFormat ?? self.format.textFormat.map { textFormat in
            // `auto` is resolved by the first character that is not white space.
            let first = bytes[bomLength...].prefix { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.count + bomLength
            let head = first < bytes.count ? String(decoding: [bytes[first]], as: UTF8.self) : ""
            return RowFormat(rawValue: textFormat.resolved(for: head).rawValue)!
        } ?? self.format
        guard format == .lines || format == .ndjson else { return nil }
        let valid = bytes.withUnsafeBufferPointer { isWellFormedUTF8(UnsafeBufferPointer(rebasing: $0[bomLength...])) }
        guard valid else { return nil }
        resolvedFormat = format
        let text = bomLength > 0 ? Array(bytes[bomLength...]) : bytes
        var lines = splitLines(text)
        let newlines = text.last == 0x0A ? lines.count : max(lines.count - 1, 0)
        var rows: [Row] = []
        if format == .ndjson {
            lines.removeAll { isBlankLine($0, in: text) }
            rows.reserveCapacity(lines.count)
            for (k, line) in lines.enumerated() {
                let numbered = InputLine(number: line.number + linesBefore, range: line.range)
                rows.append(try readNDJSONRow(text, line: numbered, index: rowsBefore + k, source: name,
                                              requireText: requireText))
            }
        } else {
            rows = lines.enumerated().map { k, line in
                Row(index: rowsBefore + k, text: utf8Text(of: line.range, in: text), sourceLine: line.number + linesBefore)
            }
        }
        rowsBefore += rows.count
        linesBefore += newlines
        bytesBefore += bytes.count
        return rows
    }

    /// The next run of whole lines, or everything left for inputs that cannot be cut; nil at the end.
    private func nextSpan() throws -> [UInt8]? {
        while true {
            if !atEnd {
                let chunk = try readChunk(fileDescriptor: descriptor, name: name, capacity: chunkSize)
                atEnd = chunk.count < chunkSize
                pending.append(contentsOf: chunk)
                // How to cut the input is decided by its first character that is not white space
                // (a chunk of white space alone does not say).
                if isFirstChunk && (atEnd || pending.contains { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) {
                    isFirstChunk = false
                    catalogFormat = format.catalogFormat
                        ?? (format == .auto && !isStandardInput(path) ? CatalogFormat(detectingPath: name, firstBytes: pending) : nil)
                    isCuttable = catalogFormat == nil && canCut(firstBytes: pending)
                    if catalogFormat == nil && isJSONArray(firstBytes: pending) { jsonCuts = JSONArrayCuts() }
                }
            }
            if jsonCuts != nil, !atEnd {
                // A part ends at the last place between two of the array's tokens.
                if let cut = jsonCuts!.lastCut(in: pending), cut > 0 {
                    let span = Array(pending[..<cut])
                    pending.removeSubrange(..<cut)
                    jsonCuts!.didRemove(cut)
                    return span
                }
                continue
            }
            if isCuttable, !atEnd, let lastNewline = pending.lastIndex(of: 0x0A) {
                let span = Array(pending[...lastNewline])
                pending.removeSubrange(...lastNewline)
                return span
            }
            if atEnd {
                let rest = pending
                pending = []
                return rest.isEmpty ? nil : rest
            }
        }
    }

    private var isCuttable = false
    /// Where a JSON array read in parts may be cut, and where its parts stand; nil for other input.
    private var jsonCuts: JSONArrayCuts?
    private var jsonState = JSONParser.ArrayPartState.beforeArray
    /// The column the next part of a JSON array starts in, on line `linesBefore + 1`.
    private var jsonColumn = 1

    /// `bytes` decoded (see `decodeText`), an offset in an error counted from the input's start.
    private func decode(_ bytes: [UInt8]) throws -> DecodedText {
        let decoded: DecodedText
        do {
            decoded = try decodeText(Data(bytes), source: name, lossy: lossy)
        } catch CellHeightError.invalidUTF8(let source, let offset) {
            throw CellHeightError.invalidUTF8(source: source, byteOffset: offset + bytesBefore)
        }
        replacementCount += decoded.replacementCount
        return decoded
    }

    /// A JSON error in input read as a JSON array only because it starts with "[" (format
    /// `auto`), saying how to read it as text.
    private static func readAsLinesHint(source: String, line: Int, column: Int, reason: String) -> CellHeightError {
        .invalidGuessedJSONArray(source: source, line: line, column: column, reason: reason)
    }

    /// The rows of the next part of a JSON array read in parts (see `JSONArrayCuts`).
    private func jsonArrayRows(_ bytes: [UInt8]) throws -> [Row] {
        // Well-formed UTF-8 without a byte order mark is parsed as it is (validation is the only
        // decoding); anything else is decoded first (repaired with `lossy`, or reported).
        let isPlainUTF8 = !bytes.starts(with: [0xEF, 0xBB, 0xBF]) && !startsWithUTF16ByteOrderMark(bytes)
            && bytes.withUnsafeBufferPointer(isWellFormedUTF8)
        let text = isPlainUTF8 ? bytes : Array(try decode(bytes).text.utf8)
        resolvedFormat = .json
        let rows: [Row]
        do {
            rows = try readJSONArrayPart(text, state: &jsonState, isLast: !mayHaveMore,
                                         firstIndex: rowsBefore, firstLine: linesBefore + 1, firstColumn: jsonColumn,
                                         source: name, requireText: requireText)
        } catch CellHeightError.invalidJSON(let source, let line, let column, let reason) where format == .auto {
            throw Self.readAsLinesHint(source: source, line: line, column: column, reason: reason)
        }
        // Where the next part starts: lines and columns (Unicode scalars) of this one.
        let newlines = bytes.withUnsafeBufferPointer(newlineCount)
        let lastLineStart = newlines == 0 ? 0 : bytes.lastIndex(of: 0x0A)! + 1
        // (A byte order mark at the input's start is no column.)
        let bom = bytesBefore == 0 && newlines == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 1 : 0
        let scalars = bytes.withUnsafeBufferPointer { scalarCount(in: UnsafeBufferPointer(rebasing: $0[lastLineStart...])) } - bom
        jsonColumn = newlines > 0 ? 1 + scalars : jsonColumn + scalars
        linesBefore += newlines
        bytesBefore += bytes.count
        rowsBefore += rows.count
        return rows
    }

    /// Whether the input is a JSON array to read in parts: `json`, or `auto` whose first
    /// character is "[", in UTF-8.
    private func isJSONArray(firstBytes bytes: [UInt8]) -> Bool {
        guard format == .json || format == .auto else { return false }
        if startsWithUTF16ByteOrderMark(bytes) { return false }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes[bom...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "[")
    }

    /// Whether the input can be cut at line ends: one row per line (`lines`, `ndjson`, or `auto`
    /// that is not a JSON array) and not UTF-16.
    private func canCut(firstBytes bytes: [UInt8]) -> Bool {
        if startsWithUTF16ByteOrderMark(bytes) { return false }
        switch format {
        case .lines, .ndjson: return true
        case .json, .paragraphs, .csv, .po, .mo, .strings, .xcstrings, .android, .xliff, .stringsdict: return false
        case .auto:
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let first = bytes[bom...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            return first != UInt8(ascii: "[")
        }
    }
}

extension CellHeightError {
    /// The same error with its line number moved down by `lines` (for a chunk of a larger input).
    func shiftingLines(by lines: Int) -> CellHeightError {
        switch self {
        case .invalidJSON(let source, let line, let column, let reason):
            return .invalidJSON(source: source, line: line + lines, column: column, reason: reason)
        case .invalidGuessedJSONArray(let source, let line, let column, let reason):
            return .invalidGuessedJSONArray(source: source, line: line + lines, column: column, reason: reason)
        case .invalidInput(let source, let line?, let reason):
            return .invalidInput(source: source, line: line + lines, reason: reason)
        default:
            return self
        }
    }
}
