import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftCompiler

/// `graft fetch-schema --endpoint URL [--header 'Name: value']... --output FILE`: runs the
/// introspection query against a server and writes the schema as SDL (`.graphqls`/`.graphql`) or
/// as the introspection result JSON (`.json`).
enum FetchSchemaCommand: Subcommand {
    static let name = "fetch-schema"
    static let summary = "Download a server's schema by introspection."
    static let usage = """
    USAGE: graft fetch-schema --endpoint URL [--header 'Name: value']... --output FILE

    Sends the standard introspection query to URL (HTTP POST, JSON) and writes the schema to FILE:
    SDL when FILE ends in .graphqls or .graphql, the introspection result when it ends in .json.
    Header values (such as Authorization) are sent but never printed.

    OPTIONS:
      --endpoint URL            The GraphQL endpoint.
      --header 'Name: value'    A request header (repeatable).
      --output FILE             Where to write the schema.
      --timeout SECONDS         Give up after this long (default 60).
      -h, --help                Show this help.
    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        guard let endpoint = try arguments.value(for: "--endpoint") else { throw UsageError(message: "missing '--endpoint URL'") }
        guard let output = try arguments.value(for: "--output") else { throw UsageError(message: "missing '--output FILE'") }
        let headerArguments = try arguments.values(for: "--header")
        let timeout = try arguments.value(for: "--timeout").map { text throws(UsageError) -> Double in
            guard let seconds = Double(text), seconds > 0 else { throw UsageError(message: "'--timeout' needs a positive number of seconds") }
            return seconds
        } ?? 60
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        guard let url = URL(string: endpoint), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()) else {
            throw UsageError(message: "'\(endpoint)' is not an http or https URL")
        }
        var headers: [(String, String)] = []
        for header in headerArguments {
            guard let colon = header.firstIndex(of: ":") else {
                throw UsageError(message: "a header must look like 'Name: value' (got a header without ':')")
            }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw UsageError(message: "a header needs a name before ':'") }
            headers.append((name, header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let format = output.hasSuffix(".json") ? "json" : (output.hasSuffix(".graphqls") || output.hasSuffix(".graphql") ? "sdl" : nil)
        guard let format else { throw UsageError(message: "'--output' must end in .graphqls, .graphql or .json") }

        do {
            var body = try fetch(url, query: IntrospectionQuery.full, headers: headers, timeout: timeout)
            if body.hasErrors {
                // Older servers reject the newer introspection fields: ask again without them.
                body = try fetch(url, query: IntrospectionQuery.basic, headers: headers, timeout: timeout)
            }
            if let message = body.firstErrorMessage {
                StandardError.write("error: \(endpoint) answered the introspection query with an error: \(message)")
                return 1
            }
            let schema = try IntrospectionSchemaBuilder.build(json: body.data, sourceName: endpoint)
            let text = format == "json" ? body.prettyJSON : SchemaPrinter.print(schema) + "\n"
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                StandardError.write("\(output): error: cannot write the schema: \(error.localizedDescription)")
                return 1
            }
            return 0
        } catch let error as SchemaError {
            SchemaDiagnostics.report(error.errors)
            return 1
        } catch {
            StandardError.write("error: could not fetch the schema from \(endpoint): \(error)")
            return 1
        }
    }

    /// A fetch failure, described without header values.
    struct FetchError: Error, CustomStringConvertible {
        let description: String
    }

    /// An introspection response body.
    struct ResponseBody {
        let data: Data
        let json: [String: Any]
        var hasErrors: Bool { (json["errors"] as? [Any])?.isEmpty == false }
        var firstErrorMessage: String? {
            ((json["errors"] as? [[String: Any]])?.first?["message"] as? String)
                ?? (json["data"] == nil ? "the response has no data" : nil)
        }
        var prettyJSON: String {
            let pretty = try? JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
            return String(decoding: pretty ?? data, as: UTF8.self) + "\n"
        }
    }

    /// POSTs the query and waits for the answer.
    static func fetch(_ url: URL, query: String, headers: [(String, String)], timeout: Double) throws -> ResponseBody {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = try JSONSerialization.data(withJSONObject: ["query": query, "operationName": "IntrospectionQuery"])
        let outcome = Outcome()
        let semaphore = DispatchSemaphore(value: 0)
        let task = URLSession(configuration: .ephemeral).dataTask(with: request) { data, response, error in
            outcome.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
            semaphore.signal()
        }
        task.resume()
        semaphore.wait()
        let (data, status, error) = outcome.get()
        if let error { throw FetchError(description: (error as? URLError).map { "network error \($0.code.rawValue)" } ?? "\(error)") }
        guard let data else { throw FetchError(description: "no response") }
        guard let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw FetchError(description: "HTTP \(status ?? 0): the response is not a JSON object (\(data.count) bytes)")
        }
        if let status, !(200..<300).contains(status), json["errors"] == nil {
            throw FetchError(description: "HTTP \(status)")
        }
        return ResponseBody(data: data, json: json)
    }

    /// The completion handler's results, handed to the waiting thread.
    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Data?, Int?, (any Error)?) = (nil, nil, nil)
        func set(data: Data?, status: Int?, error: (any Error)?) {
            lock.lock()
            value = (data, status, error)
            lock.unlock()
        }
        func get() -> (Data?, Int?, (any Error)?) {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }
}
