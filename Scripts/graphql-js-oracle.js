#!/usr/bin/env node
// Computes the expectations that Tests/GraftCompilerTests compares Graft against, with the
// reference implementation graphql-js 16.6 (Debian package node-graphql):
//
//   NODE_PATH=/usr/share/nodejs node Scripts/graphql-js-oracle.js
//
// Writes Tests/GraftCompilerTests/Expected/:
//   print-cases.json              schema inputs -> file holding printSchema() of them
//   print/*.graphql               printSchema(buildSchema(sdl)) / printSchema(buildClientSchema(json))
//   schema-validation-cases.json  SDL inputs -> validateSDL() errors, else validateSchema() errors
// Run it from the package root; tests never need node.
'use strict';
const fs = require('fs');
const path = require('path');
const g = require('graphql');
const { validateSDL } = require('graphql/validation/validate');

const root = path.resolve(__dirname, '..');
const expectedDir = path.join(root, 'Tests/GraftCompilerTests/Expected');
// Inputs named `corpora/...` are in the conformance corpora (GRAFT_CORPORA, default ../shared/corpora
// beside the checkout), the others in the repository.
const corporaRoot = path.resolve(root, process.env.GRAFT_CORPORA || '../shared/corpora');
const corpora = 'corpora/schemas/';
const apolloDirectives = 'Tests/GraftCompilerTests/Fixtures/apollo-directives.graphqls';
const resolve = (file) => (file.startsWith('corpora/') ? path.join(corporaRoot, file.slice(8)) : path.join(root, file));
const read = (file) => fs.readFileSync(resolve(file), 'utf8');

function parseAll(files) {
  return g.concatAST(files.map((file) => g.parse(new g.Source(read(file), file))));
}
function buildFromInputs(kind, inputs) {
  if (kind === 'extend') {
    // The first input is the schema; the others extend it (extendSchema).
    return g.extendSchema(g.buildASTSchema(parseAll(inputs.slice(0, 1))), parseAll(inputs.slice(1)));
  }
  if (kind === 'introspection' || kind === 'extend-introspection') {
    const json = JSON.parse(read(inputs[0]));
    const schema = g.buildClientSchema(json.data || json);
    return kind === 'introspection' ? schema : g.extendSchema(schema, parseAll(inputs.slice(1)));
  }
  return g.buildASTSchema(parseAll(inputs));
}
function errorsOf(errors) {
  return errors.map((e) => ({ message: e.message, locations: (e.locations || []).map(({ line, column }) => ({ line, column })) }));
}

// ---- printSchema ----
const printCases = [
  { name: 'shopify-storefront-sdl', kind: 'sdl', inputs: [corpora + 'shopify/storefront-2026-04.graphql'], expected: 'print/shopify-storefront-2026-04.graphql' },
  { name: 'shopify-storefront-introspection', kind: 'introspection', inputs: [corpora + 'shopify/storefront-2026-04.introspection.json'], expected: 'print/shopify-storefront-2026-04.graphql' },
  { name: 'shopify-customer-account-sdl', kind: 'sdl', inputs: [corpora + 'shopify/customer-account-2026-04.graphql'], expected: 'print/shopify-customer-account-2026-04.graphql' },
  { name: 'shopify-customer-account-introspection', kind: 'introspection', inputs: [corpora + 'shopify/customer-account-2026-04.introspection.json'], expected: 'print/shopify-customer-account-2026-04.graphql' },
  { name: 'starwars-sdl', kind: 'sdl', inputs: [corpora + 'apollo-ios-dev/StarWarsAPI/starwars-graphql/schema.graphqls'], expected: 'print/starwars-sdl.graphql' },
  { name: 'starwars-introspection', kind: 'introspection', inputs: [corpora + 'apollo-ios-dev/StarWarsAPI/starwars-graphql/schema.json'], expected: 'print/starwars-introspection.graphql' },
  { name: 'animalkingdom', kind: 'sdl', inputs: [corpora + 'apollo-ios-dev/AnimalKingdomAPI/animalkingdom-graphql/AnimalSchema.graphqls', apolloDirectives], expected: 'print/animalkingdom.graphql' },
  { name: 'subscription', kind: 'sdl', inputs: [corpora + 'apollo-ios-dev/SubscriptionAPI/graphql/schema.graphqls'], expected: 'print/subscription.graphql' },
  { name: 'upload', kind: 'sdl', inputs: [corpora + 'apollo-ios-dev/UploadAPI/graphql/schema.graphqls'], expected: 'print/upload.graphql' },
  { name: 'extensions-across-files', kind: 'sdl', inputs: ['Tests/GraftCompilerTests/Fixtures/extensions/1-base.graphqls', 'Tests/GraftCompilerTests/Fixtures/extensions/2-extensions.graphqls', 'Tests/GraftCompilerTests/Fixtures/extensions/3-more.graphqls'], expected: 'print/extensions-across-files.graphql' },
  { name: 'extend-built-schema', kind: 'extend', inputs: ['Tests/GraftCompilerTests/Fixtures/extensions/1-base.graphqls', 'Tests/GraftCompilerTests/Fixtures/extensions/2-extensions.graphqls', 'Tests/GraftCompilerTests/Fixtures/extensions/3-more.graphqls'], expected: 'print/extend-built-schema.graphql' },
  { name: 'starwars-introspection-extended', kind: 'extend-introspection', inputs: [corpora + 'apollo-ios-dev/StarWarsAPI/starwars-graphql/schema.json', 'Tests/GraftCompilerTests/Fixtures/starwars-extension.graphqls'], expected: 'print/starwars-introspection-extended.graphql' },
  { name: 'printer-edge-cases', kind: 'sdl', inputs: ['Tests/GraftCompilerTests/Fixtures/printer-edge-cases.graphqls'], expected: 'print/printer-edge-cases.graphql' },
];
fs.mkdirSync(path.join(expectedDir, 'print'), { recursive: true });
const written = {};
for (const c of printCases) {
  const printed = g.printSchema(buildFromInputs(c.kind, c.inputs));
  if (written[c.expected] !== undefined && written[c.expected] !== printed) {
    throw new Error(`${c.name}: differs from the other input printed to ${c.expected}`);
  }
  written[c.expected] = printed;
  fs.writeFileSync(path.join(expectedDir, c.expected), printed);
}
fs.writeFileSync(path.join(expectedDir, 'print-cases.json'), JSON.stringify(printCases, null, 2) + '\n');

// ---- validation (validateSDL, then validateSchema) ----
const validationCases = JSON.parse(read('Tests/GraftCompilerTests/Fixtures/schema-validation-inputs.json'));
for (const c of validationCases) {
  const inputs = c.inputs || [];
  const docs = inputs.map((file) => g.parse(new g.Source(read(file), file)));
  if (c.sdl !== undefined) docs.push(g.parse(new g.Source(c.sdl, 'inline.graphql')));
  const doc = g.concatAST(docs);
  let errors = validateSDL(doc);
  if (errors.length === 0) errors = g.validateSchema(g.buildASTSchema(doc, { assumeValidSDL: true }));
  c.errors = errorsOf(errors);
}
fs.writeFileSync(path.join(expectedDir, 'schema-validation-cases.json'), JSON.stringify(validationCases, null, 2) + '\n');
console.log(`wrote ${printCases.length} print cases and ${validationCases.length} validation cases`);
