#!/usr/bin/env bash
# Runs every fuzz target of the repository for a while each (default 5m),
# two at a time, and prints a summary: target, time, executions, result.
# New crashers are written by `go test` under the package's
# testdata/fuzz/<Target>/ and stay there as regression tests.
# Usage: scripts/fuzz.sh [DURATION] [PARALLEL] [PACKAGE-PATTERN]
# PACKAGE-PATTERN (an extended regular expression) keeps the targets whose
# package path matches, e.g. 'extract/' for the format parsers.
# Exit status: 0 every target ran clean, 1 some target failed (a crasher,
# or a package that does not build), 2 no target matches the pattern.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
dur=${1:-5m}
par=${2:-2}
only=${3:-.}
logs=$(mktemp -d)
targets=$(grep -rln --include='*_test.go' '^func Fuzz' . | sort | while read -r f; do
  pkg=$(dirname "$f")
  grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | sed 's/^func //' | sed "s|^|$pkg |"
done | grep -E "^[^ ]*($only)")
if [ -z "$targets" ]; then
  echo "fuzz.sh: no fuzz target in a package matching '$only'" >&2
  rm -rf "$logs"
  exit 2
fi
echo "fuzzing $(echo "$targets" | wc -l) targets for $dur each, $par at a time; logs in $logs"
run() {
  local pkg=$1 fn=$2 log start execs
  log="$logs/$(echo "${1#./}" | tr / _)_$2.log"
  start=$(date +%s)
  go test -run '^$' -fuzz "^$fn\$" -fuzztime "$dur" -parallel 1 "$pkg" >"$log" 2>&1
  local rc=$? secs=$(( $(date +%s) - start ))
  execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  if [ $rc -eq 0 ]; then res=ok; else res="FAILED (see $log)"; fi
  printf '%-32s %-22s %5ss %12s execs  %s\n' "$pkg" "$fn" "$secs" "${execs:-?}" "$res"
  [ $rc -eq 0 ] || touch "$log.failed"
  return $rc
}
export -f run; export logs dur
# shellcheck disable=SC2016 # the single quotes are bash -c's own script
echo "$targets" | xargs -P "$par" -L 1 bash -c 'run "$0" "$1"'
failed=$(find "$logs" -maxdepth 1 -name '*.failed' | wc -l)
if [ "$failed" -gt 0 ]; then
  echo "fuzz.sh: $failed of $(echo "$targets" | wc -l) targets failed (above)" >&2
  exit 1
fi
