#!/usr/bin/env node
// Writes what graphql-js 16.6 `validate(schema, document)` (all specified rules) reports for every
// "kind": "operation" case of ../shared/corpora/graphql-js/validation-cases.json, to
// Tests/GraftCompilerTests/Expected/validation-all-rules.json. The Swift tests compare against
// that file, so they do not need node.
//
// Regenerate (from the package root):
//   NODE_PATH=/usr/share/nodejs node Scripts/validation-oracle.js
'use strict';
const fs = require('fs');
const path = require('path');
const { buildSchema, parse, validate, version } = require('graphql');

const root = path.resolve(__dirname, '..');
const corpus = path.resolve(root, '../shared/corpora/graphql-js');
const cases = JSON.parse(fs.readFileSync(path.join(corpus, 'validation-cases.json'), 'utf8'));
const testSchema = buildSchema(fs.readFileSync(path.join(corpus, 'validation-harness-schema.graphql'), 'utf8'));

const result = { graphqlVersion: version, cases: {} };
for (const testCase of cases) {
  if (testCase.kind !== 'operation') continue;
  const schema = testCase.schema === 'testSchema' ? testSchema : buildSchema(testCase.schema.sdl);
  const errors = validate(schema, parse(testCase.document));
  result.cases[testCase.id] = errors.map((error) => ({
    message: error.message,
    locations: (error.locations || []).map(({ line, column }) => ({ line, column })),
  }));
}
const output = path.join(root, 'Tests/GraftCompilerTests/Expected/validation-all-rules.json');
fs.writeFileSync(output, JSON.stringify(result, null, 1) + '\n');
console.log(`wrote ${Object.keys(result.cases).length} cases to ${path.relative(root, output)}`);
