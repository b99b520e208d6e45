#!/bin/bash
# Submits the crawl array and the merge, which runs when every task succeeded.
#   SEEDS=/shared/top-1m.csv OUT=/shared/crawl CRAWL_ID=top1m-2026-11 SHARDS=8 \
#     CONTACT=mailto:you@example.org deploy/slurm/submit.sh
set -euo pipefail
cd "$(dirname "$0")"
: "${SEEDS:?set SEEDS to the seed file on shared storage}"
# A seed line the crawl rejects makes its task exit 1 ("ran, with findings"),
# which Slurm counts as a failed task, so the merge (afterok) would never
# run: check the list before spending the cluster's time on it.
if ! "${SURVEY:-survey}" seeds "$SEEDS" >&2; then
  echo "submit.sh: survey rejects lines of $SEEDS (above), and a crawl task that meets one exits 1, which would keep the merge from running. Write a clean list and submit that:" >&2
  echo "  survey seeds --print $SEEDS > clean.txt" >&2
  exit 1
fi
mkdir -p logs
shards=${SHARDS:-8}
array=$(sbatch --parsable --array=0-$((shards - 1)) --export=ALL crawl.sbatch)
echo "crawl array: job $array ($shards shards)"
merge=$(sbatch --parsable --dependency=afterok:"$array" --export=ALL merge.sbatch)
echo "merge: job $merge (runs after $array succeeds)"
