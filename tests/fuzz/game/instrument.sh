#!/bin/sh
# A rustc wrapper (RUSTC_WRAPPER) that adds cargo fuzz's coverage flags (`-s none`) to
# cubepath's own crates and the fuzz target only: libFuzzer then follows the query reader's
# branches without instrumenting all of Bevy. See Cargo.toml.
rustc="$1"
shift
case " $* " in
*" --crate-name cubepath "* | *" --crate-name cubepath_search "* | *" --crate-name query "*)
    exec "$rustc" "$@" -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
        -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
        -Cllvm-args=-sanitizer-coverage-trace-compares -Cllvm-args=-sanitizer-coverage-stack-depth \
        --cfg fuzzing -Cdebug-assertions -Coverflow-checks
    ;;
*) exec "$rustc" "$@" ;;
esac
