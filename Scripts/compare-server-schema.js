#!/usr/bin/env node
// Checks that the Strawberry integration server (Tests/IntegrationServer) serves exactly
// the example API in Schemas/: both schemas are printed type by type with graphql-js 16.6's
// printType (types sorted by name, fields in their declared order) and compared with `diff -u`.
// Directive definitions may differ (introspection does not carry applied directives, and
// graphql-js 16.6 does not know @oneOf), so they are listed but not compared; instead the
// server must report `isOneOf: true` for every input object declared with @oneOf.
//
// Usage: NODE_PATH=/usr/share/nodejs node Scripts/compare-server-schema.js [URL]
//   URL   a running server's GraphQL endpoint, e.g. http://127.0.0.1:8000/graphql;
//         without it the script runs `server.py --introspect` from the integration venv.
// Exit status 0 when the schemas match, 1 otherwise.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const graphql = require('graphql');

const root = path.resolve(__dirname, '..');
const endpoint = process.argv[2];
const introspectionQuery = graphql.getIntrospectionQuery({
  descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true,
  inputValueDeprecation: true,
});
const oneOfQuery = '{ __schema { types { name kind isOneOf } } }';

async function execute(query) {
  if (endpoint) {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query }),
    });
    return response.json();
  }
  const python = path.join(root, '.build', 'integration-venv', 'bin', 'python');
  const server = path.join(root, 'Tests', 'IntegrationServer', 'server.py');
  const result = spawnSync(python, [server, '--introspect'], { input: query, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`server.py --introspect failed:\n${result.stderr || result.error}`);
  return JSON.parse(result.stdout);
}

function printTypes(schema) {
  return Object.values(schema.getTypeMap())
    .filter((type) => !graphql.isIntrospectionType(type) && !graphql.isSpecifiedScalarType(type))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((type) => graphql.printType(type))
    .join('\n\n') + '\n';
}

function directiveNames(schema) {
  return schema.getDirectives().filter((d) => !graphql.isSpecifiedDirective(d)).map((d) => `@${d.name}`).sort();
}

async function main() {
  const sdl = fs.readdirSync(path.join(root, 'Schemas')).filter((f) => f.endsWith('.graphqls')).sort()
    .map((f) => fs.readFileSync(path.join(root, 'Schemas', f), 'utf8')).join('\n');
  const expected = graphql.buildSchema(sdl);

  const introspection = await execute(introspectionQuery);
  if (introspection.errors) throw new Error(`introspection failed: ${JSON.stringify(introspection.errors)}`);
  const served = graphql.buildClientSchema(introspection.data);

  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graft-schema-compare-'));
  const expectedFile = path.join(outputDir, 'Schemas.graphql');
  const servedFile = path.join(outputDir, 'server.graphql');
  fs.writeFileSync(expectedFile, printTypes(expected));
  fs.writeFileSync(servedFile, printTypes(served));
  const diff = spawnSync('diff', ['-u', expectedFile, servedFile], { encoding: 'utf8' });
  let ok = diff.status === 0;
  if (!ok) process.stdout.write(diff.stdout);

  // @oneOf: graphql-js 16.6 neither prints nor introspects it; ask the server directly.
  const declaredOneOf = Object.values(expected.getTypeMap())
    .filter((t) => graphql.isInputObjectType(t) && t.astNode && (t.astNode.directives || []).some((d) => d.name.value === 'oneOf'))
    .map((t) => t.name).sort();
  const flags = await execute(oneOfQuery);
  const servedOneOf = flags.data.__schema.types.filter((t) => t.isOneOf).map((t) => t.name).sort();
  if (JSON.stringify(declaredOneOf) !== JSON.stringify(servedOneOf)) {
    ok = false;
    console.log(`@oneOf input objects differ: Schemas/ has [${declaredOneOf}], the server has [${servedOneOf}]`);
  }

  const typeCount = Object.keys(expected.getTypeMap()).filter((n) => !n.startsWith('__')).length;
  console.log(`directives (not compared): Schemas/ ${directiveNames(expected).join(' ')}; server ${directiveNames(served).join(' ') || '(none)'}`);
  console.log(ok ? `server schema matches Schemas/ (${typeCount} types, @oneOf on ${declaredOneOf.join(', ')})`
                 : `server schema differs from Schemas/ (files kept in ${outputDir})`);
  if (ok) fs.rmSync(outputDir, { recursive: true });
  process.exit(ok ? 0 : 1);
}

main().catch((error) => { console.error(`error: ${error.message}`); process.exit(1); });
