import Foundation
import Graft
import GraftAPI
import GraftCompiler
import GraftLanguage
import GraftWebSocket

/// One reader of untrusted bytes, run on each input libFuzzer makes. Every input must end in a
/// value or a thrown error: a crash, a trap, a hang past `-timeout` or memory past `-rss_limit_mb`
/// is a finding.
enum FuzzTarget: String, CaseIterable {
    /// An executable or SDL document: the lexer and parser.
    case parse
    /// A document validated against the example schema (`Schemas/`), as `graft generate` does.
    case validate
    /// A document that validates, compiled to the IR that code generation reads.
    case ir
    /// SDL built into a schema and validated.
    case sdl
    /// An introspection result built into a schema (`graft fetch-schema`, `.json` schema files).
    case introspection
    /// A response body.
    case json
    /// A JSON array of `@defer`/`@stream` payloads merged in order, as a server streams them.
    case incremental
    /// A `multipart/mixed` body (boundary `graphql`) fed in two chunks.
    case multipart
    /// Bytes from a WebSocket server: frames, fragments, control frames, close.
    case frames

    /// The example schema, built once.
    nonisolated(unsafe) static var validator: Validator?

    static func exampleValidator() -> Validator {
        if let validator { return validator }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Schemas")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        let sources = files.filter { $0.pathExtension == "graphqls" }.sorted { $0.path < $1.path }.map { url in
            Source((try? String(contentsOf: url, encoding: .utf8)) ?? "", name: url.lastPathComponent)
        }
        guard let schema = try? GeneratorDirectives.buildSchema(sdl: sources) else { fatalError("cannot build the schema of \(folder.path)") }
        let made = Validator(schema: schema)
        validator = made
        return made
    }

    func run(_ bytes: [UInt8]) {
        switch self {
        case .parse:
            _ = try? GraftLanguage.parse(Source(bytes: bytes, name: "fuzz"))
        case .validate, .ir:
            let validator = Self.exampleValidator()
            let source = Source(bytes: bytes, name: "fuzz")
            guard let document = try? GraftLanguage.parse(source) else { return }
            let errors = validator.validate(document, source: source)
            if self == .ir, errors.isEmpty {
                _ = IRBuilder.compile(document, sources: DocumentSources(source), schema: validator.schema)
            }
        case .sdl:
            _ = try? SchemaBuilder.build(sdl: [Source(bytes: bytes, name: "fuzz")])
        case .introspection:
            _ = try? IntrospectionSchemaBuilder.build(json: Data(bytes))
        case .json:
            _ = try? JSONParser.parse(bytes)
        case .incremental:
            guard case .array(let payloads)? = try? JSONParser.parse(bytes) else { return }
            var response = IncrementalResponse()
            for payload in payloads { _ = try? response.apply(payload) }
        case .multipart:
            guard var parser = try? MultipartParser(boundary: "graphql") else { return }
            _ = try? parser.parse(Data(bytes[..<(bytes.count / 2)]))
            _ = try? parser.parse(Data(bytes[(bytes.count / 2)...]))
        case .frames:
            var parser = FrameParser(role: .client, maxMessageSize: 1 << 16)
            parser.append(bytes)
            while let event = try? parser.next() { _ = event }
        }
    }
}
