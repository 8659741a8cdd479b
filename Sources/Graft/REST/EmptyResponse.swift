/// The response type of an endpoint whose body is ignored (for example a `204 No Content`).
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// Creates an empty response.
    public init() {}

    /// Decodes from any body.
    public init(from decoder: any Decoder) throws {}
}
