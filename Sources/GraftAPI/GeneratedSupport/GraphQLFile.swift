import Foundation

/// A file sent as a GraphQL `Upload` scalar by the GraphQL multipart request specification: map the
/// schema's upload scalar to it in graft.json (`"customScalars": {"Upload": "Graft.GraphQLFile"}`)
/// and pass one wherever the operation takes an `Upload`.
///
/// A file on disk is read while the request is sent (and again from its start on a retry), never
/// whole into memory. In the variables it is `null`; the multipart body's `map` says where it goes.
/// Two equal values (the same file, name and type) passed in two places are sent once.
public struct GraphQLFile: Sendable, Hashable, InputValueConvertible {
    /// Where the bytes come from.
    public enum Contents: Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// A file on disk, read when the request is sent.
        case file(URL)
    }

    /// Where the bytes come from.
    public let contents: Contents
    /// The file name the server sees (the part's `filename`).
    public let filename: String
    /// The media type the server sees (the part's `Content-Type`).
    public let mimeType: String

    /// A file made of `data`.
    public init(data: Data, filename: String, mimeType: String = "application/octet-stream") {
        self.contents = .data(data)
        self.filename = filename
        self.mimeType = mimeType
    }

    /// The file at `fileURL` (a `file:` URL), named `filename` (by default its last path component).
    /// Its size is taken when a request is made from it; if it then changes, sending fails.
    public init(fileURL: URL, filename: String? = nil, mimeType: String = "application/octet-stream") {
        self.contents = .file(fileURL)
        self.filename = filename ?? fileURL.lastPathComponent
        self.mimeType = mimeType
    }

    /// `null`: the multipart request's `map` puts the file there.
    @_spi(Generated) public var __inputValue: InputValue { .value(.null) }

    @_spi(Generated) public func __collectFiles(at path: String, into files: inout [GraphQLUpload]) {
        files.append(GraphQLUpload(path: path, file: self))
    }
}

/// A file in an operation's variables and where it is: `variables.input.cover`, `variables.files.1`.
public struct GraphQLUpload: Sendable, Hashable {
    /// The dotted path of the file's place in the request's JSON, as the multipart `map` names it.
    public var path: String
    /// The file.
    public var file: GraphQLFile

    /// Creates an upload.
    public init(path: String, file: GraphQLFile) {
        self.path = path
        self.file = file
    }
}
