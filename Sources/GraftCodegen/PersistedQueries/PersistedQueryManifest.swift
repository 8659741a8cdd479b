import GraftHashing
import GraftCompiler

/// Apollo's persisted-query manifest: `{"format": "apollo-persisted-query-manifest", "version": 1,
/// "operations": [{"id", "body", "name", "type"}]}`. Graft writes it as valid JSON (string
/// values escaped), and reads Apollo's own files tolerantly (Apollo iOS writes string literals
/// inside `body` without escaping their quotes).
public struct PersistedQueryManifest: Sendable, Hashable {
    /// One persisted operation.
    public struct Operation: Sendable, Hashable {
        /// The SHA-256 identifier.
        public var id: String
        /// The full text sent for the operation (its one-line source and fragments).
        public var body: String
        /// The operation's name.
        public var name: String
        /// `query`, `mutation` or `subscription`.
        public var type: String

        /// Creates an entry.
        public init(id: String, body: String, name: String, type: String) {
            self.id = id
            self.body = body
            self.name = name
            self.type = type
        }
    }

    /// The operations, in document order.
    public var operations: [Operation]

    /// Creates a manifest.
    public init(operations: [Operation]) {
        self.operations = operations
    }

    /// The manifest of a compiled document's operations (local cache mutations left out).
    public init(document: IRDocument) {
        operations = document.operations.filter { !$0.isLocalCacheMutation }.map { operation in
            let body = document.fullSource(of: operation)
            return Operation(id: SHA256.hex(document.identifierSource(of: operation)), body: body, name: operation.name, type: operation.kind.rawValue)
        }
    }

    /// The manifest as pretty-printed JSON (two-space indentation, as Apollo writes it).
    public var json: String {
        var text = "{\n  \"format\": \"apollo-persisted-query-manifest\",\n  \"version\": 1,\n  \"operations\": ["
        for (index, operation) in operations.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {\n"
            text += "      \"id\": \(Self.quote(operation.id)),\n"
            text += "      \"body\": \(Self.quote(operation.body)),\n"
            text += "      \"name\": \(Self.quote(operation.name)),\n"
            text += "      \"type\": \(Self.quote(operation.type))\n"
            text += "    }"
        }
        return text + (operations.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// A JSON string literal.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Reads a manifest line by line: each `"key": "value"` line of an operation, the value taken
    /// up to the line's last quote (so unescaped quotes inside `body` are kept) and unescaped.
    public static func readTolerantly(_ text: String) -> PersistedQueryManifest {
        var operations: [Operation] = []
        var current: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            for key in ["id", "body", "name", "type"] where trimmed.hasPrefix("\"\(key)\": \"") {
                var value = trimmed.dropFirst(key.count + 5)
                if value.hasSuffix(",") { value = value.dropLast() }
                if value.hasSuffix("\"") { value = value.dropLast() }
                current[key] = unescape(value)
            }
            if trimmed.hasPrefix("}"), let id = current["id"], let name = current["name"] {
                operations.append(Operation(id: id, body: current["body"] ?? "", name: name, type: current["type"] ?? ""))
                current = [:]
            }
        }
        return PersistedQueryManifest(operations: operations)
    }

    private static func unescape(_ text: Substring) -> String {
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let next = iterator.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "u":
                var hex = ""
                for _ in 0..<4 { if let digit = iterator.next() { hex.append(digit) } }
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { result.unicodeScalars.append(scalar) }
            default: result.append(next)
            }
        }
        return result
    }
}
