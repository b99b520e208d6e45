#!/bin/bash
# Submits the crawl array and the merge, which runs once every task has ended.
#   SEEDS=/shared/top-1m.csv OUT=/shared/crawl CRAWL_ID=top1m-2026-11 SHARDS=8 \
#     CONTACT=mailto:you@example.org deploy/slurm/submit.sh
# The jobs run in the directory you run this from (as sbatch's jobs do), so
# relative paths mean the same to them as to you; their logs go to its logs/.
# When a task failed (the merge's log names its shard), run this again with
# the same variables: complete shards exit at once, the others resume.
set -euo pipefail
dir=$(dirname "$0")
: "${SEEDS:?set SEEDS to the seed file on shared storage}"
: "${OUT:?set OUT to the output directory on shared storage}"
: "${CRAWL_ID:?set CRAWL_ID, the same for every task of one crawl}"
survey=${SURVEY:-survey}
shards=${SHARDS:-8}
# Every check below is of something that would fail every task of the
# array, after it had waited in the queue: better said now.
case $shards in
  '' | *[!0-9]* | 0*) echo "submit.sh: SHARDS is \"$shards\"; set it to the number of tasks, 1 or more" >&2; exit 1 ;;
esac
if ! command -v "$survey" >/dev/null; then
  echo "submit.sh: no survey binary at \"$survey\": put survey on PATH or set SURVEY to its path (one every node can run)" >&2
  exit 1
fi
status=0
report=$("$survey" seeds "$SEEDS" 2>&1) || status=$?
printf '%s\n' "$report" >&2
case $status in
  0) ;;
  1)
    # A task that reads such a list exits 1 ("ran, with findings"), which
    # Slurm records as a failed task.
    case $report in
      *"holds no seed"*)
        # --print would write another list without a seed.
        echo "submit.sh: $SEEDS holds no seed survey can crawl (above), so there is nothing to submit; give SEEDS a list of domains or origins" >&2 ;;
      *)
        echo "submit.sh: $SEEDS is not a clean seed list (above: survey rejects lines of it), and a crawl task that reads it exits 1, which Slurm records as a failed task. Write a clean list and submit that:" >&2
        echo "  survey seeds --print $SEEDS > clean.txt" >&2 ;;
    esac
    exit 1 ;;
  *) echo "submit.sh: survey cannot read the seed list $SEEDS (above)" >&2; exit 1 ;;
esac
if ! mkdir -p "$OUT" || ! [ -w "$OUT" ]; then
  echo "submit.sh: cannot write the output directory $OUT" >&2
  exit 1
fi
# Slurm opens a task's log before it runs the script, and fails the task
# (exit code 0:53, no log) when it cannot.
if ! mkdir -p logs || ! [ -w logs ]; then
  echo "submit.sh: cannot write the jobs' log directory $PWD/logs" >&2
  exit 1
fi
export SHARDS=$shards # crawl.sbatch's --shards, the array's size
array=$(sbatch --parsable --array=0-$((shards - 1)) --export=ALL "$dir/crawl.sbatch")
echo "crawl array: job $array ($shards shards, logs/crawl-${array}_<task>.out)"
# afterany, not afterok: the merge runs even when a task failed, and its
# --require-complete names each shard missing or unfinished in its log
# (with afterok it would stay pending for ever, DependencyNeverSatisfied,
# even after the failed task was requeued and completed).
merge=$(sbatch --parsable --dependency=afterany:"$array" --export=ALL "$dir/merge.sbatch")
echo "merge: job $merge (runs when every task of $array has ended; logs/merge-$merge.out)"
