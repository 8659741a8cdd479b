#!/usr/bin/env bash
# What a schema module costs for the GitHub schema (Apollo iOS's, in the corpora): every enum,
# input object and custom scalar with metadata for every interface and union (`graft generate
# --schema-only`, the default), against only the types and metadata the GitHub operations use
# (`--schema-types used --used-by Queries`). Prints files, bytes and lines, then the median of RUNS
# (default 5) compile times of each as a module of its own, with `swiftc` against the debug-built
# Graft module: debug (-Onone, batch mode, as `swift build` compiles) and release (-O, whole module).
#
#   swift build --target Graft && swift build --product graft && Scripts/bench/schema-module-cost.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=${RUNS:-5}
root=$PWD
github=${GITHUB_DIR:-../shared/corpora/schemas/apollo-ios-dev/GitHubAPI/graphql}
graft=.build/debug/graft
modules=$PWD/.build/debug/Modules
[ -d "$modules" ] || modules=$PWD/.build/debug
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$graft" generate --schema-only --schema "$github/schema.graphqls" --output "$work/all" >/dev/null
"$graft" generate --schema-only --schema-types used --used-by "$github/Queries" --schema "$github/schema.graphqls" \
    --output "$work/used" >/dev/null

median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# One compile, timed: prints "wall user" (seconds).
compile() {
    local folder=$1 mode=$2 out=$work/build-$RANDOM
    mkdir -p "$out"
    local flags=(-Onone -enable-batch-mode -j2)
    [ "$mode" = release ] && flags=(-O -whole-module-optimization)
    # Objects are written to the current folder (one per file in batch mode).
    (cd "$out" && /usr/bin/time -f '%e %U' -o "$out/time" swiftc -swift-version 6 -parse-as-library -module-name GitHubSchema \
        -I "$modules" -I "$root/Sources/CCurl" "${flags[@]}" -emit-module -emit-module-path "$out/GitHubSchema.swiftmodule" -c \
        $(find "$folder" -name '*.swift' | sort) >/dev/null 2>"$out/log") || { cat "$out/log" >&2; exit 1; }
    tail -n 1 "$out/time"
    rm -rf "$out"
}

echo "runs=$runs  $(date -u '+%Y-%m-%d %H:%M UTC')  load: $(cut -d' ' -f1-3 /proc/loadavg)  $(nproc) cores  $(swiftc --version 2>&1 | head -n 1)"
printf '%-6s %8s %10s %8s %10s %10s %10s %10s\n' types files bytes lines debug-wall debug-user rel-wall rel-user
for variant in all used; do
    folder=$work/$variant
    files=$(find "$folder" -name '*.swift' | wc -l)
    bytes=$(find "$folder" -name '*.swift' -exec cat {} + | wc -c)
    lines=$(find "$folder" -name '*.swift' -exec cat {} + | wc -l)
    results=()
    for mode in debug release; do
        walls=() users=()
        for _ in $(seq "$runs"); do
            read -r wall user < <(compile "$folder" "$mode")
            walls+=("$wall") users+=("$user")
        done
        results+=("$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${users[@]}" | median)")
    done
    printf '%-6s %8s %10s %8s %10s %10s %10s %10s\n' "$variant" "$files" "$bytes" "$lines" "${results[@]}"
done
