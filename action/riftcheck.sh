#!/usr/bin/env bash
# The GitHub Action's steps (action.yml), as a script that runs anywhere:
#
#   action/riftcheck.sh install   build riftcheck into ~/.riftcheck unless it is there
#   action/riftcheck.sh run       conform (INPUT_ENGINE) or validate (INPUT_TRACES)
#
# `run` reads INPUT_ENGINE, INPUT_ARGS, INPUT_TRACES and INPUT_OUT (default riftcheck-out) and
# writes, under INPUT_OUT: report.txt (the text report, also printed), junit.xml, and findings/
# (a scenario file per finding). It appends the report to GITHUB_STEP_SUMMARY and `findings=N`
# and `junit=PATH` to GITHUB_OUTPUT when they are set. RIFTCHECK names the binary to use
# (default: the installed one). Its exit status is riftcheck's: 0 agrees, 1 a finding, 2 bad
# input, 3 a limit cut the exploration short.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix="${RIFTCHECK_PREFIX:-$HOME/.riftcheck}"

case "${1:-}" in
  install)
    if [ -x "$prefix/bin/riftcheck" ]; then
      echo "riftcheck: $("$prefix/bin/riftcheck" --version) (cached)"
      exit 0
    fi
    cargo install --locked --path "$here/model" --root "$prefix"
    "$prefix/bin/riftcheck" --version
    ;;
  run)
    bin="${RIFTCHECK:-$prefix/bin/riftcheck}"
    out="${INPUT_OUT:-riftcheck-out}"
    mkdir -p "$out"
    # Word splitting of the arguments is wanted here, as a shell would split them.
    read -r -a args <<<"${INPUT_ARGS:-}"
    read -r -a traces <<<"${INPUT_TRACES:-}"
    set +e
    if [ -n "${INPUT_ENGINE:-}" ]; then
      "$bin" conform --engine "$INPUT_ENGINE" --junit "$out/junit.xml" --out "$out/findings" \
        "${args[@]}" | tee "$out/report.txt"
    elif [ "${#traces[@]}" -gt 0 ]; then
      "$bin" validate "${traces[@]}" --junit "$out/junit.xml" --out "$out/findings" \
        "${args[@]}" | tee "$out/report.txt"
    else
      echo "riftcheck: give the action an engine (engine: \"node bridge.mjs\") or traces" >&2
      exit 2
    fi
    status=${PIPESTATUS[0]}
    set -e
    findings=$(sed -n 's/^\(PASSED\|FAILED\): \([0-9]*\) finding(s).*/\2/p' "$out/report.txt" | tail -1)
    if [ -n "${GITHUB_OUTPUT:-}" ]; then
      echo "findings=${findings:-0}" >>"$GITHUB_OUTPUT"
      echo "junit=$out/junit.xml" >>"$GITHUB_OUTPUT"
    fi
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
      { echo '### riftcheck'; echo; echo '```'; cat "$out/report.txt"; echo '```'; } \
        >>"$GITHUB_STEP_SUMMARY"
    fi
    exit "$status"
    ;;
  *)
    echo "usage: $0 install|run" >&2
    exit 2
    ;;
esac
