// Defaults for the `@_spi(Generated)` requirements of GraftAPI's protocols, so that GraftAPI builds
// with library evolution (`BUILD_LIBRARY_FOR_DISTRIBUTION`, `-enable-library-evolution`): such a
// module may only declare an SPI requirement that has a default, since a client that does not
// import the SPI could conform without seeing it.
//
// Nothing Graft makes reaches these: generated models, enums and input objects, GraftAPI's own
// scalars and containers, `CustomScalar` and the class shape's base class each provide the
// member, and the more specific of two defaults is the one chosen. They stop a type conformed by
// hand without them, naming what it lacks.

extension OutputValue {
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Self {
        missingGeneratedMember("__decode(_:)", of: Self.self, in: "OutputValue")
    }

    @_spi(Generated) public static var __outputType: OutputType {
        missingGeneratedMember("__outputType", of: Self.self, in: "OutputValue")
    }

    @_spi(Generated) public var __jsonValue: JSONValue {
        missingGeneratedMember("__jsonValue", of: Self.self, in: "OutputValue")
    }
}

extension SelectionSet {
    @_spi(Generated) public static var __selections: [Selection] {
        missingGeneratedMember("__selections", of: Self.self, in: "SelectionSet")
    }

    @_spi(Generated) public var __data: ObjectData {
        missingGeneratedMember("__data", of: Self.self, in: "SelectionSet")
    }
}

extension InputValueConvertible {
    @_spi(Generated) public var __inputValue: InputValue {
        missingGeneratedMember("__inputValue", of: Self.self, in: "InputValueConvertible")
    }
}

extension InputObject {
    @_spi(Generated) public var __fields: [String: any InputValueConvertible] {
        missingGeneratedMember("__fields", of: Self.self, in: "InputObject")
    }
}

/// Stops a type that conforms to one of GraftAPI's protocols without a member generated code
/// provides.
@inline(never)
func missingGeneratedMember(_ member: String, of type: Any.Type, in protocolName: String) -> Never {
    fatalError("\(type) conforms to \(protocolName) without \(member), which graft's generated code provides: generate the type with graft, or conform a scalar to CustomScalar")
}
