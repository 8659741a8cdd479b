extension AsyncThrowingStream where Element: Sendable, Failure == any Error {
    /// The stream's elements transformed as they arrive; any failure (the source's or the
    /// transform's) ends it as an ``AppError``. Cancelling the consumer cancels the source.
    package func mapped<Value: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Value)
        -> AsyncThrowingStream<Value, any Error> {
        AsyncThrowingStream<Value, any Error> { continuation in
            let task = Task {
                do {
                    for try await element in self { continuation.yield(try transform(element)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: AppError(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
