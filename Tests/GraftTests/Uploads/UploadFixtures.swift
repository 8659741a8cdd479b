import Foundation
@_spi(Generated) import Graft

/// Upload operations written by hand: the multipart tests need files in a list inside an input
/// object and an optional file argument, which no golden operation has.
enum UploadFixtures {
    /// `input Attachment { caption: String, file: Upload!, extra: [Upload!] }`.
    struct AttachmentInput: InputObject {
        var caption: GraphQLNullable<String> = nil
        var file: GraphQLFile
        var extra: GraphQLNullable<[GraphQLFile]> = nil
        var __fields: [String: any InputValueConvertible] { ["caption": caption, "file": file, "extra": extra] }
    }

    /// `mutation Attach($input: AttachmentInput!, $files: [Upload!]!, $cover: Upload)`.
    struct AttachMutation: GraphQLMutation {
        static let operationName = "Attach"
        static let document = OperationDocument(operationIdentifier: "attach-id",
                                                definition: "mutation Attach($input: AttachmentInput!, $files: [Upload!]!, $cover: Upload) { attach }")
        var input: AttachmentInput
        var files: [GraphQLFile] = []
        var cover: GraphQLNullable<GraphQLFile> = nil
        var __variables: [String: any InputValueConvertible] { ["input": input, "files": files, "cover": cover] }
        struct Data: SelectionSet {
            static let __selections: [Selection] = [.field("attach", Bool.self)]
            let __data: ObjectData
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data }
        }
    }

    /// A new empty temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `bytes` to `name` in `folder` and returns its URL.
    static func write(_ bytes: [UInt8], named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }
}
