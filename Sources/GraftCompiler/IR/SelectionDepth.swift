import GraftLanguage

/// How deep an operation's or fragment's selections nest with every fragment spread expanded,
/// checked before the IR is built. The parser bounds each definition's own nesting
/// (`ParseOptions.maxDepth`), but a chain of fragments, each spreading the next, nests as deep as
/// it is long, and building the IR recurses once per level: a chain of 20,000 fragments ran for
/// minutes, then overflowed the stack. Each selection set is a level (an operation's, a field's,
/// an inline fragment's, and a spread fragment's in place of the spread).
public enum SelectionDepth {
    /// An error for each operation, and each fragment no other too-deep definition spreads, whose
    /// selections nest deeper than `limit` levels, at its name. The document is valid (its
    /// fragments known, without cycles); the work is linear in its size, without recursion across
    /// fragments.
    public static func errors(in document: Document, sources: DocumentSources, limit: Int) -> [GraphQLError] {
        var fragments: [String: FragmentDefinition] = [:]
        for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        let depths = fragmentDepths(fragments)
        func depth(_ set: SelectionSet) -> Int { levels(of: set, fragmentDepth: { depths[$0] ?? 1 }) }

        var tooDeep: [(name: String?, kind: String, at: SourceRange, depth: Int)] = []
        var spreadByTooDeep: Set<String> = []
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                let levels = depth(operation.selectionSet)
                guard levels > limit else { continue }
                tooDeep.append((operation.name?.value, "Operation", operation.name?.range ?? operation.selectionSet.range, levels))
                spreadByTooDeep.formUnion(spreads(in: operation.selectionSet))
            case .fragment(let fragment):
                let levels = depths[fragment.name.value] ?? 1
                guard levels > limit else { continue }
                tooDeep.append((fragment.name.value, "Fragment", fragment.name.range, levels))
                spreadByTooDeep.formUnion(spreads(in: fragment.selectionSet))
            default:
                continue
            }
        }
        return tooDeep.filter { $0.kind == "Operation" || !spreadByTooDeep.contains($0.name ?? "") }.map { entry in
            let name = entry.name.map { " \"\($0)\"" } ?? ""
            return GraphQLError("\(entry.kind)\(name) nests its selections \(entry.depth) levels deep with its fragments expanded; "
                                + "Graft generates selections at most \(limit) levels deep: nest fewer fragments inside one another",
                                locations: [sources.span(entry.at)])
        }
    }

    /// The levels of each fragment's selections, fragments spread in them expanded: fragments in
    /// an order where every fragment comes after those it spreads (an explicit stack, not
    /// recursion, so a chain of any length is safe), each then measured with its spreads' depths
    /// known.
    static func fragmentDepths(_ fragments: [String: FragmentDefinition]) -> [String: Int] {
        var depths: [String: Int] = [:]
        var spreadsOf: [String: [String]] = [:]
        for (name, fragment) in fragments { spreadsOf[name] = spreads(in: fragment.selectionSet).filter { fragments[$0] != nil }.sorted() }
        for root in fragments.keys.sorted() where depths[root] == nil {
            var stack: [(name: String, next: Int)] = [(root, 0)]
            var onStack: Set<String> = [root]
            while let top = stack.last {
                let children = spreadsOf[top.name] ?? []
                if top.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.next]
                    // Validation rejected cycles; a spread back onto the stack is skipped, not followed.
                    if depths[child] == nil, !onStack.contains(child) {
                        stack.append((child, 0))
                        onStack.insert(child)
                    }
                } else {
                    stack.removeLast()
                    onStack.remove(top.name)
                    depths[top.name] = levels(of: fragments[top.name]!.selectionSet, fragmentDepth: { depths[$0] ?? 1 })
                }
            }
        }
        return depths
    }

    /// The levels of `set` (1 for a set of leaf fields), a spread counting as its fragment's levels.
    /// Recursion here follows one definition's own nesting, which the parser bounds.
    static func levels(of set: SelectionSet, fragmentDepth: (String) -> Int) -> Int {
        var deepest = 0
        for selection in set.selections {
            switch selection {
            case .field(let field):
                if let subselection = field.selectionSet { deepest = max(deepest, levels(of: subselection, fragmentDepth: fragmentDepth)) }
            case .inlineFragment(let inline):
                deepest = max(deepest, levels(of: inline.selectionSet, fragmentDepth: fragmentDepth))
            case .fragmentSpread(let spread):
                deepest = max(deepest, fragmentDepth(spread.name.value))
            }
        }
        return 1 + deepest
    }

    /// The names of the fragments spread anywhere in `set` (not in the fragments themselves).
    static func spreads(in set: SelectionSet) -> Set<String> {
        var names: Set<String> = []
        for selection in set.selections {
            switch selection {
            case .field(let field): if let subselection = field.selectionSet { names.formUnion(spreads(in: subselection)) }
            case .inlineFragment(let inline): names.formUnion(spreads(in: inline.selectionSet))
            case .fragmentSpread(let spread): names.insert(spread.name.value)
            }
        }
        return names
    }
}
