#!/usr/bin/env bash
# Scripts/fuzz/run.sh TARGET [SECONDS]: coverage-guided fuzzing of one reader of untrusted input.
# Builds the libFuzzer harness of this folder (release, -sanitize=fuzzer; the first build takes a few
# minutes), seeds a corpus from the repository's own files, and runs libFuzzer for SECONDS (300 by
# default). The corpus grows in .build/fuzz/TARGET/corpus and is reused by the next run. A finding
# (crash, trap, hang over 10 s, memory over 4 GB) stops the run with a non-zero status, and the input
# is written to .build/fuzz/TARGET/findings/; replay it with
#   FUZZ_TARGET=TARGET Scripts/fuzz/.build/release/GraftFuzz FILE
# Targets: parse validate ir sdl introspection json incremental multipart frames (FuzzTarget.swift).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${1:?usage: Scripts/fuzz/run.sh TARGET [SECONDS]  (parse validate ir sdl introspection json incremental multipart frames)}
seconds=${2:-300}
(cd "$here" && swift build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library --product GraftFuzz >&2)
work=$here/.build/fuzz/$target
mkdir -p "$work/corpus" "$work/findings"

# Copies each file named on stdin into the corpus under a name of its own.
copy() { while IFS= read -r file; do cp "$file" "$work/corpus/$(printf '%s' "$file" | cksum | cut -d' ' -f1)"; done; }
case $target in
parse | validate | ir) find "$root/Operations" "$root/Tests" -name '*.graphql' -size -16k | copy ;;
sdl) find "$root/Schemas" "$root/Tests" -name '*.graphqls' -size -32k | copy ;;
json | incremental) find "$root/Tests" -name '*.json' -size -16k | copy ;;
introspection)
    printf '%s' '{"data":{"__schema":{"queryType":{"name":"Query"},"mutationType":null,"subscriptionType":null,"types":[{"kind":"OBJECT","name":"Query","description":null,"fields":[{"name":"hero","description":null,"args":[{"name":"id","description":null,"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"defaultValue":null}],"type":{"kind":"INTERFACE","name":"Character","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"INTERFACE","name":"Character","description":null,"fields":[{"name":"name","description":null,"args":[],"type":{"kind":"LIST","name":null,"ofType":{"kind":"ENUM","name":"Episode","ofType":null}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":[{"kind":"OBJECT","name":"Droid","ofType":null}]},{"kind":"OBJECT","name":"Droid","description":null,"fields":[{"name":"name","description":null,"args":[],"type":{"kind":"LIST","name":null,"ofType":{"kind":"ENUM","name":"Episode","ofType":null}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[{"kind":"INTERFACE","name":"Character","ofType":null}],"enumValues":null,"possibleTypes":null},{"kind":"ENUM","name":"Episode","description":null,"fields":null,"inputFields":null,"interfaces":null,"enumValues":[{"name":"JEDI","description":null,"isDeprecated":false,"deprecationReason":null}],"possibleTypes":null},{"kind":"INPUT_OBJECT","name":"Filter","description":null,"fields":null,"inputFields":[{"name":"first","description":null,"type":{"kind":"SCALAR","name":"Int","ofType":null},"defaultValue":"10"}],"interfaces":null,"enumValues":null,"possibleTypes":null},{"kind":"SCALAR","name":"ID","description":null,"fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null}],"directives":[{"name":"cached","description":null,"locations":["FIELD"],"args":[],"isRepeatable":false}]}}}' >"$work/corpus/seed" ;;
multipart) printf -- '--graphql\r\nContent-Type: application/json\r\n\r\n{"data":{"a":1},"hasNext":true}\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{"hasNext":false}\r\n--graphql--\r\n' >"$work/corpus/seed" ;;
frames) printf '\x81\x05hello\x01\x03hel\x89\x00\x80\x02lo\x82\x02\x00\x01\x88\x02\x03\xe8' >"$work/corpus/seed" ;;
*) echo "unknown target $target" >&2; exit 64 ;;
esac

cd "$work"
FUZZ_TARGET=$target "$here/.build/release/GraftFuzz" "$work/corpus" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=4096 -max_len=16384 -artifact_prefix="$work/findings/" -print_final_stats=1
