extension String {
    /// The text cut to `limit` characters, with a note of how many bytes were left out.
    package func truncated(to limit: Int) -> String {
        guard count > limit else { return self }
        let kept = prefix(Swift.max(0, limit))
        return "\(kept)… (\(utf8.count - kept.utf8.count) more bytes)"
    }
}
