/// A response's `Cache-Control` directives (RFC 9111, section 5.2.2) with its `Age`, as a private
/// (client) cache reads them: how long the response stays fresh, and whether it may be stored.
/// Unknown directives are ignored; a malformed value of a known one makes it absent.
public struct CacheControl: Sendable, Hashable {
    /// `max-age`, in seconds.
    public var maxAge: Int?
    /// `s-maxage`, in seconds (for shared caches; a private cache does not use it).
    public var sharedMaxAge: Int?
    /// `no-store`: the response must not be stored.
    public var noStore: Bool
    /// `no-cache`: a stored response must be revalidated before it is used.
    public var noCache: Bool
    /// `private`.
    public var isPrivate: Bool
    /// `public`: a response to a request with credentials may be stored (RFC 9111, section 3.5).
    public var isPublic: Bool
    /// `must-revalidate`.
    public var mustRevalidate: Bool
    /// The response's `Age` header, in seconds: how long it had already been in caches on the way.
    public var age: Int?

    /// Directives set one by one.
    public init(maxAge: Int? = nil, sharedMaxAge: Int? = nil, noStore: Bool = false, noCache: Bool = false,
                isPrivate: Bool = false, mustRevalidate: Bool = false, age: Int? = nil, isPublic: Bool = false) {
        self.maxAge = maxAge
        self.sharedMaxAge = sharedMaxAge
        self.noStore = noStore
        self.noCache = noCache
        self.isPrivate = isPrivate
        self.mustRevalidate = mustRevalidate
        self.age = age
        self.isPublic = isPublic
    }

    /// The directives of response headers; nil without a `Cache-Control` header.
    public init?(headers: HTTPHeaders) {
        guard let value = headers["Cache-Control"] else { return nil }
        self.init(directives: value, age: headers["Age"].flatMap { Self.seconds($0) })
    }

    /// Parses a `Cache-Control` value (`max-age=60, private`; directive names are case-insensitive,
    /// arguments may be quoted).
    public init(directives value: String, age: Int? = nil) {
        self.init(age: age)
        for part in value.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            let name = pieces[0].trimmingSpaces().lowercased()
            let argument = pieces.count > 1 ? Self.unquoted(pieces[1].trimmingSpaces()) : nil
            switch name {
            case "max-age": maxAge = argument.flatMap(Self.seconds)
            case "s-maxage": sharedMaxAge = argument.flatMap(Self.seconds)
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "private": isPrivate = true
            case "public": isPublic = true
            case "must-revalidate": mustRevalidate = true
            default: continue
            }
        }
    }

    /// How many seconds the response stays fresh from when it arrived, for a private cache:
    /// `max-age` less `Age` (never below zero; zero for `no-cache`); nil when the header gives no
    /// lifetime.
    public var freshLifetime: Int? {
        if noCache { return 0 }
        guard let maxAge else { return nil }
        return max(0, maxAge - (age ?? 0))
    }

    /// A delta-seconds value (RFC 9111, 1.2.2): digits only; values too large for an `Int` are
    /// the largest one.
    static func seconds(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text) ?? Int.max
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        return String(text.dropFirst().dropLast())
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
