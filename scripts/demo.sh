#!/usr/bin/env bash
# make demo: start the simulated web, crawl it, print an adoption summary
# from the DuckDB database. Usage: scripts/demo.sh [SURVEY_BINARY] [OUT_DIR]
set -euo pipefail
survey=${1:-bin/survey}
out=${2:-demo-data}
sites=${DEMO_SITES:-2500}
work=$(mktemp -d)
web_pid=""
cleanup() {
  if [ -n "$web_pid" ]; then kill "$web_pid" 2>/dev/null || true; wait "$web_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== starting the simulated web ($sites synthetic domains on loopback)"
"$survey" testweb --sites "$sites" --seed 1 --dns --slow-delay 300ms \
  --ca-out "$work/ca.pem" --seeds-out "$work/seeds.txt" --ready "$work/ready" >"$work/testweb.log" 2>&1 &
web_pid=$!
for _ in $(seq 1 300); do
  [ -s "$work/ready" ] && break
  kill -0 "$web_pid" 2>/dev/null || { cat "$work/testweb.log"; exit 2; }
  sleep 0.1
done
[ -s "$work/ready" ] || { echo "the simulated web did not start"; cat "$work/testweb.log"; exit 2; }
# shellcheck disable=SC1091
. "$work/ready"

# Give the seeds Tranco-style ranks spread from 1 to a million (log-spaced),
# so that the rank bands of the queries, the report and the notebooks fill.
awk -v n="$sites" 'BEGIN { prev = 0 }
  { r = int(exp(log(1000000) * NR / n)); if (r <= prev) r = prev + 1; prev = r; print r "," $0 }' \
  "$work/seeds.txt" > "$work/ranked.csv"

echo "== crawling it into $out"
rm -rf "$out"
"$survey" crawl --seeds "$work/ranked.csv" --out "$out" --crawl-id demo \
  --connect-to "$HTTP" --resolver "$DNS" --ca-file "$work/ca.pem" \
  --timeout 3s --domain-deadline 60s --concurrency 256

db="$out/survey.duckdb"
echo
echo "== what the crawl found at each location (survey query --db $db adoption)"
"$survey" query --db "$db" adoption
echo
echo "== every outcome class (survey query --format csv 'select outcome, count(*) from fetches group by 1')"
"$survey" query --db "$db" --format csv 'select outcome, count(*) from fetches group by 1 order by 2 desc'
echo
# The site with the most files, with diagnostics first.
site=$("$survey" query --db "$db" --format csv "select f.domain from fetches f left join diagnostics d
  on d.domain = f.domain and d.location = f.location where f.outcome = 'present'
  group by 1 order by count(distinct f.location) desc, count(d.code) desc, 1 limit 1" | tail -n 1)
echo "== one site as its operator checks it (survey check --site $site; exit 1 when a file is invalid)"
# The crawl's network flags, so that the site is fetched as the crawl fetched it.
"$survey" check --site "$site" --connect-to "$HTTP" --resolver "$DNS" --ca-file "$work/ca.pem" --timeout 3s || true
echo
echo "== the report: $out/report.html (one self-contained page; open it in a browser)"
"$survey" report --db "$db" --out "$out/report.html" || true
echo
echo "Explore: $survey query --db $db --list    ($survey query --help for more)"
