#!/usr/bin/env node
// Checks the example API (Schemas/ and Operations/) against graphql-js 16.6,
// the reference implementation:
//   1. the concatenated Schemas/*.graphqls builds and passes schema validation;
//   2. each Operations/*.graphql file, together with every fragment-only file,
//      passes all specified validation rules except NoUnusedFragments (a file
//      uses only some of the shared fragments);
//   3. all operation files together pass every rule, NoUnusedFragments included,
//      so no fragment is dead and operation names are unique.
// Usage: NODE_PATH=/usr/share/nodejs node Scripts/check-example-api.js [PACKAGE_ROOT]
// Exit status 1 on any error, each printed as `path:line:column: error: message`.
'use strict';

const fs = require('fs');
const path = require('path');
const graphql = require('graphql');

const root = path.resolve(process.argv[2] || path.join(__dirname, '..'));
const schemaDir = path.join(root, 'Schemas');
const operationsDir = path.join(root, 'Operations');

function listFiles(dir, extension) {
  return fs.readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => path.join(dir, name));
}

// An error in a shared fragment file shows up once per operation file; print it once.
const reported = new Set();
function report(file, error) {
  const where = (error.locations && error.locations[0]) || { line: 1, column: 1 };
  const line = `${path.relative(root, file)}:${where.line}:${where.column}: error: ${error.message}`;
  if (!reported.has(line)) console.log(line);
  reported.add(line);
}

// One Source per file keeps line numbers right; the documents are merged after parsing.
function parseFile(file) {
  try {
    return graphql.parse(new graphql.Source(fs.readFileSync(file, 'utf8'), file));
  } catch (error) {
    report(file, error);
    return null;
  }
}

function fileOf(error, fallback) {
  const node = error.nodes && error.nodes[0];
  return (node && node.loc && node.loc.source.name) || fallback;
}

// 1. The schema.
const schemaFiles = listFiles(schemaDir, '.graphqls');
const schemaDocuments = schemaFiles.map(parseFile);
if (schemaDocuments.includes(null)) process.exit(1);
const schemaAST = { kind: graphql.Kind.DOCUMENT, definitions: schemaDocuments.flatMap((d) => d.definitions) };
let schema;
try {
  schema = graphql.buildASTSchema(schemaAST);
} catch (error) {
  report(fileOf(error, schemaFiles[0]), error);
  process.exit(1);
}
for (const error of graphql.validateSchema(schema)) report(fileOf(error, schemaFiles[0]), error);
const typeCount = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__')).length;
console.log(`schema: ${schemaFiles.length} files, ${typeCount} types, ${schema.getDirectives().length} directives`);

// 2. Each operation file with the fragment files.
const operationFiles = listFiles(operationsDir, '.graphql');
const parsed = new Map(operationFiles.map((file) => [file, parseFile(file)]));
if ([...parsed.values()].includes(null)) process.exit(1);
const isFragmentFile = (document) => document.definitions.every((d) => d.kind === graphql.Kind.FRAGMENT_DEFINITION);
const fragmentFiles = operationFiles.filter((file) => isFragmentFile(parsed.get(file)));
const rulesWithoutUnusedFragments = graphql.specifiedRules.filter((rule) => rule !== graphql.NoUnusedFragmentsRule);

let operationCount = 0;
let fragmentCount = 0;
for (const file of operationFiles) {
  const document = parsed.get(file);
  const others = fragmentFiles.filter((f) => f !== file).map((f) => parsed.get(f));
  const combined = { kind: graphql.Kind.DOCUMENT, definitions: [document, ...others].flatMap((d) => d.definitions) };
  const errors = graphql.validate(schema, combined, rulesWithoutUnusedFragments);
  for (const error of errors) report(fileOf(error, file), error);
  for (const definition of document.definitions) {
    if (definition.kind === graphql.Kind.OPERATION_DEFINITION) operationCount += 1;
    else fragmentCount += 1;
  }
  console.log(`${errors.length === 0 ? 'ok  ' : 'FAIL'} ${path.relative(root, file)}`);
}

// 3. Everything together, every rule.
const everything = { kind: graphql.Kind.DOCUMENT, definitions: [...parsed.values()].flatMap((d) => d.definitions) };
for (const error of graphql.validate(schema, everything)) report(fileOf(error, operationFiles[0]), error);

console.log(`operations: ${operationFiles.length} files, ${operationCount} operations, ${fragmentCount} fragments`);
if (reported.size > 0) {
  console.log(`${reported.size} error(s)`);
  process.exit(1);
}
console.log('example API valid');
