/// Finding the files (``GraphQLFile``) inside variables, with their paths, for a multipart request.
/// Generated inputs get this from the conformances below; only a type that holds files itself
/// (``GraphQLFile``) implements ``InputValueConvertible/__collectFiles(at:into:)``.
extension InputValueConvertible {
    // Not SPI: the witness of an app's own `CustomScalar` conformance (see `CustomScalar`'s).
    public func __collectFiles(at path: String, into files: inout [GraphQLUpload]) {}
}

extension InputValue {
    /// The files inside `fields` (variables or input fields), paths below `path` (`variables`),
    /// keys taken in sorted order so the same variables always give the same list.
    public static func files(in fields: [String: any InputValueConvertible], at path: String) -> [GraphQLUpload] {
        var files: [GraphQLUpload] = []
        collectFiles(in: fields, at: path, into: &files)
        return files
    }

    package static func collectFiles(in fields: [String: any InputValueConvertible], at path: String, into files: inout [GraphQLUpload]) {
        for key in fields.keys.sorted() {
            fields[key]!.__collectFiles(at: path.isEmpty ? key : path + "." + key, into: &files)
        }
    }
}

extension Array {
    @_spi(Generated) public func __collectFiles(at path: String, into files: inout [GraphQLUpload]) where Element: InputValueConvertible {
        for (index, element) in enumerated() {
            element.__collectFiles(at: path + "." + String(index), into: &files)
        }
    }
}

extension Optional {
    @_spi(Generated) public func __collectFiles(at path: String, into files: inout [GraphQLUpload]) where Wrapped: InputValueConvertible {
        if case .some(let wrapped) = self { wrapped.__collectFiles(at: path, into: &files) }
    }
}

extension GraphQLNullable {
    @_spi(Generated) public func __collectFiles(at path: String, into files: inout [GraphQLUpload]) {
        if case .some(let wrapped) = self { wrapped.__collectFiles(at: path, into: &files) }
    }
}

extension InputObject {
    @_spi(Generated) public func __collectFiles(at path: String, into files: inout [GraphQLUpload]) {
        InputValue.collectFiles(in: __fields, at: path, into: &files)
    }
}
