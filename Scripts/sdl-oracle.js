#!/usr/bin/env node
// Writes what graphql-js 16.6 `validateSDL(document)` (every SDL rule) reports for the document of
// every case of the corpora's graphql-js/validation-cases.json, operations included (a schema file
// may hold operations and fragments by mistake; `graft validate --schema` must then report exactly
// what graphql-js does), to Tests/GraftCompilerTests/Expected/sdl-all-rules.json. SDL cases that
// extend a schema are validated against it, as their tests do.
//
// Regenerate (from the package root):
//   NODE_PATH=/usr/share/nodejs node Scripts/sdl-oracle.js
'use strict';
const fs = require('fs');
const path = require('path');
const { buildSchema, parse, version } = require('graphql');
const { validateSDL } = require('graphql/validation/validate');

const root = path.resolve(__dirname, '..');
const corpus = path.resolve(root, process.env.GRAFT_CORPORA || '../shared/corpora', 'graphql-js');
const cases = JSON.parse(fs.readFileSync(path.join(corpus, 'validation-cases.json'), 'utf8'));

const result = { graphqlVersion: version, cases: {} };
for (const testCase of cases) {
  const base = testCase.kind === 'sdl' && testCase.schema && testCase.schema.sdl
    ? buildSchema(testCase.schema.sdl, { assumeValidSDL: true }) : undefined;
  result.cases[testCase.id] = validateSDL(parse(testCase.document), base).map((error) => ({
    message: error.message,
    locations: (error.locations || []).map(({ line, column }) => ({ line, column })),
  }));
}
const output = path.join(root, 'Tests/GraftCompilerTests/Expected/sdl-all-rules.json');
fs.writeFileSync(output, JSON.stringify(result, null, 1) + '\n');
console.log(`wrote ${Object.keys(result.cases).length} cases to ${path.relative(root, output)}`);
