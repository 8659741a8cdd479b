import GraftCodegen
import GraftCompiler

/// Notes for a run of several modules (`graft generate --config A --config B ...`): a module
/// spreading a fragment it cannot see gets graphql-js's `Unknown fragment "X".`, and when another
/// module of the run declares `X`, a note after that error names the file and the way out (a
/// module sees its own fragments and those of its `upstream` modules). A module run alone knows no
/// other module and adds nothing.
struct SiblingFragmentNotes {
    /// Each fragment the run's modules declare, with the file of its first declaration.
    private var declared: [String: String] = [:]

    /// The fragments `result` declares (its upstream modules' left out): names and files. Empty
    /// when its compilation failed.
    static func declarations(of result: CodeGenerator.Result) -> [(name: String, file: String)] {
        result.document?.ownFragments.map { ($0.name, $0.sourceName) } ?? []
    }

    /// Collects what the run's modules declare (``declarations(of:)`` of each).
    init(_ modules: [[(name: String, file: String)]]) {
        for module in modules {
            for fragment in module where declared[fragment.name] == nil { declared[fragment.name] = fragment.file }
        }
    }

    /// `lines` (a module's rendered diagnostics, from `errors`) with a note after each unknown
    /// fragment another module declares.
    func annotate(_ lines: [String], errors: [GraphQLError]) -> [String] {
        var notes: [String: String] = [:]
        for error in errors {
            guard let name = Self.unknownFragmentName(error.message), let file = declared[name] else { continue }
            notes[error.message] = "\(file): note: fragment \"\(name)\" is declared in another module of this run; a module sees its "
                + "own fragments and those of the modules its graft.json lists in \"upstream\": move the fragment to a module both "
                + "list there (add it to this module's \"upstream\"), or declare it in this module"
        }
        guard !notes.isEmpty else { return lines }
        var annotated: [String] = []
        for line in lines {
            annotated.append(line)
            let firstLine = line.prefix { $0 != "\n" }
            if let message = notes.keys.first(where: { firstLine.hasSuffix(": error: " + $0) }) { annotated.append(notes[message]!) }
        }
        return annotated
    }

    /// `X` of graphql-js's `Unknown fragment "X".`, nil for other messages.
    static func unknownFragmentName(_ message: String) -> String? {
        let prefix = "Unknown fragment \"", suffix = "\"."
        guard message.hasPrefix(prefix), message.hasSuffix(suffix), message.count > prefix.count + suffix.count else { return nil }
        return String(message.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
