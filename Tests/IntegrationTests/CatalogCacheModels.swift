@_spi(Generated) import Graft

/// Hand-written models of generated code for the example API (Schemas/CourseCatalog.graphqls),
/// used by the cache integration tests until codegen's golden code lands.
enum Catalog {
    /// `@typePolicy(keyFields:)` of the schema: courses by slug, users by id.
    static let schema = SchemaMetadata(keyFields: ["Course": ["slug"], "User": ["id"]])

    /// A JSON value sent as a variable.
    struct RawInput: InputValueConvertible {
        let json: JSONValue
        var __inputValue: InputValue { .value(json) }
    }

    /// `{ __typename id rating }` of a review.
    struct Review: SelectionSet {
        static let __selections: [Selection] = [.field("__typename", String.self), .field("id", String.self), .field("rating", Int.self)]
        let __data: ObjectData
        let id: String
        let rating: Int
        init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; id = try data["id"]; rating = try data["rating"] }
    }

    /// `{ __typename slug title rating reviews(first: 10) { ...Review } }` of a course.
    struct Course: SelectionSet {
        static let __selections: [Selection] = [
            .field("__typename", String.self), .field("slug", String.self), .field("title", String.self),
            .field("rating", Double?.self), .field("reviews", [Review].self, arguments: ["first": .value(10)]),
        ]
        let __data: ObjectData
        let slug: String
        let title: String
        let rating: Double?
        let reviews: [Review]
        init(_ data: ObjectData) throws(ResponseDecodingError) {
            __data = data; slug = try data["slug"]; title = try data["title"]; rating = try data["rating"]; reviews = try data["reviews"]
        }
    }

    /// `query CourseBySlug($slug: String!) { course(lookup: {slug: $slug}) { ...Course } }`
    struct CourseQuery: GraphQLQuery {
        static let operationName = "CourseBySlug"
        static let operationKind = OperationKind.query
        static let document = OperationDocument(definition: """
            query CourseBySlug($slug: String!) { course(lookup: {slug: $slug}) { __typename slug title rating reviews(first: 10) { __typename id rating } } }
            """)
        var slug: String
        var __variables: [String: any InputValueConvertible] { ["slug": slug] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [.field("course", Course?.self, arguments: ["lookup": .object(["slug": .variable("slug")])])]
            let __data: ObjectData
            let course: Course?
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; course = try data["course"] }
        }
    }

    /// `mutation CreateCourse($input: CreateCourseInput!) { createCourse(input: $input) { ...Course } }`
    struct CreateCourseMutation: GraphQLMutation {
        static let operationName = "CreateCourse"
        static let operationKind = OperationKind.mutation
        static let document = OperationDocument(definition: """
            mutation CreateCourse($input: CreateCourseInput!) { createCourse(input: $input) { __typename slug title rating reviews(first: 10) { __typename id rating } } }
            """)
        var title: String
        var slug: String
        var __variables: [String: any InputValueConvertible] { ["input": RawInput(json: ["title": .string(title), "slug": .string(slug)])] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [.field("createCourse", Course.self, arguments: ["input": .variable("input")])]
            let __data: ObjectData
            let createCourse: Course
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; createCourse = try data["createCourse"] }
        }
    }

    /// `mutation AddReview($slug: String!, $rating: Int!) { addReview(course: {slug: $slug}, review: {rating: $rating}) { course { ...Course } } }`
    struct AddReviewMutation: GraphQLMutation {
        static let operationName = "AddReview"
        static let operationKind = OperationKind.mutation
        static let document = OperationDocument(definition: """
            mutation AddReview($slug: String!, $rating: Int!) { addReview(course: {slug: $slug}, review: {rating: $rating}) { __typename course { __typename slug title rating reviews(first: 10) { __typename id rating } } } }
            """)
        var slug: String
        var rating: Int
        var __variables: [String: any InputValueConvertible] { ["slug": slug, "rating": rating] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [
                .field("addReview", Payload.self, arguments: ["course": .object(["slug": .variable("slug")]),
                                                             "review": .object(["rating": .variable("rating")])]),
            ]
            let __data: ObjectData
            let addReview: Payload
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; addReview = try data["addReview"] }

            struct Payload: SelectionSet {
                static let __selections: [Selection] = [.field("__typename", String.self), .field("course", Course?.self)]
                let __data: ObjectData
                let course: Course?
                init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; course = try data["course"] }
            }
        }
    }
}
