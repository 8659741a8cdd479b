/// The standard introspection query (graphql-js `getIntrospectionQuery` with descriptions,
/// `specifiedByURL`, `isRepeatable`, the schema description, deprecated input values and
/// `isOneOf`), and a basic form for servers that do not know the newer fields.
enum IntrospectionQuery {
    /// The full query.
    static let full = text(newerFields: true)
    /// The query without the fields added after the June 2018 specification.
    static let basic = text(newerFields: false)

    static func text(newerFields: Bool) -> String {
        let schemaDescription = newerFields ? "description " : ""
        let specifiedBy = newerFields ? "specifiedByURL " : ""
        let oneOf = newerFields ? "isOneOf " : ""
        let repeatable = newerFields ? "isRepeatable " : ""
        let deprecatedArguments = newerFields ? "(includeDeprecated: true)" : ""
        let inputDeprecation = newerFields ? " isDeprecated deprecationReason" : ""
        return """
        query IntrospectionQuery {
          __schema {
            \(schemaDescription)queryType { name } mutationType { name } subscriptionType { name }
            types { ...FullType }
            directives { name description \(repeatable)locations args\(deprecatedArguments) { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name description \(specifiedBy)\(oneOf)
          fields(includeDeprecated: true) { name description args\(deprecatedArguments) { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
          inputFields\(deprecatedArguments) { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue\(inputDeprecation) }
        fragment TypeRef on __Type {
          kind name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
        }
        """
    }
}
