// The course-catalog API. Its operations, fragments and schema types are generated at build time
// by GraftBuildPlugin from the .graphqls and .graphql files in this folder.
@_exported import Graft
