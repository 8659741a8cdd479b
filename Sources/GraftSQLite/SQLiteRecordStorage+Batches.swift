import Graft

/// Records of many keys in one query: a statement's fixed cost (stepping into the program, halting,
/// resetting) was about half of what loading one record took, so a read loads the records of a
/// list together before the reader locates them one by one.
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
    static let maxBatch = 64

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
    /// in the order of `keys`, querying up to ``maxBatch`` keys at a time.
    func forEachStoredRecord(_ keys: [CacheKey], _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        var start = 0
        while start < keys.count {
            var size = SQLiteRecordStorage.maxBatch
            while size > keys.count - start { size /= 2 }
            let statement = try batchStatement(size)
            batchKeyBytes.removeAll(keepingCapacity: true)
            for index in start..<start + size {
                for byte in keys[index].rawValue.utf8 { batchKeyBytes.append(byte) }
            }
            try batchKeyBytes.withUnsafeBytes { bytes in
                defer { statement.reset() }
                var offset = 0
                for index in 0..<size {
                    let count = keys[start + index].rawValue.utf8.count
                    statement.bindUnretained(text: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), at: Int32(index + 1))
                    offset += count
                }
                while try statement.step() {
                    let position = start + Int(statement.int64(at: 0))
                    try statement.withBlob(at: 1) { try body(position, $0) }
                }
            }
            start += size
        }
    }

    /// The query for `size` keys: their positions and the records' bytes, in the keys' order (the
    /// keys are the outer loop, each looked up by primary key).
    private func batchStatement(_ size: Int) throws -> SQLiteStatement {
        if let statement = batchStatements[size] { return statement }
        let rows = (0..<size).map { "(\($0), ?\($0 + 1))" }.joined(separator: ", ")
        let statement = try database.prepare("""
            SELECT k.column1, r.fields FROM (VALUES \(rows)) AS k CROSS JOIN records AS r ON r.key = k.column2
            """)
        batchStatements[size] = statement
        return statement
    }
}
