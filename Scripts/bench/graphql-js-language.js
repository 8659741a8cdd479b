// graphql-js 16.6 figures for the table of Documentation/Benchmarks.md: lex, parse, buildSchema + validateSchema of one SDL file.
// NODE_PATH=/usr/share/nodejs node Scripts/bench/graphql-js-language.js ../shared/corpora/schemas/github/schema-2024-07-08-503d8f1.graphql
const g = require('graphql'); const fs = require('fs');
const text = fs.readFileSync(process.argv[2], 'utf8');
function median(f, n) { for (let i = 0; i < 5; i++) f(); const a = []; for (let i = 0; i < n; i++) { const t0 = process.hrtime.bigint(); f(); a.push(Number(process.hrtime.bigint() - t0) / 1e6); } a.sort((x, y) => x - y); return a[Math.floor(n / 2)]; }
const bytes = Buffer.byteLength(text);
const lex = median(() => { const l = new g.Lexer(new g.Source(text)); while (l.advance().kind !== '<EOF>'); }, 30);
const parse = median(() => g.parse(text), 30);
const schema = median(() => { const s = g.buildSchema(text); const e = g.validateSchema(s); if (e.length) throw e[0]; }, 20);
console.log(`graphql-js lex: median ${lex.toFixed(1)} ms, ${(bytes / 1e6 / (lex / 1000)).toFixed(0)} MB/s`);
console.log(`graphql-js parse: median ${parse.toFixed(1)} ms, ${(bytes / 1e6 / (parse / 1000)).toFixed(0)} MB/s`);
console.log(`graphql-js buildSchema+validateSchema: median ${schema.toFixed(1)} ms`);
