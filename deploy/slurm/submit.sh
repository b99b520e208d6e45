#!/bin/bash
# Submits the crawl array and the merge, which runs when every task succeeded.
#   SEEDS=/shared/top-1m.csv OUT=/shared/crawl CRAWL_ID=top1m-2026-11 SHARDS=8 \
#     CONTACT=mailto:you@example.org deploy/slurm/submit.sh
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p logs
shards=${SHARDS:-8}
array=$(sbatch --parsable --array=0-$((shards - 1)) --export=ALL crawl.sbatch)
echo "crawl array: job $array ($shards shards)"
merge=$(sbatch --parsable --dependency=afterok:"$array" --export=ALL merge.sbatch)
echo "merge: job $merge (runs after $array succeeds)"
