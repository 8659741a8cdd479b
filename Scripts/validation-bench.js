#!/usr/bin/env node
// graphql-js 16.6 `validate()` timing, the counterpart of `graft-bench validate`: builds the
// schema and parses the operations (all files as one document) outside the timing, then reports
// the median of many `validate(schema, document)` runs.
//
//   NODE_PATH=/usr/share/nodejs node Scripts/validation-bench.js --schema PATH... --operations PATH...
'use strict';
const fs = require('fs');
const path = require('path');
const { buildSchema, parse, validate, version } = require('graphql');

const generatorDirectives = {
  defer: 'directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT',
  typePolicy: 'directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE',
  fieldPolicy: 'directive @fieldPolicy(forField: String!, keyArgs: String!) repeatable on OBJECT | INTERFACE',
  apollo_client_ios_localCacheMutation:
    'directive @apollo_client_ios_localCacheMutation on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION',
  import: 'directive @import(module: String!) repeatable on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION',
  oneOf: 'directive @oneOf on INPUT_OBJECT',
};

function files(paths, extensions) {
  const walk = (p) => fs.statSync(p).isDirectory()
    ? fs.readdirSync(p).sort().flatMap((name) => walk(path.join(p, name)))
    : [p];
  return paths.flatMap((p) => fs.statSync(p).isDirectory()
    ? walk(p).filter((file) => extensions.includes(path.extname(file))).sort()
    : [p]);
}

const args = { '--schema': [], '--operations': [] };
let current;
for (const argument of process.argv.slice(2)) {
  if (argument in args) current = argument;
  else if (current) args[current].push(argument);
}
let sdl = files(args['--schema'], ['.graphqls', '.graphql']).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
for (const [name, definition] of Object.entries(generatorDirectives)) {
  if (!new RegExp(`directive\\s+@${name}\\b`).test(sdl)) sdl += '\n' + definition;
}
const schema = buildSchema(sdl);
const operationFiles = files(args['--operations'], ['.graphql']);
const document = parse(operationFiles.map((f) => fs.readFileSync(f, 'utf8')).join('\n'));

let errors = validate(schema, document); // warm-up (also caches schema validation)
for (let i = 0; i < 50; i++) validate(schema, document);
const samples = [];
const started = Date.now();
while (samples.length < 200 || Date.now() - started < 3000) {
  const before = process.hrtime.bigint();
  errors = validate(schema, document);
  samples.push(Number(process.hrtime.bigint() - before) / 1e6);
  if (samples.length >= 20000) break;
}
samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)];
console.log(`graphql-js ${version} validate ${path.basename(args['--operations'][0])}: ` +
  `${document.definitions.length} definitions, ${errors.length} errors, median ${median.toFixed(3)} ms (${samples.length} runs)`);
