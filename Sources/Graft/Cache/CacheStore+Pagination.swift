@_spi(Generated) import GraftAPI

/// Paginated fields: each page the normalizer writes is merged with the pages already stored into
/// one record per field (its key leaves the paging arguments out), so the pages read as one list.
extension CacheStore {
    /// The merged connection's record field listing the pages merged into it (readers never select it).
    static let pagesField = "__pages"

    /// Adds to `records` the merge of each page in `pages` with what the store (optimistic layers
    /// and earlier pages of the same write included) holds for its field.
    func mergePages(_ pages: [PageWrite], into records: inout RecordSet) throws {
        guard !pages.isEmpty else { return }
        storage.beginRead()
        defer { storage.endRead() }
        for page in pages {
            let source = self.source(pending: records)
            switch page.pagination {
            case .relay: try mergeConnection(page, source, &records)
            case .offset(let offsetArgument, _): try mergeOffsetPage(page, offsetArgument, source, &records)
            }
        }
    }

    /// A Relay page: `after` appends its edges, `before` prepends them, no cursor starts over;
    /// `pageInfo` keeps the far end of the list it did not move (start when appending, end when
    /// prepending). Edges already in the list (the same page loaded again) move to the new place.
    private func mergeConnection(_ page: PageWrite, _ source: RecordSource, _ records: inout RecordSet) throws {
        guard case .reference(let pageKey) = page.page, let pageRecord = try source.record(for: pageKey) else {
            records.set(page.parent, page.mergedKey, page.page)
            return
        }
        let mergedKey = page.mergedRecordKey
        let existing = try source.record(for: mergedKey)
        let mode: PageMode = existing == nil ? .reset : PageMode(after: page.arguments["after"], before: page.arguments["before"])
        var fields = pageRecord.fields
        if case .list(let newEdges)? = pageRecord.fields["edges"] {
            // Edges without keys of their own live under the page's key, so a page merged for the
            // first time cannot repeat one: only a page loaded again (or keyed edges) needs the
            // duplicate check, which costs a hash per edge of the whole list.
            let marker = CacheValue.string(pageKey.rawValue)
            let merged = mode == .reset ? [] : existing?.fields[Self.pagesField]?.listValue ?? []
            let prefix = pageKey.rawValue + "."
            let underPage = newEdges.allSatisfy { if case .reference(let key) = $0 { key.rawValue.hasPrefix(prefix) } else { false } }
            let fresh = underPage && !merged.contains(marker)
            fields["edges"] = .list(mode.merge(existing?.fields["edges"]?.listValue ?? [], newEdges, deduplicating: !fresh))
            fields[Self.pagesField] = .list(merged.contains(marker) ? merged : merged + [marker])
        }
        if case .reference(let infoKey)? = pageRecord.fields["pageInfo"], let info = try source.record(for: infoKey) {
            var merged = info.fields
            if mode != .reset, case .reference(let oldKey)? = existing?.fields["pageInfo"], let old = try source.record(for: oldKey) {
                let kept: Set<String> = mode == .append ? ["startCursor", "hasPreviousPage"] : ["endCursor", "hasNextPage"]
                merged = old.fields
                for (name, value) in info.fields where !kept.contains(name) { merged[name] = value }
            }
            let mergedInfoKey = CacheKey(mergedKey.rawValue + ".pageInfo")
            records.updates[mergedInfoKey] = RecordSet.Update(removesRecord: true, fields: merged.mapValues { .some($0) })
            fields["pageInfo"] = .reference(mergedInfoKey)
        }
        records.updates[mergedKey] = RecordSet.Update(removesRecord: true, fields: fields.mapValues { .some($0) })
        records.set(page.parent, page.mergedKey, .reference(mergedKey))
    }

    /// An offset page: placed at its offset in the stored list (padded with nulls when it lands past
    /// the end); a page at offset 0 starts over.
    /// How many missing items an offset page may leave between the cached list and itself.
    static let maxOffsetGap = 100_000

    private func mergeOffsetPage(_ page: PageWrite, _ offsetArgument: String, _ source: RecordSource,
                                 _ records: inout RecordSet) throws {
        guard case .list(let items) = page.page else {
            records.set(page.parent, page.mergedKey, page.page)
            return
        }
        var offset = 0
        if case .int(let value)? = page.arguments[offsetArgument] { offset = max(0, value) }
        var merged: [CacheValue] = []
        if offset > 0, let parent = try source.locate(page.parent), let stored = source.field(page.mergedKey, of: parent),
           case .list(let existing) = stored.value {
            merged = existing
        }
        // The offset is the app's variable: a gap past the list larger than any real page would
        // allocate nulls without bound (or overflow at `Int.max`), so it fails the write instead.
        guard offset - merged.count <= Self.maxOffsetGap else {
            throw GraftError(.cache, message: "an offset page at \(offset) would leave \(offset - merged.count) missing items "
                + "after the \(merged.count) cached for \(page.mergedKey); at most \(Self.maxOffsetGap) may be missing: "
                + "load the pages before it first, or start over at offset 0")
        }
        if merged.count < offset { merged += Array(repeating: CacheValue.null, count: offset - merged.count) }
        let end = min(merged.count, offset + items.count)
        merged.replaceSubrange(offset..<end, with: items)
        records.set(page.parent, page.mergedKey, .list(merged))
    }
}

/// Where a Relay page goes in the merged list.
private enum PageMode: Equatable {
    case append, prepend, reset

    init(after: JSONValue?, before: JSONValue?) {
        if let after, after != .null { self = .append } else if let before, before != .null { self = .prepend } else { self = .reset }
    }

    /// The merged edges: the new page's edges at the end, at the start, or alone; with
    /// `deduplicating`, an edge already in the list moves to the page's place.
    func merge(_ existing: [CacheValue], _ page: [CacheValue], deduplicating: Bool) -> [CacheValue] {
        guard self != .reset else { return page }
        var kept = existing
        if deduplicating {
            let incoming = Set(page)
            kept.removeAll { incoming.contains($0) }
        }
        return self == .append ? kept + page : page + kept
    }
}

extension CacheValue {
    /// The items of a list value, or nil.
    var listValue: [CacheValue]? {
        if case .list(let items) = self { return items }
        return nil
    }
}
