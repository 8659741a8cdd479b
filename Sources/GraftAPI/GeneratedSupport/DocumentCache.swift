/// The documents of generated operations in the class shape, each built on its first use and kept
/// for the life of the process (a lock and a dictionary lookup per read), as `SelectionCache`
/// keeps models' selections. A `static let document` in each operation instead adds a global, a
/// once-token, an initializer and an accessor per operation to the build (with fragments' `static
/// let` definitions, 1.3% of the compiler's instructions for StarWarsAPI's debug build).
final class DocumentCache: Sendable {
    static let shared = DocumentCache()

    private let documents = Locked<[ObjectIdentifier: OperationDocument]>([:])

    /// `operation`'s document: the kept one, or `make()`, run outside the lock. When two threads
    /// build the same operation's at once, the first one kept is the one every caller gets.
    func document(of operation: any GraphQLOperation.Type, _ make: () -> OperationDocument) -> OperationDocument {
        let key = ObjectIdentifier(operation)
        if let kept = documents.withLock({ $0[key] }) { return kept }
        let made = make()
        return documents.withLock { documents in
            if let kept = documents[key] { return kept }
            documents[key] = made
            return made
        }
    }
}

extension OperationDocument {
    /// The document of `operation`, made by `make` on first use and kept: what a generated
    /// operation's `document` returns in the class shape (`graft.json`'s `"modelShape": "class"`).
    @_spi(Generated) public static func __kept(by operation: any GraphQLOperation.Type, _ make: () -> OperationDocument) -> OperationDocument {
        DocumentCache.shared.document(of: operation, make)
    }
}
