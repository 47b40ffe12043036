#!/usr/bin/env bash
# Re-runs the adoption checks described in README.md: serde's derive test
# suite and four real crates with `json_runtime::ToJson` added next to
# every `Serialize` derive, then byte comparisons on real values.
#
#   tests/adoption/run.sh [suite] [crates] [identity]     (default: all three)
#
# Needs network access to crates.io (and to GitHub unless SERDE_REPO points
# at a checkout of serde-rs/serde). Everything goes under $SCRATCH
# (default /tmp/json-runtime-adoption), about 6 GB with its target folder;
# delete it afterwards. Not run by CI.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SCRATCH=${SCRATCH:-/tmp/json-runtime-adoption}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$SCRATCH/target}
CRATES=(cargo_metadata@0.23.1 lsp-types@0.97.0 geojson@1.0.0 octocrab@0.54.9)
STEPS=${*:-suite crates identity}
mkdir -p "$SCRATCH"

json_runtime_dep() {
    printf '\n[dependencies.json-runtime]\npath = "%s/json-runtime"\n\n[workspace]\n' "$REPO" >> "$1"
}

# Builds with --message-format=json and prints the derive sites with errors.
count() {
    cargo build --message-format=json "$@" 2>/dev/null | python3 "$HERE/count_errors.py" . || true
}

suite() {
    local serde=${SERDE_REPO:-$SCRATCH/serde}
    [ -d "$serde" ] || git clone --quiet --depth 1 https://github.com/serde-rs/serde "$serde"
    local dir=$SCRATCH/serde-suite
    rm -rf "$dir" && mkdir -p "$dir/src" && touch "$dir/src/lib.rs"
    cp -r "$serde/test_suite/tests" "$dir/tests"
    # compile-fail and nightly-only tests are not derive sites that compile.
    rm -rf "$dir/tests/ui" "$dir/tests/compiletest.rs" "$dir/tests/test_unstable.rs" "$dir/tests/unstable"
    cat > "$dir/Cargo.toml" <<'EOF'
[package]
name = "serde_suite_tojson"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
serde = { version = "1", features = ["rc", "derive"] }
serde_derive = { version = "1", features = ["deserialize_in_place"] }
serde_json = "=1.0.154"

[dev-dependencies]
automod = "1.0.1"
foldhash = "0.2"
rustversion = "1.0"
serde_test = "1.0.176"
EOF
    sed -i 's/^\[dependencies\]/[dependencies]\nserde_test = "1.0.176"/' "$dir/Cargo.toml"
    json_runtime_dep "$dir/Cargo.toml"
    cd "$dir"
    python3 "$HERE/add_tojson.py" tests | tail -1
    for test in tests/*.rs; do
        echo "== $test"
        count --test "$(basename "$test" .rs)"
    done
    # serde's own tests, each serialized value also compared with serde_json.
    cp "$HERE/serde_suite_probe.rs" src/lib.rs
    sed -i -E 's/(^|[^_a-z:])(assert_tokens|assert_ser_tokens|assert_ser_tokens_error)\(/\1serde_suite_tojson::\2!(/g' tests/*.rs tests/*/*.rs
    export COMPARE_LOG=$SCRATCH/serde-suite-compare.log
    rm -f "$COMPARE_LOG"
    cargo test --quiet 2>&1 | grep -E "^test result|panicked" | sort | uniq -c || true
    echo "values compared (SAME VALUE, SAME ERROR, DIFF; SKIP = type without ToJson):"
    grep -E '^(SAME|DIFF|SKIP)' "$COMPARE_LOG" | cut -d' ' -f1,2 | sed 's/^DIFF .*/DIFF/; s/^SKIP .*/SKIP/' | sort | uniq -c
    grep -A4 '^DIFF' "$COMPARE_LOG" || true
}

fetch_crates() {
    local fetch=$SCRATCH/fetch
    mkdir -p "$fetch/src" "$SCRATCH/crates" "$SCRATCH/crates.orig"
    echo 'fn main() {}' > "$fetch/src/main.rs"
    {
        printf '[package]\nname = "fetch"\nversion = "0.0.0"\nedition = "2021"\n[workspace]\n[dependencies]\n'
        for c in "${CRATES[@]}"; do
            printf '%s = { version = "=%s", default-features = false }\n' "${c%@*}" "${c#*@}"
        done
    } > "$fetch/Cargo.toml"
    (cd "$fetch" && cargo fetch --quiet)
    for c in "${CRATES[@]}"; do
        local name=${c%@*}-${c#*@}
        [ -d "$SCRATCH/crates.orig/$name" ] && continue
        tar xzf "$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"$name.crate" | head -1)" -C "$SCRATCH/crates.orig"
    done
}

crates() {
    fetch_crates
    for c in "${CRATES[@]}"; do
        local name=${c%@*}-${c#*@}
        rm -rf "$SCRATCH/crates/$name"
        cp -r "$SCRATCH/crates.orig/$name" "$SCRATCH/crates/$name"
        json_runtime_dep "$SCRATCH/crates/$name/Cargo.toml"
        cd "$SCRATCH/crates/$name"
        echo "== $name: $(python3 "$HERE/add_tojson.py" src | tail -1)"
        [ "$name" = "${CRATES[3]/@/-}" ] && echo "   of which in src/models: $(grep -rc 'json_runtime::ToJson' src/models src/models.rs | awk -F: '{s+=$2} END {print s}')"
        case $name in
            octocrab-*) count --lib --no-default-features ;;
            *) count --lib --all-features ;;
        esac
    done
}

identity() {
    fetch_crates
    [ -d "$SCRATCH/crates/${CRATES[0]/@/-}" ] || crates
    local dir=$SCRATCH/identity data=$SCRATCH/identity-data
    rm -rf "$dir" && cp -r "$HERE/identity" "$dir"
    mkdir -p "$data/geojson" "$data/octocrab"
    cat > "$dir/Cargo.toml" <<EOF
[package]
name = "identity"
version = "0.0.0"
edition = "2021"
publish = false

[features]
# json-runtime's own impls for serde_json::Value and chrono's types,
# instead of the serde fallback.
native = ["json-runtime/serde_json", "json-runtime/chrono"]

[dependencies]
json-runtime = { path = "$REPO/json-runtime" }
serde = "1"
serde_json = "=1.0.154"
cargo_metadata = { path = "$SCRATCH/crates/${CRATES[0]/@/-}" }
lsp-types = { path = "$SCRATCH/crates/${CRATES[1]/@/-}", features = ["proposed"] }
geojson = { path = "$SCRATCH/crates/${CRATES[2]/@/-}" }
octocrab = { path = "$SCRATCH/crates/${CRATES[3]/@/-}", default-features = false }

[workspace]
EOF
    python3 "$dir/gen_octocrab.py" "$SCRATCH/crates/${CRATES[3]/@/-}/src" > "$dir/src/bin/octocrab.rs"
    # Sample data: cargo's own output, the crates' test fixtures, ours.
    (cd "$REPO" && cargo metadata --format-version 1) > "$data/metadata-workspace.json"
    (cd "$dir" && cargo metadata --format-version 1) > "$data/metadata-identity.json"
    (cd "$SCRATCH/crates/${CRATES[3]/@/-}" && cargo metadata --format-version 1 --no-deps) > "$data/metadata-octocrab-nodeps.json"
    if [ -d "$SCRATCH/serde-suite" ]; then
        (cd "$SCRATCH/serde-suite" && cargo build --tests --message-format=json 2>/dev/null || true) > "$data/messages-suite.jsonl"
    else
        (cd "$REPO" && cargo build -p json-tests --tests --message-format=json 2>/dev/null || true) > "$data/messages-suite.jsonl"
    fi
    mkdir -p "$SCRATCH/bad/src"
    printf '[package]\nname = "bad"\nversion = "0.0.0"\nedition = "2021"\n[workspace]\n' > "$SCRATCH/bad/Cargo.toml"
    printf 'fn main() {\n    let x: i32 = "s";\n    let unused = 5;\n    println!("{}", undefined_name);\n    vec![1, 2].iter().map(|x| x + 1);\n}\n' > "$SCRATCH/bad/src/main.rs"
    (cd "$SCRATCH/bad" && cargo build --message-format=json 2>/dev/null || true) > "$data/messages-errors.jsonl"
    cp "$HERE/identity/data/lsp.jsonl" "$data/"
    cp "$SCRATCH/crates.orig/${CRATES[1]/@/-}/tests/tsc-unix.lsif" "$data/"
    cp "$SCRATCH/crates.orig/${CRATES[2]/@/-}"/tests/fixtures/*.geojson \
        "$SCRATCH/crates.orig/${CRATES[2]/@/-}"/tests/fixtures/canonical/*.geojson \
        "$HERE/identity/data/extras.geojson" "$data/geojson/"
    cp "$SCRATCH/crates.orig/${CRATES[3]/@/-}"/tests/resources/*.json "$data/octocrab/"
    cd "$dir"
    # Drop model paths that do not resolve (a module neither public nor
    # re-exported).
    for _ in 1 2 3; do
        local bad
        bad=$(cargo build --quiet --bin octocrab --message-format=short 2>&1 |
            sed -nE 's#^src/bin/octocrab.rs:([0-9]+):[0-9]+: error.*#\1#p' | sort -u | tr '\n' ' ')
        [ -z "$bad" ] && break
        for line in $bad; do sed -i "${line}s#^#// unresolved: #" src/bin/octocrab.rs; done
    done
    export ADOPTION_DATA=$data
    for features in "" "--features native"; do
        # shellcheck disable=SC2086
        cargo build --quiet --bins $features
        for bin in cargo_metadata lsp geojson; do
            "$CARGO_TARGET_DIR/debug/$bin"
        done
        "$CARGO_TARGET_DIR/debug/octocrab" 4
    done
}

for step in $STEPS; do
    (cd "$SCRATCH" && $step)
done
