/// Where a value is in a GraphQL response, such as `data.hero.friends[2].name`.
public struct ResponsePath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object key or a list index.
    @frozen
    public enum Component: Sendable, Hashable {
        /// A response key.
        case key(String)
        /// A list index.
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// Creates a path.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// `data.hero.friends[2].name`.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// A response that does not match the operation's selections, with the path of the bad value:
/// `data.hero.friends[2].name: expected String, found null`.
///
/// Its fields are kept in one immutable object, so the error is one word: generated decoding
/// initializers throw it (`throws(ResponseDecodingError)`), and at `-Onone` every `try` in them
/// moves the error's words from one block to the next; with one word instead of four, a generated
/// module's debug build runs about 2% fewer compiler instructions. Errors are the rare path, where
/// the allocation does not matter.
public struct ResponseDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    private final class Fields: Sendable {
        let path: ResponsePath
        let message: String
        let fieldError: GraphQLFieldError?

        init(path: ResponsePath, message: String, fieldError: GraphQLFieldError?) {
            self.path = path
            self.message = message
            self.fieldError = fieldError
        }
    }

    private var fields: Fields

    /// Where the bad value is.
    public var path: ResponsePath {
        get { fields.path }
        set { fields = Fields(path: newValue, message: fields.message, fieldError: fields.fieldError) }
    }
    /// What is wrong, such as `expected String, found null`.
    public var message: String {
        get { fields.message }
        set { fields = Fields(path: fields.path, message: newValue, fieldError: fields.fieldError) }
    }
    /// The server's errors for the null that failed, when it came with some: a non-null field
    /// that failed in a response sent with `onError: "NULL"` stays null in place. Decoding then
    /// propagates the failure as the server would have: the nearest optional property above it
    /// reads nil, the nearest field with error handling (`@semanticNonNull`, `@catch`) reads the
    /// error. Not part of equality.
    public var fieldError: GraphQLFieldError? {
        get { fields.fieldError }
        set { fields = Fields(path: fields.path, message: fields.message, fieldError: newValue) }
    }

    /// Creates an error at an empty path; callers prepend path components as it propagates.
    public init(_ message: String, path: ResponsePath = ResponsePath()) {
        fields = Fields(path: path, message: message, fieldError: nil)
    }

    /// An `expected X, found Y` error.
    public static func typeMismatch(expected: String, found value: JSONValue?) -> ResponseDecodingError {
        ResponseDecodingError("expected \(expected), found \(value?.kindDescription ?? "nothing")")
    }

    /// The error with `component` prepended to its path (errors are built from the leaf upwards, so
    /// decoding a valid response never pays for paths).
    public func prepending(_ component: ResponsePath.Component) -> ResponseDecodingError {
        var copy = self
        copy.path.components.insert(component, at: 0)
        return copy
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }

    public static func == (lhs: ResponseDecodingError, rhs: ResponseDecodingError) -> Bool {
        lhs.path == rhs.path && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(message)
    }
}
