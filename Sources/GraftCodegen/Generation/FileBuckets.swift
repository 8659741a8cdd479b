/// Where `"fileBuckets": N` puts each generated definition: the file its name's 64-bit FNV-1a
/// hash picks, modulo N. A fixed hash (not Swift's `Hasher`, seeded per process) of the name
/// alone, so every run and every machine agree, and adding or editing one definition changes one
/// file. Files are `GraftBucket-1.graphql.swift` ... `GraftBucket-N.graphql.swift`: the hyphen
/// keeps them apart from any file named after a definition, a namespace or an operation file
/// (those names are identifiers), and Swift rejects two files of one name in a module.
enum FileBuckets {
    /// The bucket of `name` among `count` (0-based).
    static func index(of name: String, count: Int) -> Int {
        Int(fnv1a(name) % UInt64(count))
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// The file of the bucket at `index` (0-based), numbered from 1.
    static func path(_ index: Int) -> String {
        "GraftBucket-\(index + 1).graphql.swift"
    }

    /// A definition to place: the name its bucket follows from, the key it is ordered by inside
    /// the bucket (its file's path without buckets: kind, then Swift name), and its rendering.
    struct Part {
        var name: String
        var order: String
        var render: (inout SwiftWriter) -> Void
        /// What goes outside the namespace (after every part's body).
        var topLevel: ((inout SwiftWriter) -> Void)?
    }

    /// `parts` in `count` buckets, each in `order`; empty buckets included (the build plugin
    /// declares every bucket file before generating).
    static func spread(_ parts: [Part], count: Int) -> [[Part]] {
        var buckets = [[Part]](repeating: [], count: count)
        for part in parts { buckets[index(of: part.name, count: count)].append(part) }
        return buckets.map { $0.sorted { $0.order < $1.order } }
    }
}
