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
const corpus = path.resolve(root, process.env.GRAFT_CORPORA || '../shared/corpora', 'graphql-js');
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
// Large documents for OverlappingFieldsCanBeMerged: 1,000 sibling fields with one response name.
const repeat = (count, make) => Array.from({ length: count }, (_, index) => make(index)).join(' ');
const stress = {
  'siblings-identical-leaf': `{ dog { ${repeat(1000, () => 'name')} } }`,
  'siblings-alternating-leaf': `{ dog { ${repeat(1000, (i) => (i % 2 ? 'a: nickname' : 'a: name'))} } }`,
  'siblings-identical-subselection': `{ dog { ${repeat(1000, () => 'mother { name barks }')} } }`,
  'siblings-alternating-arguments': `{ dog { ${repeat(1000, (i) => `isAtLocation(x: ${i % 2}, y: 1)`)} } }`,
  'siblings-alternating-subselection': `{ dog { ${repeat(1000, (i) => (i % 2 ? 'mother { name }' : 'mother { name: nickname }'))} } }`,
  'siblings-fragment-spreads': `{ dog { ${repeat(1000, () => 'mother { ...DogName }')} } } fragment DogName on Dog { name }`,
};
result.stress = {};
for (const [name, document] of Object.entries(stress)) {
  const parsed = parse(document);
  const started = process.hrtime.bigint();
  const errors = validate(testSchema, parsed);
  const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${name}: ${errors.length} errors, graphql-js validate ${milliseconds.toFixed(1)} ms`);
  result.stress[name] = {
    document,
    errors: errors.map((error) => ({
      message: error.message,
      locations: (error.locations || []).map(({ line, column }) => ({ line, column })),
    })),
  };
}

const output = path.join(root, 'Tests/GraftCompilerTests/Expected/validation-all-rules.json');
fs.writeFileSync(output, JSON.stringify(result, null, 1) + '\n');
console.log(`wrote ${Object.keys(result.cases).length} cases to ${path.relative(root, output)}`);
