/// One `name=value` pair of a URL query, unencoded; the ``RESTClient`` percent-encodes it.
public struct QueryItem: Sendable, Hashable {
    /// The name, unencoded.
    public var name: String
    /// The value, unencoded; `nil` writes the bare name (`?flag`).
    public var value: String?

    /// Creates a query item.
    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }
}
