import Foundation

/// The body of a GraphQL multipart request (the GraphQL multipart request specification,
/// github.com/jaydenseric/graphql-multipart-request-spec): a `multipart/form-data` body whose parts
/// are `operations` (the request JSON, each file `null`), `map` (which file goes where) and one part
/// per distinct file, in that order.
///
/// ```
/// --B
/// Content-Disposition: form-data; name="operations"
///
/// {"query":"mutation($file: Upload!) { … }","variables":{"file":null}}
/// --B
/// Content-Disposition: form-data; name="map"
///
/// {"0":["variables.file"]}
/// --B
/// Content-Disposition: form-data; name="0"; filename="a.txt"
/// Content-Type: text/plain
///
/// (the file's bytes)
/// --B--
/// ```
///
/// The body is a ``HTTPBodySource``: files are read from disk while it is sent.
public struct GraphQLMultipartBody: Sendable {
    /// The multipart boundary (random unless given).
    public let boundary: String
    /// The `operations` JSON: one request object, or an array of them for a batch.
    public let operations: JSONValue
    /// The distinct files in part order (part `0` is the first).
    public let files: [GraphQLFile]
    /// For each file (by its part name, its index in ``files``), every path it fills: a file given
    /// twice appears once, with two paths.
    public let map: [(name: String, paths: [String])]

    /// A body for `operations` whose files are `uploads` (paths into `operations`).
    public init(operations: JSONValue, uploads: [GraphQLUpload], boundary: String? = nil) {
        self.boundary = boundary ?? Self.randomBoundary()
        self.operations = operations
        var files: [GraphQLFile] = []
        var paths: [[String]] = []
        var index: [GraphQLFile: Int] = [:]
        for upload in uploads {
            if let existing = index[upload.file] {
                paths[existing].append(upload.path)
            } else {
                index[upload.file] = files.count
                files.append(upload.file)
                paths.append([upload.path])
            }
        }
        self.files = files
        self.map = paths.enumerated().map { (String($0.offset), $0.element) }
    }

    /// A body for one request (its uploads at `variables.…`).
    public init(_ request: GraphQLRequest, includingQuery: Bool = true, boundary: String? = nil) {
        self.init(operations: request.body(includingQuery: includingQuery), uploads: request.uploads, boundary: boundary)
    }

    /// A body for a batch: `operations` is an array and each request's paths start with its index
    /// (`0.variables.file`).
    public init(batch requests: [GraphQLRequest], includingQuery: Bool = true, boundary: String? = nil) {
        let uploads = requests.enumerated().flatMap { index, request in
            request.uploads.map { GraphQLUpload(path: "\(index)." + $0.path, file: $0.file) }
        }
        self.init(operations: .array(requests.map { $0.body(includingQuery: includingQuery) }), uploads: uploads,
                  boundary: boundary)
    }

    /// `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The `map` part's JSON text: `{"0":["variables.file"],…}`.
    public var mapJSON: String {
        JSONValue.object(Dictionary(uniqueKeysWithValues: map.map { ($0.name, JSONValue.array($0.paths.map(JSONValue.string))) }))
            .serialized
    }

    /// The body to send, its length known; files are measured now and read while sending. Throws
    /// ``GraftError/Code/transport`` for a file that cannot be read and for a MIME type that
    /// is not a single header line.
    public func makeSource() throws -> HTTPBodySource {
        var segments: [HTTPBodySegment] = []
        var text = ""
        func flush() {
            if !text.isEmpty { segments.append(.data(Data(text.utf8))) }
            text = ""
        }
        text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n"
        text += "\r\n"
        text += operations.serialized
        text += "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n"
        text += "\r\n"
        text += mapJSON
        for (index, file) in files.enumerated() {
            guard !file.mimeType.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw GraftError(.transport, message: "the MIME type of the upload \(Self.quoted(file.filename)) has a line break")
            }
            text += "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"\(index)\"; filename=\(Self.quoted(file.filename))\r\n"
            text += "Content-Type: \(file.mimeType)\r\n\r\n"
            flush()
            segments.append(try file.segment())
        }
        text += "\r\n--\(boundary)--\r\n"
        flush()
        let label = "multipart/form-data, \(files.count) file\(files.count == 1 ? "" : "s")"
        return .concatenating(segments, label: label)
    }

    /// A quoted `Content-Disposition` parameter value as browsers write it (WHATWG HTML, multipart
    /// form data): `"`, CR and LF percent-encoded, everything else as UTF-8.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `graft-` and two random 64-bit numbers in hexadecimal: 128 random bits, which no file is
    /// expected to contain.
    static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        let hex = String(high, radix: 16) + "-" + String(low, radix: 16)
        return "graft-" + hex
    }
}

extension GraphQLFile {
    /// The bytes as a body segment; throws when a file cannot be read.
    func segment() throws -> HTTPBodySegment {
        switch contents {
        case .data(let data): return .data(data)
        case .file(let url):
            guard url.isFileURL else {
                throw GraftError(.transport, message: "the upload \(filename) is not a file URL")
            }
            return try .file(url)
        }
    }
}
