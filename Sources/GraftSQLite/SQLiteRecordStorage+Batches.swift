import Graft

/// Records of many keys in one statement: a statement's fixed cost (stepping into the program,
/// halting, resetting) was about half of what loading one record took, so a read loads the records
/// of a list together before the reader locates them one by one, and a merge looks up the records
/// it changes and writes them a batch at a time.
extension SQLiteRecordStorage {
    /// The records of one list, loaded ahead, in the order the reader locates them.
    struct PrefetchedList {
        let keys: [CacheKey]
        /// Per key: a scratch handle, ``absent``, or ``notLoaded``.
        var handles: [Int]
        /// The position of the key the reader locates next.
        var next = 0
    }

    /// No record has the key.
    static let absent = -1
    /// The record did not decode: it is loaded again on its own (which reports the damage).
    static let notLoaded = -2
    /// The most keys one query binds.
    package static let maxBatch = 64
    /// The list queries' numbers of keys, smallest first: a list takes the smallest that holds it.
    static let batchSizes = [8, maxBatch]

    public func prefetch(_ values: [CacheValue]) {
        var keys: [CacheKey] = []
        keys.reserveCapacity(values.count)
        for value in values {
            if case .reference(let key) = value { keys.append(key) }
        }
        guard keys.count > 1 else { return }
        var handles = [Int](repeating: SQLiteRecordStorage.absent, count: keys.count)
        do {
            try forEachStoredRecord(keys) { position, bytes in
                do {
                    scratch.append(try RecordCodec.decodeList(bytes, names: &names))
                    handles[position] = scratch.count - 1
                } catch {
                    handles[position] = SQLiteRecordStorage.notLoaded
                }
            }
        } catch {
            return  // the records are then loaded one by one
        }
        dropFinishedLists()
        prefetched.append(PrefetchedList(keys: keys, handles: handles))
    }

    /// The handle of `key` (nil for an absent record) when it is the next key of the innermost
    /// list loaded ahead; else (`notLoaded`, or a key read out of order) `.some` is not returned.
    func takePrefetched(_ key: CacheKey) -> Int?? {
        dropFinishedLists()
        guard let last = prefetched.indices.last else { return nil }
        let position = prefetched[last].next
        guard prefetched[last].keys[position] == key else { return nil }
        prefetched[last].next += 1
        let handle = prefetched[last].handles[position]
        if handle == SQLiteRecordStorage.notLoaded { return nil }
        return .some(handle == SQLiteRecordStorage.absent ? nil : handle)
    }

    /// Forgets lists whose records have all been located.
    private func dropFinishedLists() {
        while let last = prefetched.last, last.next == last.keys.count { prefetched.removeLast() }
    }

    /// Calls `body` with the position in `keys` and the stored bytes of every record that exists,
    /// in the order of `keys`, querying up to ``maxBatch`` keys at a time with the smallest list
    /// query that holds them (``batchSizes``). The parameters left unbound are NULL, which no key
    /// equals; each costs SQLite about 20 ns (2 keys: 1.0 µs through a 2-key query, 2.2 µs through
    /// the 64-key one), so two queries, both prepared at open, serve every length.
    func forEachStoredRecord(_ keys: [CacheKey], _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        var start = 0
        while start < keys.count {
            let count = min(SQLiteRecordStorage.maxBatch, keys.count - start)
            var slot = 0
            while SQLiteRecordStorage.batchSizes[slot] < count { slot += 1 }
            let statement = batchStatements[slot]
            batchKeyBytes.removeAll(keepingCapacity: true)
            for index in start..<start + count {
                for byte in keys[index].rawValue.utf8 { batchKeyBytes.append(byte) }
            }
            try batchKeyBytes.withUnsafeBytes { bytes in
                defer { statement.reset() }
                var offset = 0
                for index in 0..<count {
                    let length = keys[start + index].rawValue.utf8.count
                    statement.bindUnretained(text: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), at: Int32(index + 1))
                    offset += length
                }
                while try statement.step() {
                    let position = start + Int(statement.int64(at: 0))
                    try statement.withBlob(at: 1) { try body(position, $0) }
                }
            }
            start += count
        }
    }

    /// Records waiting to be written: their keys and encoded fields end to end.
    struct PendingWrites {
        var keys: [UInt8] = []
        var keyEnds: [Int] = []
        var blobs: [UInt8] = []
        var blobEnds: [Int] = []

        var count: Int { keyEnds.count }

        mutating func removeAll() {
            keys.removeAll(keepingCapacity: true)
            keyEnds.removeAll(keepingCapacity: true)
            blobs.removeAll(keepingCapacity: true)
            blobEnds.removeAll(keepingCapacity: true)
        }
    }

    /// The most records written before the queue is flushed (bounds the memory it holds).
    static let maxPendingWrites = 1024

    /// Queues the record `key` with encoded `fields` to be written (stamped with the current
    /// tick) by ``flushWrites()``; a key is queued at most once per flush.
    func queueWrite(_ key: CacheKey, _ fields: [UInt8]) throws {
        for byte in key.rawValue.utf8 { pendingWrites.keys.append(byte) }
        pendingWrites.keyEnds.append(pendingWrites.keys.count)
        pendingWrites.blobs.append(contentsOf: fields)
        pendingWrites.blobEnds.append(pendingWrites.blobs.count)
        if pendingWrites.count >= SQLiteRecordStorage.maxPendingWrites { try flushWrites() }
    }

    /// Writes the queued records, up to ``maxBatch`` a statement, in key order (the table's
    /// order: inserting in order fills its pages from one end instead of splitting them anywhere).
    func flushWrites() throws {
        defer { pendingWrites.removeAll() }
        let order = pendingWrites.keys.withUnsafeBytes { keys in
            let ends = pendingWrites.keyEnds
            func key(_ index: Int) -> UnsafeRawBufferPointer {
                UnsafeRawBufferPointer(rebasing: keys[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
            }
            return (0..<pendingWrites.count).sorted { key($0).lexicographicallyPrecedes(key($1)) }
        }
        var start = 0
        while start < pendingWrites.count {
            var size = SQLiteRecordStorage.maxBatch
            while size > pendingWrites.count - start { size /= 2 }
            let statement = try upsertStatement(size)
            try pendingWrites.keys.withUnsafeBytes { keys in
                try pendingWrites.blobs.withUnsafeBytes { blobs in
                    defer { statement.reset() }
                    for row in 0..<size {
                        let index = order[start + row]
                        let keyStart = index == 0 ? 0 : pendingWrites.keyEnds[index - 1]
                        let blobStart = index == 0 ? 0 : pendingWrites.blobEnds[index - 1]
                        let parameter = Int32(row * 3)
                        statement.bindUnretained(text: UnsafeRawBufferPointer(rebasing: keys[keyStart..<pendingWrites.keyEnds[index]]),
                                                 at: parameter + 1)
                        statement.bindUnretained(blob: UnsafeRawBufferPointer(rebasing: blobs[blobStart..<pendingWrites.blobEnds[index]]),
                                                 at: parameter + 2)
                        statement.bind(tick, at: parameter + 3)
                    }
                    while try statement.step() {}
                }
            }
            start += size
        }
    }

    /// The upsert of `size` records.
    private func upsertStatement(_ size: Int) throws -> SQLiteStatement {
        if let statement = upsertStatements[size] { return statement }
        let rows = (0..<size).map { "(?\($0 * 3 + 1), ?\($0 * 3 + 2), ?\($0 * 3 + 3))" }.joined(separator: ", ")
        let statement = try database.prepare("""
            INSERT INTO records (key, fields, used) VALUES \(rows)
            ON CONFLICT(key) DO UPDATE SET fields = excluded.fields, used = excluded.used
            """)
        upsertStatements[size] = statement
        return statement
    }

    /// The SQL of the query for `size` keys: their positions and the records' bytes, in the keys'
    /// order (the keys are the outer loop, each looked up by primary key). It is ASCII bytes
    /// appended to one buffer and handed to SQLite as they are: built with `String` appends, the
    /// 64-key query cost a new process 73,000 more instructions (code and metadata
    /// used for the first time), a seventh of what compiling it costs. `graft-bench cache cold`
    /// runs it too, to time SQLite alone.
    package static func batchSQL(_ size: Int) -> [UInt8] {
        var sql: [UInt8] = []
        sql.reserveCapacity(64 + size * 16)
        func append(_ text: StaticString) {
            text.withUTF8Buffer { sql.append(contentsOf: $0) }
        }
        func append(_ number: Int) {
            var digits = 1
            while number >= digits * 10 { digits *= 10 }
            while digits > 0 {
                sql.append(UInt8(ascii: "0") + UInt8(number / digits % 10))
                digits /= 10
            }
        }
        append("SELECT k.column1, r.fields FROM (VALUES ")
        for index in 0..<size {
            if index > 0 { append(", ") }
            append("(")
            append(index)
            append(", ?")
            append(index + 1)
            append(")")
        }
        append(") AS k CROSS JOIN records AS r ON r.key = k.column2")
        return sql
    }
}
