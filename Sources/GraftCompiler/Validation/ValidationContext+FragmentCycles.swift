import GraftLanguage

extension ValidationContext {
    /// The fragments that spread themselves, directly or through other fragments: the members of
    /// the cycles that No Fragment Cycles reports. Computed once per document (Tarjan's strongly
    /// connected components, with explicit stacks).
    public var fragmentsOnCycles: Set<String> {
        if let cached = fragmentsOnCyclesCache { return cached }
        // Most documents have no fragment that spreads another.
        guard document.definitions.contains(where: { definition in
            if case .fragment(let fragment) = definition { !fragmentSpreads(in: fragment.selectionSet).isEmpty } else { false }
        }) else {
            fragmentsOnCyclesCache = []
            return []
        }
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var onCycles: Set<String> = []
        var frames: [(name: String, spreads: [String], next: Int)] = []
        func visit(_ name: String) {
            index[name] = index.count
            lowLink[name] = index[name]
            stack.append(name)
            onStack.insert(name)
            let spreads = fragment(named: name).map { fragmentSpreads(in: $0.selectionSet).map(\.name.value) } ?? []
            frames.append((name, spreads, 0))
        }
        for case .fragment(let root) in document.definitions where index[root.name.value] == nil {
            visit(root.name.value)
            while let top = frames.last {
                if top.next < top.spreads.count {
                    frames[frames.count - 1].next += 1
                    let spread = top.spreads[top.next]
                    if fragment(named: spread) == nil { continue }
                    if let spreadIndex = index[spread] {
                        if onStack.contains(spread) { lowLink[top.name] = min(lowLink[top.name]!, spreadIndex) }
                    } else {
                        visit(spread)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { lowLink[parent.name] = min(lowLink[parent.name]!, lowLink[top.name]!) }
                guard lowLink[top.name] == index[top.name] else { continue }
                var component: [String] = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component.append(member)
                    if member == top.name { break }
                }
                if component.count > 1 || top.spreads.contains(top.name) { onCycles.formUnion(component) }
            }
        }
        fragmentsOnCyclesCache = onCycles
        return onCycles
    }
}
