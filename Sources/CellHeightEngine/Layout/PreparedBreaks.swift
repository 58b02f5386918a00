/// The break opportunities of a prepared text (`PreparedText.breaks`), 12 bytes each: a 20 MB
/// row of Chinese has a break at almost every ideograph, 6.3 million of them, so each byte of a
/// record counts six million times.
///
/// A record keeps the offset, x in 48 bits and a tag: the kind, and the code of its hang (the
/// spaces before it that hang at a line end: how many units, how wide) in the text's short list
/// of hangs (most breaks of CJK text have none, most of prose one space). A break that does not
/// fit (x beyond 48 bits, a text with thousands of different hangs) is kept whole in a side
/// list, `outsized`; its record still holds its offset and kind.
///
/// Written in ascending order of index after `removeAll` (each paragraph writes its own); the
/// records only grow, so that a row reuses them without clearing them.
struct PreparedBreaks {
    struct Record {
        var offset: UInt32
        var xLow: UInt32
        var xHigh: Int16
        /// The kind in its low 2 bits, the hang's code above them.
        var tag: UInt16

        static let spare = Record(offset: 0, xLow: 0, xHigh: 0, tag: 0)
    }

    /// The spaces before a break that hang at a line end: units (the offset minus where the
    /// content ends) and width (x minus the content's x, in 1/65536 px).
    struct Hang: Hashable {
        var units: UInt32
        var width: Int
    }

    /// A break kept whole, for the record at `index`.
    struct Outsized {
        var index: Int
        var value: PreparedBreak
    }

    /// The code of a hang that is not listed: the break is in `outsized`.
    static let outsizedCode: UInt16 = 0x3FFF
    /// x fits a record in 48 bits, signed.
    private static let xBits = 48

    private(set) var records: [Record] = []
    /// The hangs the codes name; code 0 is no hang.
    private(set) var hangs: [Hang] = PreparedBreaks.noHangs
    /// Breaks that do not fit a record, by ascending index.
    private(set) var outsized: [Outsized] = []
    /// The codes of `hangs`, to find a hang's code in a long list (after the last one used,
    /// which usually comes again).
    private var hangCodes: [Hang: UInt16] = [:]
    private var lastHangCode: UInt16 = 0

    /// Shared by every text until it lists a hang: a text with none allocates no list.
    private static let noHangs = [Hang(units: 0, width: 0)]

    /// How many records there are (the text uses the first `PreparedText.breakCount`).
    var count: Int { records.count }
    var capacity: Int { records.capacity }

    mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(count)
    }

    /// Forgets the hangs and outsized breaks before a text is written again; the records stay.
    mutating func removeAll() {
        guard hangs.count > 1 || !outsized.isEmpty else { return }
        hangs.removeSubrange(1...)
        hangCodes.removeAll(keepingCapacity: true)
        lastHangCode = 0
        outsized.removeAll(keepingCapacity: true)
    }

    /// Records `value` as break `index` (see the ordering above).
    mutating func set(_ value: PreparedBreak, at index: Int) {
        let record = record(of: value, at: index)
        if index < records.count {
            records[index] = record
        } else {
            if index > records.count { records.append(contentsOf: repeatElement(.spare, count: index - records.count)) }
            records.append(record)
        }
    }

    /// Records `values` as the breaks from `index` on.
    mutating func set(_ values: UnsafeBufferPointer<PreparedBreak>, at index: Int) {
        let end = index + values.count
        if end > records.count { records.append(contentsOf: repeatElement(.spare, count: end - records.count)) }
        // Written through one pointer (not a uniqueness check per record), with the records
        // taken out of `self` meanwhile, as `record(of:at:)` adds to the hangs and outsized ones.
        var written: [Record] = []
        swap(&written, &records)
        written.withUnsafeMutableBufferPointer { written in
            for k in 0..<values.count { written[index &+ k] = record(of: values[k], at: index &+ k) }
        }
        swap(&written, &records)
    }

    /// The record of `value`; when it does not fit one, `value` goes to `outsized`.
    @inline(__always)
    private mutating func record(of value: PreparedBreak, at index: Int) -> Record {
        let kind = UInt16(value.kind.rawValue)
        let x = value.x
        if x >> (Self.xBits - 1) == 0 || x >> (Self.xBits - 1) == -1,
           let code = code(of: Hang(units: value.offset &- value.contentEnd, width: x &- value.contentX)) {
            return Record(offset: value.offset, xLow: UInt32(truncatingIfNeeded: x),
                          xHigh: Int16(truncatingIfNeeded: x >> 32), tag: code << 2 | kind)
        }
        precondition(outsized.last.map { $0.index < index } ?? true, "breaks written out of order")
        outsized.append(Outsized(index: index, value: value))
        return Record(offset: value.offset, xLow: 0, xHigh: 0, tag: Self.outsizedCode << 2 | kind)
    }

    /// The code of `hang`, listed on first use; nil when the list is full.
    @inline(__always)
    private mutating func code(of hang: Hang) -> UInt16? {
        if hang.units == 0 && hang.width == 0 { return 0 }
        if hangs[Int(lastHangCode)] == hang { return lastHangCode }
        // A short list is scanned (prose has a few hangs: a space, a space kerned with the next
        // letter, two spaces), which costs less than hashing; a long one is looked up.
        if hangs.count <= Self.scannedHangs {
            for code in 1..<hangs.count where hangs[code] == hang {
                lastHangCode = UInt16(code)
                return lastHangCode
            }
        } else if let known = hangCodes[hang] {
            lastHangCode = known
            return known
        }
        guard hangs.count < Int(Self.outsizedCode) else { return nil }
        let code = UInt16(hangs.count)
        hangs.append(hang)
        hangCodes[hang] = code
        lastHangCode = code
        return code
    }

    /// Up to how many hangs (besides "none") are found by scanning the list, not by `hangCodes`.
    private static let scannedHangs = 16

    /// Break `index`, for code that is not the wrap loop (tests).
    subscript(index: Int) -> PreparedBreak {
        withView { $0[index] }
    }

    /// Calls `body` with the records' storage.
    func withView<R>(_ body: (View) -> R) -> R {
        records.withUnsafeBufferPointer { records in
            hangs.withUnsafeBufferPointer { hangs in
                outsized.withUnsafeBufferPointer { outsized in
                    body(View(records: records, hangs: hangs.baseAddress!, outsized: outsized))
                }
            }
        }
    }

    /// The breaks as the wrap loop reads them (no bounds checks, no reference counting).
    struct View {
        let records: UnsafeBufferPointer<Record>
        let hangs: UnsafePointer<Hang>
        let outsized: UnsafeBufferPointer<Outsized>

        /// The offset of break `i` (what the wrap loop reads most).
        @inline(__always)
        func offset(_ i: Int) -> Int { Int(records[i].offset) }

        @inline(__always)
        func kind(_ i: Int) -> BreakKind { BreakKind(rawValue: UInt8(records[i].tag & 3))! }

        @inline(__always)
        subscript(i: Int) -> PreparedBreak {
            let record = records[i]
            let code = record.tag >> 2
            guard code != PreparedBreaks.outsizedCode else { return outsizedBreak(i) }
            let x = Int(record.xHigh) << 32 | Int(record.xLow)
            let hang = hangs[Int(code)]
            return PreparedBreak(x: x, contentX: x &- hang.width, offset: record.offset,
                                 contentEnd: record.offset &- hang.units,
                                 kind: BreakKind(rawValue: UInt8(record.tag & 3))!)
        }

        private func outsizedBreak(_ i: Int) -> PreparedBreak {
            var low = 0, high = outsized.count
            while low < high {
                let middle = (low + high) / 2
                if outsized[middle].index < i { low = middle + 1 } else { high = middle }
            }
            return outsized[low].value
        }
    }
}

/// A break opportunity of a prepared paragraph with what the wrap loop reads there, offsets and x
/// from the paragraph's start (x in 1/65536 px; tabs count 0, see `OffsetNumbers.prefix`), as
/// `PreparedBreaks` gives it. Offsets fit 32 bits, as HarfBuzz takes at most 2^31 units at once.
struct PreparedBreak: Equatable {
    /// x where a line starting here starts, e.g. the x of "all" in "Delete all".
    var x: Int
    /// x where the content before the opportunity ends: before the spaces that hang there.
    var contentX: Int
    /// UTF-16 offset of the opportunity, e.g. 7 for the break after "Delete " in "Delete all".
    var offset: UInt32
    /// Where the content before it ends, e.g. 6.
    var contentEnd: UInt32
    var kind: BreakKind
}
