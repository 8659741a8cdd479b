import GraftLanguage

/// Prints operations and fragments the way Apollo iOS sends them and hashes them for persisted
/// queries: `__typename` first in every selection set of a field, inline fragment and fragment
/// definition (an existing unaliased one moved there), `@apollo_client_ios_localCacheMutation`
/// and the client's `@catch` (see `GeneratorDirectives`; a server does not know it) removed, printed by graphql-js `print()` and made one line (lines trimmed, joined by spaces).
public enum OperationSourcePrinter {
    /// The directive that marks local cache mutations (stripped from sent sources).
    public static let localCacheMutation = "apollo_client_ios_localCacheMutation"
    /// The directive that says how a field's error reaches the code (stripped from sent sources).
    public static let catchDirective = "catch"

    private static let noRange = SourceRange(start: 0, end: 0)

    /// The one-line source of an operation or fragment definition.
    public static func oneLine(_ definition: Definition) -> String {
        singleLine(printed(definition))
    }

    /// The definition as sent, printed by graphql-js `print()` before it is made one line.
    public static func printed(_ definition: Definition) -> String {
        let transformed: Definition
        switch definition {
        case .operation(var node):
            node.description = nil
            node.directives = strip(node.directives)
            node.selectionSet = transform(node.selectionSet, addTypename: false)
            transformed = .operation(node)
        case .fragment(var node):
            node.description = nil
            node.directives = strip(node.directives)
            node.selectionSet = transform(node.selectionSet, addTypename: true)
            transformed = .fragment(node)
        default:
            transformed = definition
        }
        return Printer.print(transformed)
    }

    /// Apollo's single-line form: each line trimmed of spaces, empty lines dropped, joined by one space.
    public static func singleLine(_ text: String) -> String {
        // ASCII without carriage returns (every printed operation in practice): each byte is a
        // Character, so the lines are cut and trimmed byte by byte.
        if let joined = text.utf8.withContiguousStorageIfAvailable(asciiSingleLine) ?? nil { return joined }
        var parts: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var trimmed = line[...]
            while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
            while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
            if !trimmed.isEmpty { parts.append(trimmed) }
        }
        return parts.joined(separator: " ")
    }

    /// `singleLine` of ASCII text without `\r`, or nil for any other text.
    private static func asciiSingleLine(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count && bytes[end] != 0x0A {
                guard bytes[end] < 0x80 && bytes[end] != 0x0D else { return nil }
                end += 1
            }
            var start = index
            index = end + 1
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            guard start < end else { continue }
            if !result.isEmpty { result.append(0x20) }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func strip(_ directives: [Directive]) -> [Directive] {
        directives.filter { $0.name.value != localCacheMutation }
    }

    private static func transform(_ set: SelectionSet, addTypename: Bool) -> SelectionSet {
        var selections: [Selection] = []
        if addTypename {
            selections.append(.field(Field(alias: nil, name: Name("__typename", range: noRange), arguments: [],
                                           directives: [], selectionSet: nil, range: noRange)))
        }
        for selection in set.selections {
            switch selection {
            case .field(var field):
                if addTypename && field.alias == nil && field.name.value == "__typename" { continue }
                if field.directives.contains(where: { $0.name.value == catchDirective }) {
                    field.directives.removeAll { $0.name.value == catchDirective }
                }
                field.selectionSet = field.selectionSet.map { transform($0, addTypename: true) }
                selections.append(.field(field))
            case .inlineFragment(var fragment):
                fragment.selectionSet = transform(fragment.selectionSet, addTypename: true)
                selections.append(.inlineFragment(fragment))
            case .fragmentSpread:
                selections.append(selection)
            }
        }
        return SelectionSet(selections: selections, range: set.range)
    }
}
