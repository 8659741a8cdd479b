#!/usr/bin/env python3
"""Writes a modular SwiftPM app over GitHub's schema for the app-scale benchmark (app-scale.sh).

    Scripts/bench/make-app-scale.py --schema SCHEMA --operations N --output DIR [--graft PATH] [--seed S]

The app is laid out as the ModularApps article describes: a schema module (`AppSchema`), a module
of shared fragments (`CoreAPI`) and feature modules of about 75 operations each (`ProfileKit`,
`IssuesKit`, ...). Every operation and fragment is one `.graphql` file under the module's
`GraphQL/` folder; each module's `graft.json` names its schema, schema module and upstream module,
and `graft generate --per-input-file --config ...` (one `--config` per module, or one process per
module) writes the module's Swift into `Generated/`.

Operations are built from the schema's own fields by a seeded random walk (the same seed and N give
the same app): screens rooted at `viewer`, `repository`, `user`, `organization`, `search`, `node`
and others; connections paged with `first`/`after` and `pageInfo`; type cases on interfaces and
unions (`Actor`, `SearchResultItem`, `IssueTimelineItems`, ...); `@include(if:)`; variables for
required arguments; a few mutations. Fragments (about one per ten operations) are spread wherever
their type is reached, some by about twenty operations, and may spread each other.

Besides the package it writes `app-scale.json`: the modules, which operation files use which
fragment, and two edits the benchmark applies (one field added to one operation, one field added
to the fragment whose users are closest to twenty), chosen so that the edited documents stay valid.
"""

import argparse
import json
import os
import random
import re
import sys

# ---------------------------------------------------------------------------------------------
# The schema: a small SDL reader (types, fields, arguments, interfaces, unions, enums, inputs).

TOKEN = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*"""|"(?:[^"\\\n]|\\.)*"|#[^\n]*|\.\.\.|[!:()\[\]{}=|&@,$]|-?[0-9][0-9.eE+-]*|[_A-Za-z][_0-9A-Za-z]*|\s+', re.S)


def tokens(text):
    pos = 0
    out = []
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if not match:
            raise SystemExit(f"schema: unexpected character at offset {pos}: {text[pos:pos + 20]!r}")
        token = match.group(0)
        pos = match.end()
        if token[0] in ' \t\r\n,#' or token.startswith('"'):
            continue
        out.append(token)
    return out


class Field:
    def __init__(self, name, args, type_ref, deprecated):
        self.name, self.args, self.type, self.deprecated = name, args, type_ref, deprecated

    @property
    def named(self):
        return self.type.strip('[]!')

    def required_args(self):
        return [a for a in self.args if a[1].endswith('!') and not a[2]]


class Schema:
    def __init__(self, text):
        self.kinds = {}       # name -> object, interface, union, enum, input, scalar
        self.fields = {}      # object/interface name -> {field name: Field}
        self.members = {}     # union or interface -> [object names]
        self.interfaces = {}  # object or interface -> [interface names]
        self.toks = tokens(text)
        self.i = 0
        self.parse()
        for name, kind in self.kinds.items():
            if kind == 'object':
                for interface in self.interfaces.get(name, []):
                    self.members.setdefault(interface, []).append(name)
        for name in ('String', 'Int', 'Float', 'Boolean', 'ID'):
            self.kinds.setdefault(name, 'scalar')

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def next(self):
        self.i += 1
        return self.toks[self.i - 1]

    def skip_directives(self):
        deprecated = False
        while self.peek() == '@':
            self.next()
            deprecated |= self.next() == 'deprecated'
            if self.peek() == '(':
                self.skip_balanced('(', ')')
        return deprecated

    def skip_balanced(self, open_, close):
        depth = 0
        while True:
            token = self.next()
            depth += token == open_
            depth -= token == close
            if depth == 0:
                return

    def type_ref(self):
        if self.peek() == '[':
            self.next()
            inner = self.type_ref()
            self.next()  # ]
            text = f'[{inner}]'
        else:
            text = self.next()
        if self.peek() == '!':
            self.next()
            text += '!'
        return text

    def arguments(self):
        args = []
        if self.peek() != '(':
            return args
        self.next()
        while self.peek() != ')':
            name = self.next()
            self.next()  # :
            type_ref = self.type_ref()
            has_default = False
            if self.peek() == '=':
                self.next()
                has_default = True
                token = self.next()
                if token in '[{':
                    self.i -= 1
                    self.skip_balanced(token, ']' if token == '[' else '}')
            self.skip_directives()
            args.append((name, type_ref, has_default))
        self.next()
        return args

    def parse(self):
        while self.peek() is not None:
            keyword = self.next()
            if keyword == 'extend':
                keyword = self.next()
            if keyword == 'schema':
                self.skip_directives()
                self.skip_balanced('{', '}')
            elif keyword == 'directive':
                self.next()  # @
                self.next()
                self.arguments()
                if self.peek() == 'repeatable':
                    self.next()
                self.next()  # on
                while self.peek() in ('|',) or (self.peek() or '').isupper():
                    self.next()
            elif keyword == 'scalar':
                self.kinds[self.next()] = 'scalar'
                self.skip_directives()
            elif keyword == 'union':
                name = self.next()
                self.kinds[name] = 'union'
                self.skip_directives()
                members = []
                if self.peek() == '=':
                    self.next()
                    while True:
                        if self.peek() == '|':
                            self.next()
                        members.append(self.next())
                        if self.peek() != '|':
                            break
                self.members[name] = members
            elif keyword == 'enum':
                name = self.next()
                self.kinds[name] = 'enum'
                self.skip_directives()
                self.skip_balanced('{', '}')
            elif keyword == 'input':
                name = self.next()
                self.kinds[name] = 'input'
                self.skip_directives()
                self.skip_balanced('{', '}')
            elif keyword in ('type', 'interface'):
                name = self.next()
                self.kinds[name] = 'object' if keyword == 'type' else 'interface'
                interfaces = []
                if self.peek() == 'implements':
                    self.next()
                    while self.peek() not in ('{', '@', None) and not self.toks[self.i + 1:self.i + 2] == [':']:
                        token = self.next()
                        if token != '&':
                            interfaces.append(token)
                self.interfaces[name] = interfaces
                self.skip_directives()
                fields = {}
                if self.peek() == '{':
                    self.next()
                    while self.peek() != '}':
                        field_name = self.next()
                        args = self.arguments()
                        self.next()  # :
                        type_ref = self.type_ref()
                        deprecated = self.skip_directives()
                        fields[field_name] = Field(field_name, args, type_ref, deprecated)
                    self.next()
                self.fields[name] = fields
            else:
                raise SystemExit(f"schema: unexpected {keyword!r}")

    def is_leaf(self, name):
        return self.kinds.get(name) in ('scalar', 'enum')

    def is_abstract(self, name):
        return self.kinds.get(name) in ('interface', 'union')

    def possible(self, name):
        """The object types a value of this type can be."""
        if self.kinds.get(name) == 'object':
            return {name}
        return set(self.members.get(name, []))

    def is_connection(self, field):
        named = field.named
        arg_names = {a[0] for a in field.args}
        fields = self.fields.get(named, {})
        return named.endswith('Connection') and 'pageInfo' in fields and ('nodes' in fields or 'edges' in fields) \
            and {'first', 'after'} <= arg_names


# ---------------------------------------------------------------------------------------------
# Selections. A "level" is every field selected at one depth of one selection set, its type cases
# and fragment spreads included (GraphQL merges them): a response name is selected once per level,
# and a leaf again only with the same type, so documents never break "fields must merge".

class Level:
    def __init__(self):
        self.names = {}  # response name -> ('leaf', type) or ('composite', field name)

    def can_add_leaf(self, name, type_ref):
        return self.names.get(name, ('leaf', type_ref)) == ('leaf', type_ref)

    def can_add_composite(self, name):
        return name not in self.names

    def compatible(self, other):
        for name, signature in other.names.items():
            if name in self.names and (self.names[name] != signature or signature[0] == 'composite'):
                return False
        return True

    def merge(self, other):
        self.names.update(other.names)


class Fragment:
    def __init__(self, name, type_name):
        self.name, self.type = name, type_name
        self.level = Level()
        self.lines = []
        self.uses = set()  # fragments spread in it, directly or not
        self.edit_field = None  # (name, type): a leaf added by the fragment edit, reserved in every level


class Operation:
    def __init__(self, name, kind):
        self.name, self.kind = name, kind
        self.variables = {}  # name -> type
        self.uses = set()
        self.lines = []
        self.paged = False  # whether a connection is paged by $first/$after yet
        self.root = None  # (type, level) of the first root field's selection: where the operation edit adds a field


class Builder:
    # Fields the walk avoids: they need preview headers or special permissions, or explode the size.
    AVOID = {'viewerPermission', 'resourcePath', 'contributionsCollection', 'enterprise', 'marketplaceCategories',
             'marketplaceListings', 'rateLimit', 'relay', 'securityAdvisories', 'securityVulnerabilities', 'sponsorables'}
    ROOTS = ['viewer', 'repository', 'user', 'organization', 'search', 'node', 'topic', 'repositoryOwner',
             'codeOfConduct', 'license', 'nodes']

    def __init__(self, schema, rng):
        self.schema, self.rng = schema, rng
        self.fragments = []
        self.by_type = {}

    # Fragments whose type condition a value of `type_name` can always satisfy, or overlap with.
    def fragments_for(self, type_name):
        possible = self.schema.possible(type_name)
        return [f for f in self.fragments if self.schema.possible(f.type) & possible]

    def leaves(self, type_name):
        fields = self.schema.fields.get(type_name, {})
        return [f for f in fields.values() if self.schema.is_leaf(f.named) and not f.deprecated
                and not f.required_args() and f.name not in self.AVOID]

    def composites(self, type_name, operation):
        out = []
        for field in self.schema.fields.get(type_name, {}).values():
            if self.schema.is_leaf(field.named) or field.deprecated or field.name in self.AVOID:
                continue
            required = field.required_args()
            if required and (operation is None or any(self.schema.kinds.get(a[1].strip('[]!')) == 'input' for a in required)):
                continue
            out.append(field)
        return out

    def variable(self, operation, wanted, type_ref):
        name, n = wanted, 2
        while name in operation.variables and operation.variables[name] != type_ref:
            name, n = f'{wanted}{n}', n + 1
        operation.variables[name] = type_ref
        return '$' + name

    def arguments(self, field, operation, depth):
        """The field's arguments, and whether they page it with $first/$after (one connection an operation)."""
        parts, paged = [], False
        for name, type_ref, has_default in field.args:
            if type_ref.endswith('!') and not has_default:
                parts.append(f'{name}: {self.variable(operation, name, type_ref)}')
        if self.schema.is_connection(field):
            if operation is not None and not operation.paged and depth <= 1:
                operation.paged = paged = True
                parts.append(f'first: {self.variable(operation, "first", "Int")}')
                parts.append(f'after: {self.variable(operation, "after", "String")}')
            else:
                parts.append(f'first: {self.rng.choice([5, 10, 20, 25, 50])}')
        return (f'({", ".join(parts)})' if parts else ''), paged

    def selection(self, type_name, depth, operation, owner, level=None, indent='  '):
        """Lines selecting from `type_name` (not including braces); fills `level`."""
        rng, schema = self.rng, self.schema
        level = level if level is not None else Level()
        lines = []
        abstract = schema.is_abstract(type_name)
        if abstract:
            level.names.setdefault('__typename', ('leaf', 'String!'))
            lines.append(indent + '__typename')
        # Fragments first, so that the fields picked after them merge with theirs.
        candidates = [f for f in self.fragments_for(type_name) if f is not owner and owner not in f.uses.union({f})]
        rng.shuffle(candidates)
        for fragment in candidates[:2]:
            if rng.random() < (0.85 if fragment.type == type_name else 0.25) and level.compatible(fragment.level):
                level.merge(fragment.level)
                owner.uses |= {fragment} | fragment.uses
                lines.append(f'{indent}...{fragment.name}')
        if schema.kinds.get(type_name) != 'union':
            leaves = self.leaves(type_name)
            rng.shuffle(leaves)
            chosen = [f for f in leaves if f.name == 'id'] + [f for f in leaves if f.name != 'id'][:rng.randint(2, 6)]
            for field in chosen:
                if level.can_add_leaf(field.name, field.type):
                    level.names[field.name] = ('leaf', field.type)
                    lines.append(f'{indent}{field.name}')
            if depth < 3:
                composites = self.composites(type_name, operation)
                rng.shuffle(composites)
                for field in composites[:rng.randint(1, 2) if depth < 2 else rng.randint(0, 1)]:
                    if not level.can_add_composite(field.name):
                        continue
                    level.names[field.name] = ('composite', field.name)
                    lines += self.composite(field, depth, operation, owner, indent)
        if abstract:
            members = sorted(schema.possible(type_name))
            rng.shuffle(members)
            for member in members[:rng.randint(1, 3)]:
                inner = self.case_leaves(member, level, indent + '  ')
                if inner:
                    lines.append(f'{indent}... on {member} {{')
                    lines += inner
                    lines.append(indent + '}')
        if not lines:  # a type without leaves in reach (Hovercard): an empty selection is invalid
            level.names.setdefault('__typename', ('leaf', 'String!'))
            lines.append(indent + '__typename')
        return lines

    def case_leaves(self, type_name, level, indent):
        leaves = self.leaves(type_name)
        self.rng.shuffle(leaves)
        lines = []
        for field in leaves[:self.rng.randint(2, 4)]:
            if level.can_add_leaf(field.name, field.type):
                level.names[field.name] = ('leaf', field.type)
                lines.append(f'{indent}{field.name}')
        return lines

    def composite(self, field, depth, operation, owner, indent):
        rng, schema = self.rng, self.schema
        arguments, paged = self.arguments(field, operation, depth)
        include = ''
        if operation is not None and depth >= 1 and rng.random() < 0.12:
            include = f' @include(if: {self.variable(operation, "with" + field.name[0].upper() + field.name[1:], "Boolean!")})'
        lines = [f'{indent}{field.name}{arguments}{include} {{']
        inner = indent + '  '
        if schema.is_connection(field):
            connection = schema.fields[field.named]
            if 'totalCount' in connection:
                lines.append(inner + 'totalCount')
            if paged:
                lines += [inner + 'pageInfo {', inner + '  hasNextPage', inner + '  endCursor', inner + '}']
            node_type = (connection.get('nodes') or connection['edges']).named
            if 'nodes' in connection and (rng.random() < 0.6 or 'edges' not in connection):
                lines.append(inner + 'nodes {')
                lines += self.selection(node_type, depth + 1, operation, owner, indent=inner + '  ')
            else:
                edge = schema.fields[connection['edges'].named]
                lines += [inner + 'edges {', inner + '  cursor', inner + '  node {']
                lines += self.selection(edge['node'].named, depth + 1, operation, owner, indent=inner + '    ')
                lines.append(inner + '  }')
            lines.append(inner + '}')
        else:
            level = Level()
            if operation is not None and operation.root is None and depth == 0:
                operation.root = (field.named, level)
            lines += self.selection(field.named, depth + 1, operation, owner, level=level, indent=inner)
        lines.append(indent + '}')
        return lines

    # -----------------------------------------------------------------------------------------

    def fragment(self, name, type_name):
        fragment = Fragment(name, type_name)
        self.fragments.append(fragment)
        body = self.selection(type_name, 1, None, fragment, level=fragment.level)
        # The fragment edit's field: a leaf of the fragment's type not selected yet, reserved
        # in the fragment's level so that every level the fragment is spread in keeps it free.
        if self.schema.kinds.get(type_name) != 'union':
            free = [f for f in self.leaves(type_name) if f.name not in fragment.level.names]
            if free:
                field = self.rng.choice(free)
                fragment.edit_field = (field.name, field.type)
                fragment.level.names[field.name] = ('leaf', field.type)
        fragment.lines = [f'fragment {name} on {type_name} {{'] + body + ['}']
        return fragment

    def query(self, name):
        operation = Operation(name, 'query')
        level = Level()
        roots = [self.schema.fields['Query'][r] for r in self.ROOTS if r in self.schema.fields['Query']]
        weights = [6, 6, 3, 3, 2, 2, 1, 1, 1, 1, 1][:len(roots)]
        lines = []
        for root in self.rng.choices(roots, weights, k=self.rng.choice([1, 1, 1, 2])):
            if level.can_add_composite(root.name):
                level.names[root.name] = ('composite', root.name)
                lines += self.composite(root, 0, operation, operation, '  ')
        operation.lines = lines
        return operation

    def mutation(self, name):
        operation = Operation(name, 'mutation')
        fields = [f for f in self.schema.fields['Mutation'].values()
                  if not f.deprecated and [a[0] for a in f.required_args()] == ['input']]
        field = self.rng.choice(sorted(fields, key=lambda f: f.name))
        arguments = f'(input: {self.variable(operation, "input", field.args[0][1])})'
        payload = field.named
        lines = [f'  {field.name}{arguments} {{']
        body = self.selection(payload, 2, operation, operation, indent='    ')
        lines += body or ['    clientMutationId']
        lines.append('  }')
        operation.lines = lines
        return operation


def document(operation):
    variables = ''
    if operation.variables:
        variables = '(' + ', '.join(f'${n}: {t}' for n, t in operation.variables.items()) + ')'
    return '\n'.join([f'{operation.kind} {operation.name}{variables} {{'] + operation.lines + ['}']) + '\n'


FEATURES = ['Profile', 'Repositories', 'Issues', 'PullRequests', 'Search', 'Notifications', 'Organizations',
            'Discussions', 'Gists', 'Projects', 'Releases', 'Sponsors', 'Explore', 'Packages', 'Teams', 'Insights',
            'Security', 'Settings', 'Actions', 'Wiki']
FRAGMENT_TYPES = ['User', 'Repository', 'Issue', 'PullRequest', 'Actor', 'Organization', 'IssueComment', 'Commit',
                  'Label', 'Milestone', 'Release', 'Team', 'Discussion', 'Gist', 'RepositoryOwner', 'Topic', 'Language',
                  'Ref', 'License', 'Project']


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--schema', required=True)
    parser.add_argument('--operations', type=int, required=True)
    parser.add_argument('--output', required=True)
    parser.add_argument('--graft', default=os.path.join(os.path.dirname(__file__), '..', '..'),
                        help='the Graft package the app depends on (by path)')
    parser.add_argument('--seed', type=int, default=2026)
    parser.add_argument('--schema-types', choices=['used', 'all'], default='used',
                        help="the schema module's types: those the other modules use, or all")
    args = parser.parse_args()

    with open(args.schema, encoding='utf-8') as f:
        schema = Schema(f.read())
    rng = random.Random(args.seed * 100003 + args.operations)
    builder = Builder(schema, rng)
    count = args.operations

    fragment_count = max(6, count // 10)
    types = [t for t in FRAGMENT_TYPES if t in schema.fields]
    for i in range(fragment_count):
        type_name = types[i % len(types)]
        builder.fragment(f'{type_name}{["Summary", "Details", "Row", "Header", "Card"][i // len(types) % 5]}{i // (5 * len(types)) or ""}',
                         type_name)

    feature_count = -(-count // 75)
    features = [(FEATURES[i % len(FEATURES)] + (str(i // len(FEATURES) + 1) if i >= len(FEATURES) else '')) + 'Kit'
                for i in range(feature_count)]
    operations = []
    for i in range(count):
        feature = features[i * feature_count // count]
        stem = feature[:-3]
        if i % 20 == 7:
            operation = builder.mutation(f'{stem}Update{i}')
        else:
            operation = builder.query(f'{stem}Screen{i}')
        operations.append((feature, operation))

    # The operation edit: a leaf added to the first plain selection of an operation's root field.
    edit_operation = None
    for feature, operation in operations[len(operations) // 2:]:
        if operation.root and not schema.is_abstract(operation.root[0]):
            type_name, level = operation.root
            free = [f for f in builder.leaves(type_name) if f.name not in level.names]
            if free:
                line = operation.lines[0]
                edit_operation = (feature, operation, line, f'{line}\n    {free[0].name}')
                break

    root = os.path.abspath(args.output)
    os.makedirs(root, exist_ok=True)

    def write(path, text):
        path = os.path.join(root, path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)

    write('Schema/schema.graphqls', open(args.schema, encoding='utf-8').read())
    write('Sources/AppSchema/AppSchema.swift', '// The schema module: Generated/ holds what graft generates.\n')
    write('Sources/CoreAPI/CoreAPI.swift', '// Fragments that the feature modules spread.\n')
    for fragment in builder.fragments:
        write(f'Sources/CoreAPI/GraphQL/{fragment.name}.graphql', '\n'.join(fragment.lines) + '\n')
    for feature in features:
        write(f'Sources/{feature}/{feature}.swift', f'// The {feature[:-3]} feature\'s operations.\n')
    for feature, operation in operations:
        write(f'Sources/{feature}/GraphQL/{operation.name}.graphql', document(operation))
    # Each module's graft.json, so that one `graft generate --config ... --config ...` generates them all.
    schema_module = {'schema': ['../../Schema/schema.graphqls'], 'operations': [], 'output': 'Generated',
                     'schemaTypes': args.schema_types}
    if args.schema_types == 'used':
        schema_module['usedBy'] = ['../CoreAPI/GraphQL'] + [f'../{f}/GraphQL' for f in features]
    write('Sources/AppSchema/graft.json', json.dumps(schema_module, indent=2) + '\n')
    module = {'schema': ['../../Schema/schema.graphqls'], 'schemaModule': 'AppSchema', 'operations': ['GraphQL'],
              'output': 'Generated'}
    write('Sources/CoreAPI/graft.json', json.dumps(module, indent=2) + '\n')
    for feature in features:
        write(f'Sources/{feature}/graft.json', json.dumps({**module, 'upstream': {'CoreAPI': ['../CoreAPI/GraphQL']}}, indent=2) + '\n')

    graft = os.path.abspath(args.graft)
    api = f'.product(name: "GraftAPI", package: "{os.path.basename(graft)}")'
    targets = [f'        .target(name: "AppSchema", dependencies: [{api}], exclude: ["graft.json"]),',
               f'        .target(name: "CoreAPI", dependencies: ["AppSchema", {api}], exclude: ["GraphQL", "graft.json"]),']
    targets += [f'        .target(name: "{f}", dependencies: ["AppSchema", "CoreAPI", {api}], exclude: ["GraphQL", "graft.json"]),'
                for f in features]
    write('Package.swift', '\n'.join([
        '// swift-tools-version: 6.0',
        f'// A modular app of {count} operations over GitHub\'s schema, written by Scripts/bench/make-app-scale.py.',
        'import PackageDescription',
        '',
        'let package = Package(',
        '    name: "AppScale",',
        '    platforms: [.macOS(.v13), .iOS(.v16)],',
        f'    dependencies: [.package(path: "{graft}")],',
        '    targets: [',
        *targets,
        '    ]',
        ')',
        '']))

    def users(fragment):
        return sorted(f'{op.name}.graphql.swift' for _, op in operations if fragment in op.uses)

    fragment_users = {f.name: users(f) for f in builder.fragments}
    editable = [f for f in builder.fragments if f.edit_field and fragment_users[f.name]]
    edited = min(editable, key=lambda f: (abs(len(fragment_users[f.name]) - 20), f.name))
    first = edited.lines[0]
    manifest = {
        'operations': count,
        'fragments': len(builder.fragments),
        'features': features,
        'operationsPerFeature': {f: sum(1 for g, _ in operations if g == f) for f in features},
        'fragmentUsers': fragment_users,
        'operationEdit': {
            'file': f'Sources/{edit_operation[0]}/GraphQL/{edit_operation[1].name}.graphql',
            'find': edit_operation[2], 'replace': edit_operation[3],
            'files': [f'{edit_operation[1].name}.graphql.swift'],
        },
        'fragmentEdit': {
            'file': f'Sources/CoreAPI/GraphQL/{edited.name}.graphql',
            'fragment': edited.name,
            'find': first, 'replace': f'{first}\n  {edited.edit_field[0]}',
            # What uses the fragment: its own file, the fragments spreading it, and the operations.
            'files': sorted([f'{edited.name}.graphql.swift']
                            + [f'{f.name}.graphql.swift' for f in builder.fragments if edited in f.uses]
                            + fragment_users[edited.name]),
            'operationUsers': len(fragment_users[edited.name]),
        },
    }
    write('app-scale.json', json.dumps(manifest, indent=2) + '\n')
    print(f'{count} operations ({sum(op.kind == "mutation" for _, op in operations)} mutations), '
          f'{len(builder.fragments)} fragments, {len(features)} feature modules in {root}; '
          f'edited fragment {edited.name} ({len(fragment_users[edited.name])} operations)')


if __name__ == '__main__':
    sys.exit(main())
