extension Array {
    /// Calls `body` with a pointer to each element, in order, without copying the element:
    /// `for element in array` copies each one (a retain and a release per reference it holds),
    /// which is most of the cost of walking a large AST that is only read.
    @inline(__always)
    func forEachInPlace(_ body: (UnsafePointer<Element>) throws -> Void) rethrows {
        try withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in 0..<buffer.count { try body(base + index) }
        }
    }
}
