import Dispatch

/// `map` on every core: each element transformed on whichever thread `concurrentPerform` gives it,
/// the results in the elements' order whatever order they finish in.
public enum ConcurrentMap {
    /// The transformed elements, in order; one element runs on the calling thread alone.
    public static func map<Element: Sendable, Result: Sendable>(_ elements: [Element],
                                                                _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard elements.count > 1 else { return elements.map(transform) }
        return [Result](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            // Each index is written by one iteration alone, so the writes never overlap.
            nonisolated(unsafe) let results = buffer
            elements.withUnsafeBufferPointer { input in
                nonisolated(unsafe) let input = input
                DispatchQueue.concurrentPerform(iterations: input.count) { index in
                    (results.baseAddress! + index).initialize(to: transform(input[index]))
                }
            }
            initialized = elements.count
        }
    }
}
