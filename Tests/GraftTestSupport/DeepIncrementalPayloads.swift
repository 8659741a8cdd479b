/// The payloads of a server that grows merged `@defer` data past any depth while each payload
/// stays within the JSON parser's limit (`deferSpec=20220824` form, `path` on each entry).
///
/// The first payload's data holds a chain of `levels` objects (each the field `a` of the one
/// above, the innermost `{"end":true}`) where ``wrap`` puts it; each later payload merges another
/// chain of `levels` into the innermost object, making the chain `levels - 1` deeper. With 500
/// levels and 40 more payloads that is about 1.7 MB of JSON, most of it paths. Payloads are made
/// when asked for, so a sequence ten times longer costs only what a reader takes of it.
public struct DeepIncrementalPayloads: Sendable {
    /// Objects per chain.
    public let levels: Int
    /// Payloads after the first.
    public let incrementalCount: Int
    /// The keys from the data's root to the chain's outermost object.
    public let pathPrefix: [String]
    /// The first payload's `data` around the chain's JSON text.
    public let wrap: @Sendable (String) -> String

    public init(levels: Int = 500, incrementalCount: Int = 40, pathPrefix: [String] = [],
                wrap: @escaping @Sendable (String) -> String = { $0 }) {
        self.levels = levels
        self.incrementalCount = incrementalCount
        self.pathPrefix = pathPrefix
        self.wrap = wrap
    }

    /// All payloads: the first and the incremental ones.
    public var count: Int { incrementalCount + 1 }

    /// A chain of `levels` objects as JSON text.
    public func chain() -> String {
        String(repeating: #"{"a":"#, count: levels - 1) + #"{"end":true}"# + String(repeating: "}", count: levels - 1)
    }

    /// Payload `index` (0 is the first) as JSON text.
    public func payload(_ index: Int) -> String {
        let hasNext = index < incrementalCount ? "true" : "false"
        guard index > 0 else { return #"{"data":\#(wrap(chain())),"hasNext":\#(hasNext)}"# }
        // The innermost object: the prefix, then `a` once per object above it in the chain.
        let chainDepth = levels + (index - 1) * (levels - 1)
        let path = (pathPrefix.map { #""\#($0)""# } + Array(repeating: #""a""#, count: chainDepth - 1)).joined(separator: ",")
        return #"{"incremental":[{"data":\#(chain()),"path":[\#(path)]}],"hasNext":\#(hasNext)}"#
    }
}
