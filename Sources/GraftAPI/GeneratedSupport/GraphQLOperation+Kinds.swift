extension GraphQLQuery {
    /// Queries are `.query` (generated code leaves this out).
    public static var operationKind: OperationKind { .query }
}

extension GraphQLMutation {
    /// Mutations are `.mutation` (generated code leaves this out).
    public static var operationKind: OperationKind { .mutation }
}

extension GraphQLSubscription {
    /// Subscriptions are `.subscription` (generated code leaves this out).
    public static var operationKind: OperationKind { .subscription }
}
