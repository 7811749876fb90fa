#!/bin/bash
# Submits a Rankscope cluster build: the shard array, then the merge that waits for it.
#   submit.sh PROFILE SHARD_DIR N [sbatch options for both jobs, e.g. --partition=cpu --account=ml]
# Prints the two job ids. RANKSCOPE (the binary, default `rankscope` on PATH) and CLUSTER (the cluster
# index, default SHARD_DIR/cluster.sqlite) are passed on when set.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 PROFILE SHARD_DIR N [sbatch options]" >&2
  exit 2
fi
profile=$(realpath "$1")
shards=$(realpath -m "$2")
n=$3
shift 3
case $n in '' | *[!0-9]* | 0) echo "$0: N must be a positive number of shards, not '$n'" >&2; exit 2 ;; esac
here=$(dirname "$(realpath "$0")")
mkdir -p "$shards"
# SHARD_COUNT: each task's N, also when one task is resubmitted alone (sbatch --array=K, the same --export)
env=ALL,PROFILE=$profile,SHARDS=$shards,SHARD_COUNT=$n
# --parsable prints "jobid" or "jobid;cluster"
array=$(sbatch --parsable --array=1-"$n" --export="$env" "$@" "$here/index-shards.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$array" --export="$env" "$@" "$here/merge.sbatch")
merge=${merge%%;*}
echo "shard array: job $array ($n tasks) -> $shards"
echo "merge:       job $merge (after every task succeeded) -> ${CLUSTER:-$shards/cluster.sqlite}"
echo "rerun task K alone: sbatch --array=K --export=$env $* $here/index-shards.sbatch"
