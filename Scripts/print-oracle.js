#!/usr/bin/env node
// Writes graphql-js 16.6's print(parse(x)) for the printer test inputs, so tests compare against
// the reference implementation without needing node at test time.
//
// Regenerate (needs Debian's node-graphql):
//   NODE_PATH=/usr/share/nodejs node Scripts/print-oracle.js
const { parse, print } = require('graphql');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const inputs = JSON.parse(fs.readFileSync(path.join(root, 'Tests/GraftLanguageTests/Fixtures/print-inputs.json'), 'utf8'));
const corpora = [
  'graphql-js/kitchen-sink-query.v16.6.0.graphql',
  'graphql-js/kitchen-sink-sdl.v16.6.0.graphql',
];
const expected = {};
for (const [name, text] of Object.entries(inputs)) {
  try { expected[name] = print(parse(text)); } catch (e) { throw new Error(`${name}: ${e.message}`); }
}
for (const file of corpora) {
  expected[file] = print(parse(fs.readFileSync(path.join(path.resolve(root, process.env.GRAFT_CORPORA || '../shared/corpora'), file), 'utf8')));
}
fs.writeFileSync(path.join(root, 'Tests/GraftLanguageTests/Expected/print-expected.json'), JSON.stringify(expected, null, 1) + '\n');
