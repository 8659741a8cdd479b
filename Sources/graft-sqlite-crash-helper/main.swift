// graft-sqlite-crash-helper DATABASE FIRST
//
// Used by GraftSQLiteTests' crash-safety test (not a product). Opens the SQLite cache at DATABASE
// and merges change sets FIRST, FIRST + 1, ... forever, printing `committed N` after merge N
// commits, until it is killed. Merge N sets every `Item:k.value` to N, adds `Batch:N` and sets
// `Meta.last` to N, so the database after merge N is known exactly (CrashPlan.expectedRecords).
import Foundation
import Graft
import GraftSQLite

let arguments = CommandLine.arguments
guard arguments.count == 3, let first = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: graft-sqlite-crash-helper DATABASE FIRST\n".utf8))
    exit(2)
}
do {
    let storage = try SQLiteRecordStorage(path: arguments[1])
    var merge = first
    while true {
        var changes = RecordSet()
        for item in 0..<CrashPlan.itemCount {
            let key = CacheKey("Item:\(item)")
            changes.set(key, "value", .int(merge))
            changes.set(key, "payload", .string(CrashPlan.payload(merge, item)))
        }
        changes.set(CacheKey("Batch:\(merge)"), "n", .int(merge))
        changes.set("Meta", "last", .int(merge))
        _ = try storage.merge(changes, receivedAt: CacheTimestamp(seconds: UInt32(merge)))
        FileHandle.standardOutput.write(Data("committed \(merge)\n".utf8))
        merge += 1
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

/// What each merge writes (the test keeps its own copy of these rules).
enum CrashPlan {
    static let itemCount = 60

    static func payload(_ merge: Int, _ item: Int) -> String {
        String(repeating: "payload-\(item)-", count: 40) + String(merge)
    }
}
