import GraftLanguage

/// The files a validated document came from. Operations spread over many files are validated as
/// one document (fragments are shared), parsed from the files joined by newlines; this maps a
/// byte range of that combined text back to the file and range it came from.
public struct DocumentSources: Sendable {
    /// The combined source that was parsed.
    public let combined: Source
    private let segments: [(base: Int, source: Source)]

    /// One file.
    public init(_ source: Source) {
        self.combined = source
        self.segments = [(0, source)]
    }

    /// Several files, joined by newlines in order.
    public init(files: [Source]) {
        if files.count == 1 {
            self.combined = files[0]
            self.segments = [(0, files[0])]
            return
        }
        var bytes: [UInt8] = []
        var segments: [(base: Int, source: Source)] = []
        for file in files {
            segments.append((bytes.count, file))
            bytes.append(contentsOf: file.bytes)
            bytes.append(0x0A)
        }
        self.combined = Source(bytes: bytes, name: files.map(\.name).joined(separator: ", "))
        self.segments = segments
    }

    /// The file span of a range of the combined source.
    public func span(_ range: SourceRange) -> SourceSpan {
        if segments.count == 1 { return SourceSpan(source: segments[0].source, range: range) }
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].base <= range.start { low = middle } else { high = middle - 1 }
        }
        let base = segments[low].base
        return SourceSpan(source: segments[low].source,
                          range: SourceRange(start: range.start - base, end: range.end - base))
    }
}

extension ParseOptions {
    /// The options for parsing `DocumentSources.combined` once each file has been parsed alone
    /// with `self`: no token limit, since `maxTokens` limits each file (a project's operation
    /// files together may hold more tokens than any one of them), the same depth limit.
    public var forCombinedFiles: ParseOptions {
        var options = self
        options.maxTokens = nil
        return options
    }
}
