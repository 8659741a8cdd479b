#!/bin/sh
# Bytes and lines of each golden generated API (every .swift file under its folder), with the share
# of Apollo iOS's bytes where Documentation/Benchmarks.md's size table has them. Run from the package root.
cd "$(dirname "$0")/.." || exit 1
for api in StarWarsAPI AnimalKingdomAPI GitHubAPI CourseCatalogAPI ClashAPI ModularSchemaAPI ModularCoreAPI ModularFeatureAAPI ModularFeatureBAPI; do
    folder="Tests/GraftCodegenTests/Golden/$api"
    bytes=$(find "$folder" -name '*.swift' -exec cat {} + | wc -c)
    lines=$(find "$folder" -name '*.swift' -exec cat {} + | wc -l)
    case $api in
        StarWarsAPI) apollo=199591 ;;
        AnimalKingdomAPI) apollo=203775 ;;
        *) apollo= ;;
    esac
    if [ -n "$apollo" ]; then
        share=$(awk "BEGIN { printf \"%.2f%%\", 100 * $bytes / $apollo }")
        echo "$api: $bytes bytes, $lines lines, $share of Apollo iOS's $apollo bytes"
    else
        echo "$api: $bytes bytes, $lines lines"
    fi
done
