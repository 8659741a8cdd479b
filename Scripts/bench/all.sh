#!/usr/bin/env bash
# Every row of Documentation/Benchmarks.md's summary table, each Graft figure back to back with its peer in the same
# round, ROUNDS times (default 3), with the date and the load average before each row. Needs the
# corpora beside the checkout (../shared) and Debian's node-graphql (graphql-js 16.6).
#
#   swift build -c release --product graft-bench && Scripts/bench/all.sh 2>&1 | tee /tmp/bench.log
#   ROUNDS=1 ROWS="parse schema" Scripts/bench/all.sh
#
# Rows: lex parse schema validate generate response cache pagination subscription multipart offline
# memory compile (compile rebuilds the golden modules: several minutes).
set -euo pipefail
cd "$(dirname "$0")/../.."

rounds=${ROUNDS:-3}
rows=${ROWS:-lex parse schema validate generate response cache pagination subscription multipart offline memory compile}
bench=.build/release/graft-bench
G=../shared/corpora/schemas/github/schema-2024-07-08-503d8f1.graphql
A=../shared/corpora/schemas/apollo-ios-dev/GitHubAPI/graphql
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

[ -x "$bench" ] || { echo "build it first: swift build -c release --product graft-bench" >&2; exit 1; }
[ -f "$G" ] || { echo "needs the corpora: $G" >&2; exit 1; }

stamp() { echo "== $1  $(date -u '+%Y-%m-%d %H:%M:%S UTC')  load: $(cut -d' ' -f1-3 /proc/loadavg)  $(nproc) cores"; }

# The first second of work after the machine idles runs slower (parse took 2.4 ms instead of 1.5 in
# the first of three back-to-back runs): warm up before the first row.
"$bench" lex "$G" > /dev/null

for row in $rows; do
    for round in $(seq 1 "$rounds"); do
        [ "$row" = compile ] && [ "$round" != 1 ] && continue  # compile-time.sh takes its own median
        stamp "$row, round $round of $rounds"
        case $row in
        lex) "$bench" lex "$G"; node Scripts/bench/graphql-js-language.js "$G" | grep lex ;;
        parse) "$bench" parse "$G"; node Scripts/bench/graphql-js-language.js "$G" | grep parse ;;
        schema) "$bench" schema "$G"; node Scripts/bench/graphql-js-language.js "$G" | grep buildSchema ;;
        validate)
            "$bench" validate --schema "$A/schema.graphqls" --operations "$A/Queries"
            node Scripts/validation-bench.js --schema "$A/schema.graphqls" --operations "$A/Queries" ;;
        generate)
            "$bench" generate Scripts/bench/github.graft.json
            node Scripts/bench/graphql-js-validate.js "$A/schema.graphqls" "$A/Queries" ;;
        response) "$bench" response Scripts/bench/course-catalog-response.json ;;
        cache) "$bench" cache ;;
        pagination) "$bench" pagination ;;
        subscription) "$bench" subscription ;;
        multipart) "$bench" multipart ;;
        offline) "$bench" offline ;;
        memory) "$bench" cache --memory ;;
        compile) Scripts/bench/compile-time.sh ;;
        *) echo "unknown row $row" >&2; exit 1 ;;
        esac
    done
done
stamp "done"
