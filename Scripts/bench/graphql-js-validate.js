// The graphql-js 16.6 side of `graft-bench generate`: parse the schema and operations and
// validate them (buildASTSchema + validateSchema + validate), median of repeated runs.
// Usage: NODE_PATH=/usr/share/nodejs node Scripts/bench/graphql-js-validate.js SCHEMA OPERATIONS_DIR
const fs = require("fs");
const path = require("path");
const g = require("graphql");

const [schemaPath, operationsDir] = process.argv.slice(2);
const files = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith(".graphql")) files.push(full);
  }
})(operationsDir);
files.sort();
// The generator directives Apollo iOS adds (the schema uses none of them; operations may).
const extra = "directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT\n";
const schemaText = fs.readFileSync(schemaPath, "utf8") + "\n" + extra;
const operationsText = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");

function run() {
  const schema = g.buildASTSchema(g.parse(schemaText));
  const schemaErrors = g.validateSchema(schema);
  const errors = g.validate(schema, g.parse(operationsText));
  if (schemaErrors.length || errors.length) throw new Error(String(schemaErrors.concat(errors)[0]));
}

for (let i = 0; i < 3; i++) run();
const samples = [];
const start = process.hrtime.bigint();
while (samples.length < 15 || Number(process.hrtime.bigint() - start) / 1e9 < 2) {
  const before = process.hrtime.bigint();
  run();
  samples.push(Number(process.hrtime.bigint() - before) / 1e6);
}
samples.sort((a, b) => a - b);
console.log(`graphql-js parse+validate ${path.basename(schemaPath)} + ${files.length} operation files: median ${samples[samples.length >> 1].toFixed(3)} ms (${samples.length} runs)`);
