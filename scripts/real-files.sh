#!/usr/bin/env bash
# Run the real files of docs/real-files.tsv through survey check and tally
# what survey says of them, per format: files, valid, invalid, another
# format, and every diagnostic code with its count (docs/real-files.md).
#
# Usage: scripts/real-files.sh [MANIFEST] [OUT_DIR]
#   MANIFEST  format, repo, path, commit per line, tab-separated, with a
#             header line (default docs/real-files.tsv)
#   OUT_DIR   where the files and results go (default real-files-out);
#             files already there are not fetched again
# Environment:
#   SURVEY_BIN  survey binary (default bin/survey)
#   RAW_BASE    where a file is fetched from, as RAW_BASE/REPO/COMMIT/PATH
#               (default https://raw.githubusercontent.com)
#
# It fetches from the internet (the files at the commits named, over
# HTTPS); nothing in make test runs it.
set -euo pipefail
manifest=${1:-docs/real-files.tsv}
out=${2:-real-files-out}
survey=${SURVEY_BIN:-bin/survey}
base=${RAW_BASE:-https://raw.githubusercontent.com}
[ -f "$manifest" ] || { echo "real-files: manifest $manifest does not exist" >&2; exit 2; }
[ -x "$survey" ] || { echo "real-files: $survey is not an executable (make build, or set SURVEY_BIN)" >&2; exit 2; }
mkdir -p "$out/files"
results="$out/results.jsonl"
: >"$results"
n=0 missing=0
while IFS=$'\t' read -r format repo path commit rest; do
  n=$((n + 1))
  [ "$n" -eq 1 ] && continue # the header
  if [ -z "$commit" ] || [ -n "${rest:-}" ]; then
    echo "real-files: $manifest:$n: want format, repo, path and commit, tab-separated; skipped" >&2
    continue
  fi
  local_file="$out/files/$format/${repo//\//__}__${path//\//_}"
  mkdir -p "$(dirname "$local_file")"
  if [ ! -s "$local_file" ]; then
    if ! curl -fsL --max-time 30 --max-filesize 4194304 -o "$local_file.part" "$base/$repo/$commit/$path"; then
      echo "real-files: $manifest:$n: $repo $path at $commit could not be fetched; left out" >&2
      rm -f "$local_file.part"
      missing=$((missing + 1))
      continue
    fi
    mv "$local_file.part" "$local_file"
  fi
  # survey check exits 1 for an invalid file or another format: that is a
  # finding, not a failure of this script; 2 is.
  status=0
  json=$("$survey" check --type "$format" --format json "$local_file") || status=$?
  if [ "$status" -gt 1 ]; then
    echo "real-files: $manifest:$n: survey check $local_file exited $status; left out" >&2
    missing=$((missing + 1))
    continue
  fi
  printf '%s\t%s\t%s\t%s\n' "$format" "$repo" "$path" "$(printf '%s' "$json" | tr -d '\n')" >>"$results"
done <"$manifest"

python3 - "$results" <<'PY'
import collections, json, sys
per = collections.OrderedDict()
for line in open(sys.argv[1], encoding="utf-8"):
    fmt, repo, path, doc = line.rstrip("\n").split("\t", 3)
    doc = json.loads(doc)
    t = per.setdefault(fmt, {"files": 0, "repos": set(), "valid": 0, "invalid": 0, "other": collections.Counter(), "codes": collections.Counter(), "sev": {}})
    t["files"] += 1
    t["repos"].add(repo)
    if doc.get("other_format"):
        t["other"][doc["other_format"]] += 1
    elif doc["valid"]:
        t["valid"] += 1
    else:
        t["invalid"] += 1
    for d in doc["diagnostics"]:
        t["codes"][d["code"]] += 1
        t["sev"][d["code"]] = d["severity"]
for fmt, t in sorted(per.items()):
    other = ", ".join(f"{k} {v}" for k, v in t["other"].most_common()) or "none"
    print(f"== {fmt}: {t['files']} files from {len(t['repos'])} repositories: valid {t['valid']}, invalid {t['invalid']}, another format {sum(t['other'].values())} ({other})")
    for code, count in t["codes"].most_common():
        print(f"   {count:6d}  {t['sev'][code]:7s}  {code}")
PY
if [ "$missing" -gt 0 ]; then
  echo "real-files: $missing files left out (see above)" >&2
fi
