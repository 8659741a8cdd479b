import Foundation
import GraftCompiler

extension GraftConfiguration {
    /// The keys `graft.json` may have.
    public static let keys = ["schema", "operations", "output", "namespace", "accessLevel", "modelShape", "memberwiseInitializers", "customScalars", "keyFields", "pagination", "maxAges", "onError",
                              "operationDocument", "persistedQueryManifest", "testMocks", "schemaTypes", "schemaModule", "upstream", "usedBy",
                              "fileBuckets"]

    /// Reads `graft.json` at `path`; relative paths in it are resolved against the file's folder.
    public static func load(path: String) throws(ConfigurationError) -> GraftConfiguration {
        let data: Data
        do {
            data = try FileReadError.read(path)
        } catch {
            throw ConfigurationError(path: path, message: "cannot read the configuration file: \(error.reason)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try parse(String(decoding: data, as: UTF8.self), path: path).resolvingPaths(against: directory)
    }

    /// Parses the text of a configuration (`path` names it in errors); paths stay as written.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> GraftConfiguration {
        do {
            return try parseMembers(text, path: path)
        } catch {
            throw error.quotingLine(of: text)
        }
    }

    private static func parseMembers(_ text: String, path: String) throws(ConfigurationError) -> GraftConfiguration {
        let root: ConfigJSON
        do {
            root = try ConfigJSONReader.read(text)
        } catch {
            throw ConfigurationError(path: path, line: error.line, column: error.column, message: error.message)
        }
        guard case .object(let members) = root.kind else {
            throw ConfigurationError(path: path, line: root.line, column: root.column,
                                     message: "the configuration must be an object, found \(root.typeName)")
        }
        var configuration = GraftConfiguration()
        var seen: Set<String> = []
        // Each member is checked on its own, so that one run reports every problem of the file.
        var errors: [ConfigurationError] = []
        for member in members {
            do throws(ConfigurationError) {
                func fail(_ message: String, at value: ConfigJSON? = nil) -> ConfigurationError {
                    ConfigurationError(path: path, line: value?.line ?? member.line, column: value?.column ?? member.column,
                                       message: ConfigJSONReader.clipped(message, to: 1000))
                }
                func string(_ value: ConfigJSON) throws(ConfigurationError) -> String {
                    guard case .string(let text) = value.kind else {
                        throw fail("'\(member.key)' must be a string, found \(value.typeName)", at: value)
                    }
                    return text
                }
                func strings(_ value: ConfigJSON) throws(ConfigurationError) -> [String] {
                    if case .string(let text) = value.kind { return [text] }
                    guard case .array(let items) = value.kind else {
                        throw fail("'\(member.key)' must be a string or an array of strings, found \(value.typeName)", at: value)
                    }
                    var result: [String] = []
                    for item in items {
                        guard case .string(let text) = item.kind else {
                            throw fail("'\(member.key)' must hold strings, found \(item.typeName)", at: item)
                        }
                        result.append(text)
                    }
                    return result
                }
                func choice<T: RawRepresentable & CaseIterable>(_ value: ConfigJSON, _: T.Type) throws(ConfigurationError) -> T
                where T.RawValue == String {
                    let text = try string(value)
                    guard let result = T(rawValue: text) else {
                        let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                        throw fail("'\(member.key)' must be one of \(allowed), found \"\(text)\"", at: value)
                    }
                    return result
                }
                func object(_ value: ConfigJSON) throws(ConfigurationError) -> [ConfigJSON.Member] {
                    guard case .object(let entries) = value.kind else {
                        throw fail("'\(member.key)' must be an object, found \(value.typeName)", at: value)
                    }
                    return entries
                }

                guard seen.insert(member.key).inserted else { throw fail("duplicate key '\(member.key)'") }
                let value = member.value
                switch member.key {
                case "schema": configuration.schemaPaths = try strings(value)
                case "operations": configuration.operationPaths = try strings(value)
                case "output": configuration.output = try string(value)
                case "namespace":
                    if case .null = value.kind { configuration.namespace = nil; continue }
                    let name = try string(value)
                    guard Self.isIdentifier(name) else { throw fail("'namespace' must be a Swift identifier, found \"\(name)\"", at: value) }
                    configuration.namespace = name
                case "accessLevel": configuration.accessLevel = try choice(value, AccessLevel.self)
                case "modelShape": configuration.modelShape = try choice(value, ModelShape.self)
                case "memberwiseInitializers":
                    guard case .bool(let flag) = value.kind else {
                        throw fail("'memberwiseInitializers' must be true or false, found \(value.typeName)", at: value)
                    }
                    configuration.memberwiseInitializers = flag
                case "operationDocument": configuration.operationDocument = try choice(value, DocumentFormat.self)
                case "persistedQueryManifest":
                    if case .null = value.kind { configuration.persistedQueryManifest = nil; continue }
                    configuration.persistedQueryManifest = try string(value)
                case "testMocks":
                    if case .null = value.kind { configuration.testMocks = nil; continue }
                    var mocks = TestMocks(output: "")
                    for entry in try object(value) {
                        switch (entry.key, entry.value.kind) {
                        case ("output", .string(let output)): mocks.output = output
                        case ("module", .null): mocks.module = nil
                        case ("module", .string(let module)) where Self.isIdentifier(module): mocks.module = module
                        case ("output", _), ("module", _):
                            throw fail("'testMocks.\(entry.key)' must be \(entry.key == "output" ? "a path" : "a module name or null"), "
                                       + "found \(entry.value.typeName)", at: entry.value)
                        default:
                            throw fail("unknown key 'testMocks.\(entry.key)' (known keys: output, module)", at: entry.value)
                        }
                    }
                    guard !mocks.output.isEmpty else { throw fail("'testMocks' needs an 'output' folder", at: value) }
                    configuration.testMocks = mocks
                case "schemaTypes":
                    if case .null = value.kind { configuration.schemaTypes = nil; continue }
                    configuration.schemaTypes = try choice(value, SchemaTypes.self)
                case "schemaModule":
                    if case .null = value.kind { configuration.schemaModule = nil; continue }
                    let name = try string(value)
                    guard Self.isIdentifier(name) else { throw fail("'schemaModule' must be a Swift module name, found \"\(name)\"", at: value) }
                    configuration.schemaModule = name
                case "usedBy": configuration.usedBy = try strings(value)
                case "fileBuckets":
                    if case .null = value.kind { configuration.fileBuckets = nil; continue }
                    guard case .number(let count) = value.kind, count == count.rounded(), count >= 1,
                          count <= Double(maxFileBuckets) else {
                        var found = value.typeName
                        if case .number(let number) = value.kind {
                            found = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                        }
                        throw fail("'fileBuckets' must be a whole number of files from 1 to \(maxFileBuckets), found \(found)", at: value)
                    }
                    configuration.fileBuckets = Int(count)
                case "upstream":
                    for entry in try object(value) {
                        guard Self.isIdentifier(entry.key) else {
                            throw fail("'upstream' keys are Swift module names, found \"\(entry.key)\"", at: entry.value)
                        }
                        let paths = try strings(entry.value)
                        guard !paths.isEmpty else { throw fail("'upstream.\(entry.key)' names no operation files", at: entry.value) }
                        configuration.upstream.append(UpstreamModule(name: entry.key, operationPaths: paths))
                    }
                case "customScalars":
                    for entry in try object(value) {
                        guard case .string(let type) = entry.value.kind else {
                            throw fail("'customScalars.\(entry.key)' must be a string (a Swift type), found \(entry.value.typeName)",
                                       at: entry.value)
                        }
                        // Printed into generated code as it is: a type name, possibly qualified (`Module.Type`).
                        guard type.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ Self.isIdentifier(String($0)) }) else {
                            throw fail("'customScalars.\(entry.key)' must be a Swift type name, found \"\(type)\"", at: entry.value)
                        }
                        configuration.customScalars[entry.key] = type
                    }
                case "pagination":
                    for entry in try object(value) {
                        guard case .string(let text) = entry.value.kind, let kind = Pagination(rawValue: text) else {
                            let allowed = Pagination.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                            throw fail("'pagination.\(entry.key)' must be one of \(allowed)", at: entry.value)
                        }
                        guard entry.key.split(separator: ".").count == 2 else {
                            throw fail("'pagination' keys name a field as \"Type.field\", found \"\(entry.key)\"", at: entry.value)
                        }
                        configuration.pagination[entry.key] = kind
                    }
                case "maxAges":
                    for entry in try object(value) {
                        guard case .number(let seconds) = entry.value.kind, seconds >= 0, seconds == seconds.rounded(),
                              seconds <= Double(Int32.max) else {
                            throw fail("'maxAges.\(entry.key)' must be a whole number of seconds, found \(entry.value.typeName)",
                                       at: entry.value)
                        }
                        guard entry.key.split(separator: ".", omittingEmptySubsequences: false).count <= 2, !entry.key.isEmpty else {
                            throw fail("'maxAges' keys name a type (\"Course\") or a field (\"Course.rating\"), found \"\(entry.key)\"",
                                       at: entry.value)
                        }
                        configuration.maxAges[entry.key] = Int(seconds)
                    }
                case "onError":
                    if case .null = value.kind { break }
                    guard case .string(let text) = value.kind, ["NULL", "PROPAGATE", "HALT"].contains(text) else {
                        throw fail("'onError' must be \"NULL\", \"PROPAGATE\", \"HALT\" or null, found \(value.typeName)", at: value)
                    }
                    configuration.onError = text
                case "keyFields":
                    for entry in try object(value) {
                        if case .string(let text) = entry.value.kind {
                            configuration.keyFields[entry.key] = text.split(separator: " ").map(String.init)
                            continue
                        }
                        guard case .array(let items) = entry.value.kind else {
                            throw fail("'keyFields.\(entry.key)' must be an array of field names, found \(entry.value.typeName)",
                                       at: entry.value)
                        }
                        var fields: [String] = []
                        for item in items {
                            guard case .string(let field) = item.kind else {
                                throw fail("'keyFields.\(entry.key)' must hold strings, found \(item.typeName)", at: item)
                            }
                            fields.append(field)
                        }
                        configuration.keyFields[entry.key] = fields
                    }
                default:
                    let suggestions = Suggestions.list(member.key, keys)
                    let hint = suggestions.isEmpty ? " (known keys: \(keys.joined(separator: ", ")))" : ";" + Suggestions.didYouMean(suggestions)
                    throw fail("unknown key '\(member.key)'" + hint)
                }
            } catch {
                errors.append(error)
                if errors.count == maxReportedErrors { break }
            }
        }
        if var first = errors.first {
            first.more = Array(errors.dropFirst())
            throw first
        }
        return configuration
    }

    /// The most problems of one file reported (a generated file could have thousands).
    static let maxReportedErrors = 100

    /// Whether `name` can be a Swift module name (an identifier).
    public static func isModuleName(_ name: String) -> Bool { isIdentifier(name) }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// The commented `graft.json` that `graft init` writes (graft.json accepts `//` line comments).
    public static let initialFile = """
    // graft.json: how `graft generate` turns GraphQL into Swift.
    // JSON with `//` line comments. Paths are relative to this file.
    {
      // The schema: .graphqls/.graphql SDL files, or an introspection result (.json); files or folders.
      "schema": ["Schemas"],
      // The operations and fragments: .graphql files or folders (searched recursively).
      "operations": ["Operations"],
      // Where the Swift goes: one file per operation, fragment and schema type. Files this tool
      // wrote before and no longer writes are removed; other files are left alone.
      "output": "Generated",

    """ + initialOptions

    /// The commented `graft.json` that `graft init --plugin-target` writes into a target's folder,
    /// for the build plugin: no paths, as the plugin reads the target's own `.graphqls`,
    /// introspection `.json` and `.graphql` files and writes where SwiftPM says.
    public static let initialPluginFile = """
    // graft.json: how the Graft build plugin turns this target's GraphQL into Swift.
    // JSON with `//` line comments. The plugin reads the schema (.graphqls, or an introspection
    // .json) and the operations (.graphql) in this folder; "schema" and "operations" may add files
    // or folders elsewhere, relative to this file.
    {

    """ + initialOptions

    /// The options of both initial files, after their paths.
    static let initialOptions = """
      // A `public enum` that wraps every generated declaration, or null for none.
      "namespace": null,
      // "public" (generated code in its own module) or "internal".
      "accessLevel": "public",
      // What models are: "struct" (the default) or "class" (final classes sharing one base class:
      // the same API, faster to compile, one heap object per model).
      "modelShape": "struct",
      // Whether every model gets a memberwise initializer, for building models in code (optimistic
      // updates, previews, tests); false compiles faster, and models come only from responses.
      "memberwiseInitializers": true,
      // Swift types for custom scalars, each conforming to Graft.CustomScalar, for example
      // "DateTime": "MyDateTime". Unmapped custom scalars are Swift.String.
      "customScalars": {},
      // Fields that identify objects in the normalized cache, per type, on top of @typePolicy(keyFields:).
      "keyFields": {},
      // Paginated fields whose pages the normalized cache merges into one list: "Type.field" to
      // "relay" (first/after, last/before) or "offset" (offset/limit), e.g. "Query.courses": "relay".
      "pagination": {},
      // How many seconds cached fields stay fresh, by "Type" or "Type.field" (what Apollo Server's
      // @cacheControl(maxAge:) says), e.g. "Course": 300, "Course.rating": 60.
      "maxAges": {},
      // The onError request parameter every operation sends ("NULL", "PROPAGATE" or "HALT"), only
      // for a server known to take it (others may reject the request); null sends none.
      "onError": null,
      // What operations send: "definition" (the text), "operationId" (persisted-query id only) or "both".
      "operationDocument": "definition",
      // Where to write an Apollo-format persisted-query manifest, or null for none.
      "persistedQueryManifest": null,
      // Test mocks (a settable mock per schema object type, convertible into any selection set on
      // it), for a test-support target of their own: {"output": "Tests/APIMocks", "module": "API"}
      // ("module": the generated code's module, which the mocks import), or null for none.
      "testMocks": null,
      // Modular apps: the module that declares the schema types and metadata (generated from a
      // graft.json with "operations": []), which this module imports; null: this module declares them.
      "schemaModule": null,
      // Modules this one depends on whose fragments it spreads, with their .graphql files, for
      // example {"CoreAPI": ["../CoreAPI/GraphQL"]}.
      "upstream": {},
      // Which schema types this module declares: "used" (by its operations), "all", or null (all
      // when "operations" is empty, else used).
      "schemaTypes": null,
      // A schema module with "schemaTypes": "used": the .graphql files of every module importing
      // it, read only for the schema types they use.
      "usedBy": [],
      // Spread the generated operations and fragments (and, without --per-input-file, the schema
      // types) over this many files instead of one per definition: less CPU for a clean build of
      // a large module, fewer parallel compile jobs and coarser rebuilds; null: one per definition.
      "fileBuckets": null
    }

    """
}
