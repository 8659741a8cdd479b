import Foundation
import GraftTestSupport

/// The dependencies between folders of a module's sources, as a reader would find them: each
/// top-level type (`struct`, `enum`, `class`, `actor`, `protocol`, `typealias` at the start of a
/// line) belongs to the folder its file sits in, and a file depends on every folder declaring a
/// type name it mentions outside comments and string literals. Members added by an extension count
/// for the extended type's folder (a call of `HTTPTransport.needsTokenRefresh` is a use of
/// `HTTPTransport`), and nested types count as their parent. A heuristic, so it can only err by
/// seeing a dependency the compiler would not (a local name spelled like a type elsewhere).
struct SourceGraph {
    /// One dependency: the names that make it and the file of each first use.
    struct Edge: Hashable, Comparable {
        let from: String
        let to: String

        static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    /// The folders (a file at the module's root is in folder ".").
    private(set) var folders: Set<String> = []
    /// For each edge, the `Name (File.swift)` uses behind it, sorted.
    private(set) var uses: [Edge: [String]] = [:]

    /// The graph of `files`: paths relative to the module's root, and their text.
    init(files: [(path: String, text: String)]) {
        var declaredIn: [String: Set<String>] = [:]
        var scanned: [(path: String, folder: String, names: Set<String>)] = []
        for file in files {
            let folder = Self.folder(of: file.path)
            folders.insert(folder)
            let code = Self.code(of: file.text)
            for name in Self.topLevelTypes(in: code) { declaredIn[name, default: []].insert(folder) }
            scanned.append((file.path, folder, Self.identifiers(in: code)))
        }
        var found: [Edge: Set<String>] = [:]
        for file in scanned {
            for name in file.names {
                guard let owners = declaredIn[name], !owners.contains(file.folder) else { continue }
                for owner in owners {
                    found[Edge(from: file.folder, to: owner), default: []].insert("\(name) (\((file.path as NSString).lastPathComponent))")
                }
            }
        }
        uses = found.mapValues { $0.sorted() }
    }

    /// The folders `folder` depends on.
    func dependencies(of folder: String) -> [String] {
        uses.keys.filter { $0.from == folder }.map(\.to).sorted()
    }

    /// The groups of two or more folders that depend on each other (strongly connected
    /// components), each sorted, as lines naming every edge inside the group and what makes it.
    func cycles() -> [String] {
        var index: [String: Int] = [:], low: [String: Int] = [:], onStack: Set<String> = [], stack: [String] = []
        var components: [[String]] = []
        var next = 0
        func visit(_ folder: String) {
            index[folder] = next; low[folder] = next; next += 1
            stack.append(folder); onStack.insert(folder)
            for target in dependencies(of: folder) {
                if index[target] == nil {
                    visit(target)
                    low[folder] = min(low[folder]!, low[target]!)
                } else if onStack.contains(target) {
                    low[folder] = min(low[folder]!, index[target]!)
                }
            }
            if low[folder] == index[folder] {
                var component: [String] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == folder { break }
                }
                if component.count > 1 { components.append(component.sorted()) }
            }
        }
        for folder in folders.sorted() where index[folder] == nil { visit(folder) }
        return components.sorted { $0.lexicographicallyPrecedes($1) }.map { component in
            let members = Set(component)
            let edges = uses.keys.filter { members.contains($0.from) && members.contains($0.to) }.sorted()
            return "cycle of \(component.joined(separator: ", ")):\n"
                + edges.map { "  \($0.from) -> \($0.to): \(uses[$0]!.joined(separator: ", "))" }.joined(separator: "\n")
        }
    }

    /// The graph of the Swift files under `relativePath` (from the repository root).
    static func module(at relativePath: String) throws -> SourceGraph {
        let root = Repository.url(relativePath)
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        return SourceGraph(files: try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) })
    }

    /// `HTTP/Interceptors/X.swift` is in folder `HTTP` (subfolders belong to their top folder).
    static func folder(of path: String) -> String {
        let components = path.split(separator: "/")
        return components.count > 1 ? String(components[0]) : "."
    }

    /// The text with comments and string literals (single-line, multi-line and raw) blanked out.
    static func code(of text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var i = 0
        func at(_ offset: Int, _ string: String) -> Bool {
            let pattern = Array(string.utf8)
            return offset + pattern.count <= bytes.count && Array(bytes[offset..<offset + pattern.count]) == pattern
        }
        while i < bytes.count {
            if at(i, "//") {
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            } else if at(i, "/*") {
                var depth = 0
                repeat {
                    if at(i, "/*") { depth += 1; i += 2 } else if at(i, "*/") { depth -= 1; i += 2 } else { i += 1 }
                } while depth > 0 && i < bytes.count
                output.append(UInt8(ascii: " "))
            } else if bytes[i] == UInt8(ascii: "#") || bytes[i] == UInt8(ascii: "\"") {
                var hashes = 0
                var j = i
                while j < bytes.count, bytes[j] == UInt8(ascii: "#") { hashes += 1; j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") else {
                    output.append(contentsOf: bytes[i..<j]); i = j; continue
                }
                let delimiter = at(j, "\"\"\"") ? "\"\"\"" : "\""
                let close = delimiter + String(repeating: "#", count: hashes)
                j += delimiter.utf8.count
                while j < bytes.count, !at(j, close) {
                    if hashes == 0, bytes[j] == UInt8(ascii: "\\") { j += 1 }
                    j += 1
                }
                i = j + close.utf8.count
                output.append(contentsOf: Array("\"\"".utf8))
            } else {
                output.append(bytes[i]); i += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The names of the types declared at the start of a line (not nested).
    static func topLevelTypes(in code: String) -> [String] {
        let keywords: Set<Substring> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "final", "indirect", "open"]
        var names: [String] = []
        for line in code.split(separator: "\n") where !line.hasPrefix(" ") && !line.hasPrefix("\t") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })[...]
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
            guard let keyword = words.first, keywords.contains(keyword), words.count > 1 else { continue }
            names.append(String(words[words.startIndex + 1]))
        }
        return names
    }

    /// Every identifier that starts with an upper-case letter.
    static func identifiers(in code: String) -> Set<String> {
        var names: Set<String> = []
        var current = ""
        for character in code {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if let first = current.first, first.isUppercase { names.insert(current) }
                current = ""
            }
        }
        if let first = current.first, first.isUppercase { names.insert(current) }
        return names
    }
}
