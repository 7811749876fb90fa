#!/usr/bin/env bash
# ./dev cluster-check: proves the shard indexing of packaging/slurm/ on a real Slurm, not the stand-in sbatch
# of tests/core/tst_shardmerge.cpp (issue 22 part 4):
#   1. installs Debian's slurm-wlm and munge when missing, starts a private munged, slurmctld and slurmd on
#      this machine (one node, loopback only) from a configuration written to a temp folder;
#   2. writes a 32-rank demo profile, indexes it whole on this machine (the reference), submits the 4-shard
#      array and its dependent merge with packaging/slurm/submit.sh, waits, and compares the cluster index
#      with the reference table by table (the SQL of tst_shardmerge.cpp's comparison list);
#   3. submits again with one task held back and cancels it mid-run: the afterok merge must never run, a merge
#      by hand must name the missing shard and leave its ranks out; then only that task is resubmitted
#      (sbatch --array=K), merged again and compared again;
#   4. stops every daemon it started and removes its temp folder, whatever happened (trap on EXIT).
# Needs root (apt-get, daemons that run jobs as any user). Exit status: 0 when every comparison passed.
# Environment: RANKSCOPE (a rankscope binary; default: ./dev build, then build/bin/rankscope);
# RANKSCOPE_CLUSTER_KEEP=1 keeps the temp folder (configuration, logs, job outputs, indexes) for a look.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/../.." && pwd)
SLURM_DIR="$SRC/packaging/slurm"
RANKS=32
SHARD_COUNT=4
SLOW_TASK=3  # the task that is cancelled mid-run in phase 3
JOB_TIMEOUT=${RANKSCOPE_CLUSTER_TIMEOUT:-600}
T0=$(date +%s)

say() { echo "cluster-check [$(($(date +%s) - T0)) s]: $*" >&2; }
die() {
  say "FAILED: $*"
  exit 1
}

# Phase timings, printed at the end (and on failure, as far as they got).
PHASES=()
PHASE_NAME="" PHASE_T0=0
phase() {
  phase_end
  PHASE_NAME=$1 PHASE_T0=$(date +%s)
  say "== $1"
}
phase_end() {
  [ -n "$PHASE_NAME" ] && PHASES+=("$(printf '%5d s  %s' $(($(date +%s) - PHASE_T0)) "$PHASE_NAME")")
  PHASE_NAME=""
}

[ "$(id -u)" -eq 0 ] || die "needs root (apt-get, and slurmd runs the jobs as their submitter)"

phase "install slurm-wlm and munge"
need=()
for c in munged mungekey slurmctld slurmd sbatch scontrol scancel sinfo sqlite3; do
  command -v "$c" >/dev/null || need+=("$c")
done
if [ ${#need[@]} -gt 0 ]; then
  say "missing ${need[*]}: installing slurm-wlm munge sqlite3"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # slurm-wlm pulls in slurmctld, slurmd and slurm-client; the packages' own services are not used (and a
  # container's policy-rc.d may refuse to start them anyway): the daemons below run from a temp folder
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge sqlite3 >/dev/null
fi
say "$(slurmctld -V), $(munged -V 2>&1 | head -n 1)"

if [ -n "${RANKSCOPE:-}" ]; then
  RS=$(realpath "$RANKSCOPE")
else
  phase "build rankscope (./dev build)"
  "$SRC/dev" build >/dev/null
  RS="$SRC/build/bin/rankscope"
fi
[ -x "$RS" ] || die "no rankscope binary at $RS"
# the job scripts run $RANKSCOPE (default: rankscope on PATH); --export=ALL hands it to every job
export RANKSCOPE="$RS"

# One temp folder for everything. munged insists that every directory above its socket is searchable by
# all (0755 here); the key, state and spool folders below it are private to root.
WORK=$(mktemp -d /tmp/rankscope-cluster.XXXXXX)
chmod 755 "$WORK"
mkdir -p "$WORK"/{munge,etc,state,spool,log,run,jobs,bin}
chmod 700 "$WORK"/{state,spool}
export SLURM_CONF="$WORK/etc/slurm.conf"
MUNGE_SOCKET="$WORK/munge/munge.socket"
DAEMON_PIDS=() # slurmd, slurmctld: stopped in reverse order

print_logs() {
  local f
  for f in "$WORK"/log/*; do
    [ -s "$f" ] || continue
    echo "----- $f (last 40 lines)" >&2
    tail -n 40 "$f" >&2
  done
}

cleanup() {
  local rc=$? i pid
  phase_end
  set +e
  if [ "$rc" -ne 0 ] && [ -d "$WORK" ]; then print_logs; fi
  # jobs first, so no slurmstepd outlives the slurmd that started it
  if [ ${#DAEMON_PIDS[@]} -gt 0 ]; then
    scancel --quiet --user=root >/dev/null 2>&1
    for _ in $(seq 1 20); do
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.5
    done
  fi
  for ((i = ${#DAEMON_PIDS[@]} - 1; i >= 0; i--)); do
    pid=${DAEMON_PIDS[i]}
    kill "$pid" 2>/dev/null
    for _ in $(seq 1 40); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.25
    done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  if [ -S "$MUNGE_SOCKET" ]; then munged --stop --socket="$MUNGE_SOCKET" >/dev/null 2>&1; fi
  if [ "${RANKSCOPE_CLUSTER_KEEP:-0}" = 1 ]; then
    say "kept $WORK"
  else
    rm -rf "$WORK"
  fi
  if [ ${#PHASES[@]} -gt 0 ]; then
    echo "cluster-check: phase times" >&2
    printf '  %s\n' "${PHASES[@]}" >&2
  fi
  if [ "$rc" -eq 0 ]; then
    say "PASSED in $(($(date +%s) - T0)) s"
  else
    say "FAILED (exit $rc)"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

phase "start munged, slurmctld, slurmd"
# A key of its own: this munged serves only this check's daemons, through its own socket (AuthInfo below)
mungekey --create --keyfile="$WORK/munge/munge.key"
munged --key-file="$WORK/munge/munge.key" --socket="$MUNGE_SOCKET" --pid-file="$WORK/run/munged.pid" \
  --log-file="$WORK/log/munged.log" --seed-file="$WORK/munge/munged.seed" ||
  die "munged did not start"

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# Two free ports on the loopback address, away from Slurm's defaults (6817/6818) so that a Slurm of the
# machine's own is not disturbed
CTLD_PORT=26817
while port_in_use "$CTLD_PORT" || port_in_use $((CTLD_PORT + 1)); do CTLD_PORT=$((CTLD_PORT + 2)); done
SLURMD_PORT=$((CTLD_PORT + 1))
HOST=$(hostname -s)
CPUS=$(nproc)

cat >"$SLURM_CONF" <<EOF
# written by tests/cluster/cluster-check.sh: one node, this host, on the loopback address
ClusterName=rankscope-check
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/run/slurmctld.pid
SlurmdPidFile=$WORK/run/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
# no cgroups, no accounting: plain process tracking works in a container and on a bare root alike
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
# a cancelled task gets SIGKILL 5 s after SIGTERM (default 30 s); ended jobs stay visible to scontrol
KillWait=5
MinJobAge=600
NodeName=$HOST NodeAddr=127.0.0.1 NodeHostname=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=check Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
cat >"$WORK/etc/cgroup.conf" <<EOF
# not used by proctrack/linuxproc and task/none; present so that no daemon goes looking in /etc/slurm.
# slurmd 22.05 loads a cgroup plugin whatever the other plugins are, and its default (autodetect) fails
# where no cgroup file system is mounted (a chroot, such as fresh-check's bare root): cgroup/v1 loads
# without looking at /sys/fs/cgroup, and nothing above ever calls it
CgroupPlugin=cgroup/v1
CgroupAutomount=no
ConstrainCores=no
ConstrainRAMSpace=no
ConstrainDevices=no
EOF

# In the foreground (-D) as children of this script: their pids are known, and they stop with it
slurmctld -D -i -f "$SLURM_CONF" >"$WORK/log/slurmctld.out" 2>&1 &
DAEMON_PIDS+=($!)
slurmd -D -f "$SLURM_CONF" >"$WORK/log/slurmd.out" 2>&1 &
DAEMON_PIDS+=($!)

deadline=$(($(date +%s) + 60))
state=""
while :; do
  state=$(sinfo -h -n "$HOST" -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  for pid in "${DAEMON_PIDS[@]}"; do
    kill -0 "$pid" 2>/dev/null || die "a Slurm daemon (pid $pid) exited while starting"
  done
  [ "$(date +%s)" -lt "$deadline" ] || die "node $HOST not idle after 60 s (sinfo says '${state:-nothing}')"
  sleep 1
done
say "node $HOST idle ($CPUS CPUs), slurmctld on 127.0.0.1:$CTLD_PORT"

# ---- helpers for jobs -----------------------------------------------------------------------------------

# scontrol's one-line record of a job (every task of an array), or nothing once it is gone
job_records() { scontrol -o show job "$1" 2>/dev/null || true; }
field() { sed -n "s/.*[[:space:]]$1=\([^[:space:]]*\).*/\1/p"; }

# Waits until job $1 (every task of an array) has ended; prints its final states, one per task.
wait_job() {
  local id=$1 deadline=$(($(date +%s) + JOB_TIMEOUT)) states
  while :; do
    states=$(job_records "$id" | field JobState)
    if [ -n "$states" ] && ! grep -qE '^(PENDING|RUNNING|CONFIGURING|COMPLETING|SUSPENDED)$' <<<"$states"; then
      echo "$states"
      return 0
    fi
    [ -z "$states" ] && { echo GONE; return 0; }
    if [ "$(date +%s)" -ge "$deadline" ]; then
      job_records "$id" >&2
      die "job $id still running after ${JOB_TIMEOUT} s"
    fi
    sleep 1
  done
}

print_job_outputs() {
  local f
  for f in "$WORK"/jobs/*.out; do
    [ -f "$f" ] || continue
    echo "----- $f" >&2
    cat "$f" >&2
  done
}

expect_completed() { # JOB LABEL
  local states
  states=$(wait_job "$1")
  if grep -qv '^COMPLETED$' <<<"$states"; then
    job_records "$1" >&2
    print_job_outputs
    die "$2 (job $1) ended $(tr '\n' ' ' <<<"$states")"
  fi
}

# What the cross-rank passes decide, in an order that does not depend on row or span ids: the same SQL as
# kOutputs in tests/core/tst_shardmerge.cpp (span ids are per shard, so they are left out there too)
TABLES=(collectives waits idle_gaps step_breakdown op_stats bank_anomaly findings runs ranks rank_info steps diagnostics
        comm_links comm_groups source_files)
declare -A SQL=(
  [collectives]="SELECT rank, step, name, seq, start_ns, dur_ns, wait_ns, wait_events_ns, transit_ns, bytes, group_name, match_key, last_rank, source, op_type FROM collective ORDER BY rank, start_ns, name, seq"
  [waits]="SELECT * FROM waits ORDER BY rank, start_ns, kind"
  [idle_gaps]="SELECT * FROM idle_gaps ORDER BY rank, start_ns"
  [step_breakdown]="SELECT * FROM step_breakdown ORDER BY rank, step"
  [op_stats]="SELECT * FROM op_stats ORDER BY op_type, rank"
  [bank_anomaly]="SELECT * FROM bank_anomaly ORDER BY rank, op_name"
  [findings]="SELECT kind, rank, step, subject, lost_ns, waited_ns, extra_ns, idle_ns, instances, start_ns, end_ns, affected, run_id FROM finding ORDER BY finding_id"
  [runs]="SELECT * FROM runs ORDER BY run_id"
  [ranks]="SELECT * FROM ranks ORDER BY rank"
  [rank_info]="SELECT rank, clock_offset_ns, start_ns, end_ns, clock_note, grp FROM rank_info ORDER BY rank"
  [steps]="SELECT * FROM steps ORDER BY rank, step"
  [diagnostics]="SELECT file, severity, what, count, excerpt FROM diagnostic ORDER BY file, what"
  [comm_links]="SELECT * FROM comm_links ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"
  [comm_groups]="SELECT * FROM comm_groups ORDER BY 1, 2"
  [source_files]="SELECT path, format, rank, size_bytes, mtime_ns, records FROM source_file ORDER BY path, rank"
)
q() { sqlite3 -readonly -batch "$1" "$2"; }

FAILURES=0
compare_with_reference() { # CLUSTER.sqlite LABEL
  local cluster=$1 label=$2 t want got n
  for t in "${TABLES[@]}"; do
    want=$(q "$REF" "${SQL[$t]}") || die "$label: reading $t from the reference failed"
    got=$(q "$cluster" "${SQL[$t]}") || die "$label: reading $t from $cluster failed"
    n=$(grep -c '' <<<"$want" || true)
    if [ "$got" = "$want" ]; then
      printf '  PASS %-15s %6d rows\n' "$t" "$n"
    else
      printf '  FAIL %-15s %6d rows in the reference, %d in the cluster index; first differences:\n' "$t" "$n" \
        "$(grep -c '' <<<"$got" || true)"
      { diff <(echo "$want") <(echo "$got") || true; } | sed -n "1,10s/^/         /p"
      FAILURES=$((FAILURES + 1))
    fi
  done
  # the cluster index holds no event, and its manifest names all the shards and, together, every rank
  check "$label: no span or track copied" "$(q "$cluster" "SELECT count(*) FROM span") $(q "$cluster" \
    "SELECT count(*) FROM track")" "0 0"
  check "$label: manifest lists $SHARD_COUNT present shards of $SHARD_COUNT" \
    "$(q "$cluster" "SELECT count(*) FROM manifest WHERE present = 1 AND n = $SHARD_COUNT")" "$SHARD_COUNT"
  check "$label: the run is complete" "$(q "$cluster" "SELECT group_concat(complete) FROM run")" "1"
}

check() { # LABEL GOT WANT
  if [ "$2" = "$3" ]; then
    printf '  PASS %s\n' "$1"
  else
    printf '  FAIL %s: got %s, expected %s\n' "$1" "$2" "$3"
    FAILURES=$((FAILURES + 1))
  fi
}

# ---- phase 2: the whole array ---------------------------------------------------------------------------

phase "demo profile ($RANKS ranks) and the one-machine reference index"
PROFILE="$WORK/profile"
REF="$WORK/reference.sqlite"
"$RS" demo "$PROFILE" --ranks "$RANKS" --steps 4 --layers 1 --quiet >/dev/null
"$RS" index "$PROFILE" --db "$REF" --quiet >/dev/null
say "$(du -sh "$PROFILE" | cut -f1) profile; reference: $(q "$REF" "SELECT count(*) FROM rank_info") ranks, \
$(q "$REF" "SELECT count(*) FROM finding") findings, $(q "$REF" "SELECT count(*) FROM collective") collectives"

# The job script asks for 4 CPUs per task; this node may have fewer, and a command-line option overrides
# an #SBATCH line, so both jobs ask for one
SBATCH_OPTS=(--cpus-per-task=1)

# submit.sh's two lines: "shard array: job A (N tasks) -> DIR" and "merge:       job M (…) -> FILE"
submit() { # SHARD_DIR; prints "A M"
  local out
  out=$(cd "$WORK/jobs" && "$SLURM_DIR/submit.sh" "$PROFILE" "$1" "$SHARD_COUNT" "${SBATCH_OPTS[@]}") ||
    die "submit.sh failed: $out"
  printf '  %s\n' "$out" >&2
  echo "$(sed -n 's/^shard array: job \([0-9]*\).*/\1/p' <<<"$out") $(sed -n 's/^merge: *job \([0-9]*\).*/\1/p' <<<"$out")"
}

phase "Slurm: $SHARD_COUNT-task shard array + afterok merge (submit.sh)"
SHARDS_A="$WORK/shards-a"
read -r ARRAY MERGE < <(submit "$SHARDS_A")
if [ -z "$ARRAY" ] || [ -z "$MERGE" ]; then die "could not read the job ids from submit.sh"; fi
expect_completed "$ARRAY" "the shard array"
expect_completed "$MERGE" "the merge"
say "array $ARRAY and merge $MERGE completed; comparing $SHARDS_A/cluster.sqlite with the reference"
compare_with_reference "$SHARDS_A/cluster.sqlite" "whole array"

# ---- phase 3: a task cancelled mid-run, then resubmitted alone --------------------------------------------

phase "Slurm: task $SLOW_TASK cancelled mid-run, merge names it, resubmitted alone, merged again"
SHARDS_B="$WORK/shards-b"
MARK="$WORK/run/slow-task-started"
# A stand-in for rankscope that holds task SLOW_TASK back (it is running, from Slurm's side) until it is
# cancelled; every other task runs rankscope as usual. Its variables reach the tasks through --export=ALL.
cat >"$WORK/bin/rankscope-slow" <<'EOF'
#!/bin/bash
set -euo pipefail
if [ "${SLURM_ARRAY_TASK_ID:-}" = "$CHECK_SLOW_TASK" ]; then
  touch "$CHECK_MARK"
  sleep 600
fi
exec "$CHECK_RANKSCOPE" "$@"
EOF
chmod 755 "$WORK/bin/rankscope-slow"
read -r ARRAY MERGE < <(RANKSCOPE="$WORK/bin/rankscope-slow" CHECK_RANKSCOPE="$RS" CHECK_SLOW_TASK="$SLOW_TASK" \
  CHECK_MARK="$MARK" submit "$SHARDS_B")
if [ -z "$ARRAY" ] || [ -z "$MERGE" ]; then die "could not read the job ids from submit.sh"; fi

# wait until every other task has finished and the slow one is running
deadline=$(($(date +%s) + JOB_TIMEOUT))
while :; do
  others=$(job_records "$ARRAY" | grep -v "ArrayTaskId=${SLOW_TASK}[[:space:]]" | field JobState | sort -u | tr '\n' ' ')
  [ -f "$MARK" ] && [ "$others" = "COMPLETED " ] && break
  [ "$(date +%s)" -lt "$deadline" ] || die "tasks not where expected after ${JOB_TIMEOUT} s (others: $others)"
  sleep 1
done
scancel "${ARRAY}_${SLOW_TASK}"
states=$(wait_job "${ARRAY}_${SLOW_TASK}")
check "task ${ARRAY}_${SLOW_TASK} cancelled while running" "$states" "CANCELLED"
check "it left no shard-$SLOW_TASK-of-$SHARD_COUNT.sqlite" \
  "$(find "$SHARDS_B" -name "shard-$SLOW_TASK-of-$SHARD_COUNT.sqlite" | wc -l)" "0"

# afterok: the merge must not run after a failed task; Slurm keeps it pending for good
deadline=$(($(date +%s) + 30))
while :; do
  reason=$(job_records "$MERGE" | field Reason)
  [ "$reason" = DependencyNeverSatisfied ] && break
  [ "$(date +%s)" -lt "$deadline" ] || break
  sleep 1
done
check "merge $MERGE held back (afterok)" "$(job_records "$MERGE" | field JobState)/$reason" \
  "PENDING/DependencyNeverSatisfied"
scancel "$MERGE"

# the merge of what is there (README: sbatch --export=ALL,SHARDS=… merge.sbatch), in Slurm as a user would
PARTIAL=$(cd "$WORK/jobs" && sbatch --parsable --export="ALL,SHARDS=$SHARDS_B" "${SBATCH_OPTS[@]}" \
  "$SLURM_DIR/merge.sbatch")
PARTIAL=${PARTIAL%%;*}
expect_completed "$PARTIAL" "the merge with a shard missing"
MISSING_NAME="shard-$SLOW_TASK-of-$SHARD_COUNT.sqlite"
missing_line=$(grep -F "missing" "$WORK/jobs/rankscope-merge-$PARTIAL.out" || true)
echo "  merge said: ${missing_line:-nothing about a missing shard}"
check "the merge names the missing $MISSING_NAME" "$(grep -cF "$MISSING_NAME" <<<"$missing_line" || true)" "1"
C="$SHARDS_B/cluster.sqlite"
check "manifest: shard $SLOW_TASK absent, the other $((SHARD_COUNT - 1)) present" \
  "$(q "$C" "SELECT group_concat(k || ':' || present, ' ') FROM (SELECT k, present FROM manifest ORDER BY k)")" \
  "$(for k in $(seq 1 "$SHARD_COUNT"); do printf '%s:%s ' "$k" "$([ "$k" = "$SLOW_TASK" ] && echo 0 || echo 1)"; done | sed 's/ $//')"
check "the run is marked incomplete" "$(q "$C" "SELECT group_concat(complete) FROM run")" "0"
present_ranks=$(q "$C" "SELECT count(*) FROM rank_info")
[ "$present_ranks" -gt 0 ] && [ "$present_ranks" -lt "$RANKS" ] && ok=1 || ok=0
check "the ranks of the present shards are there, the missing ones are not ($present_ranks of $RANKS)" "$ok" "1"

# only that task again. With --array=K alone Slurm says SLURM_ARRAY_TASK_COUNT=1: without SHARD_COUNT the
# task must refuse (it once indexed the whole profile as shard-1-of-1.sqlite, which the merge then refused)
WRONG=$(cd "$WORK/jobs" && sbatch --parsable --array="$SLOW_TASK" \
  --export="ALL,PROFILE=$PROFILE,SHARDS=$SHARDS_B" "${SBATCH_OPTS[@]}" "$SLURM_DIR/index-shards.sbatch")
WRONG=${WRONG%%;*}
check "task $SLOW_TASK resubmitted alone without SHARD_COUNT is refused" "$(wait_job "$WRONG")" "FAILED"
sed 's/^/  job said: /' "$WORK/jobs/rankscope-index-${WRONG}_$SLOW_TASK.out"
check "... and wrote no shard" "$(find "$SHARDS_B" -name 'shard-*-of-1.sqlite' | wc -l)" "0"
RERUN=$(cd "$WORK/jobs" && sbatch --parsable --array="$SLOW_TASK" \
  --export="ALL,PROFILE=$PROFILE,SHARDS=$SHARDS_B,SHARD_COUNT=$SHARD_COUNT" "${SBATCH_OPTS[@]}" \
  "$SLURM_DIR/index-shards.sbatch")
RERUN=${RERUN%%;*}
MERGE2=$(cd "$WORK/jobs" && sbatch --parsable --dependency=afterok:"$RERUN" --export="ALL,SHARDS=$SHARDS_B" \
  "${SBATCH_OPTS[@]}" "$SLURM_DIR/merge.sbatch")
MERGE2=${MERGE2%%;*}
say "resubmitted task $SLOW_TASK alone (job $RERUN), merge $MERGE2 after it"
expect_completed "$RERUN" "the resubmitted task"
expect_completed "$MERGE2" "the second merge"
check "the shard folder holds the $SHARD_COUNT shards and the cluster index, nothing else" \
  "$(find "$SHARDS_B" -mindepth 1 -printf '%f\n' | sort | tr '\n' ' ')" \
  "cluster.sqlite $(for k in $(seq 1 "$SHARD_COUNT"); do printf 'shard-%s-of-%s.sqlite ' "$k" "$SHARD_COUNT"; done)"
compare_with_reference "$C" "after the rerun"

phase_end
if [ "$FAILURES" -ne 0 ]; then
  print_job_outputs
  die "$FAILURES comparison(s) failed"
fi
