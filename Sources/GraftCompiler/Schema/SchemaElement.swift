import GraftLanguage

/// What a `SchemaElement` holds besides its description: a field's, an input value's or a named
/// type's properties.
public protocol SchemaElementProperties: Sendable, Equatable {
    /// The name, unique within its list.
    var name: String { get set }
}

/// A field, input value or named type of a schema (`FieldDef`, `InputValueDef`, `NamedTypeDef`):
/// its properties, read and written as its own (`field.type`, `type.fields`) and kept in one heap
/// object, copied only when written while another element shares it (copy-on-write).
///
/// Schema elements are copied often while building and validating; a copy then costs one
/// reference count instead of one per string and array.
@dynamicMemberLookup
public struct SchemaElement<Properties: SchemaElementProperties>: Named, Sendable, Hashable {
    /// The heap object; mutated only while uniquely referenced.
    ///
    /// Its properties opt out of run-time exclusivity checks: every access to a class's `var`
    /// otherwise calls `swift_beginAccess` (about a tenth of building a large schema). Access is safe
    /// without them: they are only mutated through `uniqueBox`, when no other element shares the box.
    final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var properties: Properties
        @exclusivity(unchecked) var description: LazyDescription

        init(_ properties: Properties, description: LazyDescription) {
            self.properties = properties
            self.description = description
        }
    }

    private var box: Box

    init(_ properties: Properties, description: LazyDescription) {
        box = Box(properties, description: description)
    }

    /// The box, copied first when shared.
    private var uniqueBox: Box {
        mutating get {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.properties, description: box.description) }
            return box
        }
    }

    /// The properties: read in place, and copied into a new box first when written while shared.
    var properties: Properties {
        _read { yield box.properties }
        _modify { yield &uniqueBox.properties }
    }

    /// A property of `Properties`, as the element's own.
    public subscript<Property>(dynamicMember property: WritableKeyPath<Properties, Property>) -> Property {
        get { properties[keyPath: property] }
        _modify { yield &properties[keyPath: property] }
    }

    /// The name (`Named`).
    public var name: String {
        get { properties.name }
        _modify { yield &properties.name }
    }

    /// The description, or nil.
    public var description: String? {
        get { box.description.value }
        set { uniqueBox.description = .text(newValue) }
    }

    /// Keeps the SDL string literal as the description, decoded when read.
    mutating func setDescription(literal: StringValue?) {
        uniqueBox.description = LazyDescription(literal: literal)
    }

    public static func == (lhs: SchemaElement, rhs: SchemaElement) -> Bool {
        lhs.box === rhs.box || (lhs.properties == rhs.properties && lhs.box.description == rhs.box.description)
    }

    /// Hashes the name only: the elements of one list differ by name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}
