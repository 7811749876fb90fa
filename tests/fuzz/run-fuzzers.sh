#!/usr/bin/env bash
# ./dev fuzz [--seconds N | --runs N [--cap S]] [--seed S]: builds rankscope_core and the libFuzzer targets with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer into build-fuzz/, then runs every target for its share
# of N seconds (default 120 in all), or for N inputs each with a fixed seed (reproducible: what CI runs). Seeds: small inputs written here, plus the real samples in ../shared/samples
# when present (copied into build-fuzz/, never into the tree). Crashes are kept in build-fuzz/crashes/
# and fail the run (exit 1). Installs clang and its runtime with apt-get when missing (as root).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT="$ROOT/build-fuzz"
SECONDS_TOTAL=120
RUNS=""
SEED=0
CAP=60
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_TOTAL="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    --cap) CAP="$2"; shift 2 ;;
    *) echo "usage: ./dev fuzz [--seconds N | --runs N [--cap S]] [--seed S]" >&2; exit 2 ;;
  esac
done
need=()
command -v clang++ >/dev/null || need+=(clang)
dpkg-query -W -f='${Status}' libclang-rt-14-dev 2>/dev/null | grep -q "install ok installed" || need+=(libclang-rt-14-dev)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || { echo "fuzz: needs ${need[*]}: apt-get install -y ${need[*]}" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
"$ROOT/dev" deps # the product's packages (Qt Core, SQLite, zstd, …); the fuzz build needs no release build
if [ ! -f "$OUT/CMakeCache.txt" ]; then
  # through ccache when installed, with the options ./dev sets (base_dir: this checkout)
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$OUT" -DRANKSCOPE_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >/dev/null
fi
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
cmake --build "$OUT" -j"$(nproc)" >/dev/null

# seeds: the shapes each parser meets in real files
mkdir -p "$OUT/corpus/fuzz_ascenddb"
python3 - "$OUT/corpus/fuzz_ascenddb/tiny.db" <<'PY' 2>/dev/null || true
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript('''PRAGMA page_size=512;
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER, opType INTEGER, inputShapes INTEGER);
INSERT INTO STRING_IDS VALUES(1,'MatMulV2'),(2,'AI_CORE'),(3,'4096,4096;4096,4096');
INSERT INTO TASK VALUES(1736408883704643212,1736408883704653212,0,1,7,0,2,0,3,4,0);
INSERT INTO COMPUTE_TASK_INFO VALUES(1,7,1,3);
CREATE TABLE HBM(deviceId INTEGER, timestampNs INTEGER, bandwidth NUMERIC, hbmId INTEGER, type INTEGER);
CREATE TABLE NPU_MEM(type INTEGER, ddr NUMERIC, hbm NUMERIC, timestampNs INTEGER, deviceId INTEGER);
CREATE TABLE ACC_PMU(accId INTEGER, readBwLevel INTEGER, writeBwLevel INTEGER, readOstLevel INTEGER,
  writeOstLevel INTEGER, timestampNs NUMERIC, deviceId INTEGER);
CREATE TABLE NPU_MODULE_MEM(moduleId INTEGER, timestampNs INTEGER, totalReserved NUMERIC, deviceId INTEGER);
INSERT INTO STRING_IDS VALUES(4,'read'),(5,'app');
INSERT INTO HBM VALUES(0,1736408883704643212,1048576,0,4);
INSERT INTO NPU_MEM VALUES(5,0,2048,1736408883704643212,0);
INSERT INTO ACC_PMU VALUES(1,2,3,4,5,1736408883704643212,0);
INSERT INTO NPU_MODULE_MEM VALUES(33,1736408883704643212,4096,0);''')
db.commit()
PY
seed() { mkdir -p "$OUT/corpus/$1"; printf '%b' "$3" >"$OUT/corpus/$1/$2"; }
seed fuzz_jsonsplitter array '[{"ph":"X","name":"k","ts":"1736408883704643.212","dur":5,"args":{"a":[1,{"b":"\\u00e9"}]}},\n'
seed fuzz_jsonsplitter object '{"distributedInfo":{"rank":0},"traceEvents":[{"ph":"B","ts":1},{"ph":"E","ts":2}],"baseTimeNanoseconds":17}'
seed fuzz_csvreader kernel 'Step ID,Name,Start Time(us),Duration(us),Input Shapes\r\n7,"a\r\nb",1736408883704643.212\t,5,"""32,3"""\r\n'
seed fuzz_textparsers numbers '1736408883704643.212'
seed fuzz_communication comm '\x00{"hcom_allReduce__123_0_1@456":{"Communication Time Info":{"Start Timestamp(us)":1736408883704643.212,"Elapse Time(ms)":1.5,"Wait Time(ms)":0.25,"Transit Time(ms)":1.1},"Communication Bandwidth Info":{"HCCS":{"Transit Size(MB)":4}}}}'
seed fuzz_communication step '\x00{"step1":{"collective":{"hcom_broadcast__1_0_1@2":{"Communication Time Info":{"Start Timestamp(us)":"17","Elapse Time(ms)":"2"}}}}}'
seed fuzz_communication matrix '\x01{"step":{"collective":{"allreduce-top1@123":{"0-1":{"Transport Type":"HCCS","Transit Size(MB)":1}}}}}'
seed fuzz_communication metadata '\x03{"ENV_VARIABLES":{"A":"1"},"model":"llama-7b","batch":8,"parallel":{"tp":2}}'
seed fuzz_communication info '\x02{"rank_id": 3, "device_id": 5, "config":{"common_config":{"with_stack":false}}}'
seed fuzz_traceimport kineto '\x00{"distributedInfo":{"rank":1,"world_size":2},"traceEvents":[{"ph":"X","cat":"kernel","name":"ncclKernel_AllReduce","pid":0,"tid":7,"ts":1.5,"dur":3,"args":{"stream":7}},{"ph":"i","name":"[memory]","pid":0,"tid":1,"ts":2,"args":{"Addr":1024,"Bytes":512,"Total Allocated":512,"Total Reserved":2048}},{"ph":"s","id":5,"cat":"ac2g","ts":1,"pid":0,"tid":1}],"baseTimeNanoseconds":1736408883000000000}'
seed fuzz_traceimport ascend '\x01[{"name":"process_name","ph":"M","pid":1,"args":{"name":"Ascend Hardware"}},{"name":"MatMulV2","ph":"X","pid":1,"tid":3,"ts":"1736408883704643.212","dur":5.5,"args":{"Task Type":"AI_CORE"}},{"name":"ProfilerStep#1","ph":"X","pid":2,"tid":1,"ts":"1736408883704640","dur":100},{"name":"Notify_Wait","ph":"X","pid":1,"tid":9,"ts":"1736408883704650","dur":2}]'
seed fuzz_csvimport kernel '\x00Step ID,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Input Shapes,Input Data Types\n1,MatMulV2,MatMulV2,AI_CORE,1736408883704643.212\t,5.5,0,"""4096,4096;4096,4096""",FLOAT16\n'
seed fuzz_csvimport memory '\x03Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),Stream Ptr,Device Type\nPTA,1736408883704643.212,10.5,20,10.5,0,NPU:0\n'
seed fuzz_csvimport usage '\x05Name,Size(KB),Allocation Time(us),Release Time(us),Address\nadd,4,1736408883704643.212,1736408883704650,0x12c0000000\n'
seed fuzz_discovery names 'rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json\nrank0_ascend_pt/profiler_info_99999999999.json\nprofiler/ascend_timeline_display_3.json\nprofiler/hccl_raw_3000000000.csv\nrank-1.Jan_01.1.pt.trace.json.gz\nascend_pytorch_profiler_7.db\n'
mkdir -p "$OUT/corpus/fuzz_bytesource"
printf '[{"ph":"X","ts":1}]' | gzip -c >"$OUT/corpus/fuzz_bytesource/gz"
if command -v zstd >/dev/null; then printf '[{"ph":"X","ts":1}]' | zstd -q -c >"$OUT/corpus/fuzz_bytesource/zst"; fi
SAMPLES="$ROOT/../shared/samples"
if [ -d "$SAMPLES" ]; then
  # (head closes the pipe early: the pipeline's status is not the script's)
  { find "$SAMPLES" -name '*.json' -size -300k | head -n 20 | while read -r f; do cp "$f" "$OUT/corpus/fuzz_jsonsplitter/"; done; } || true
  { find "$SAMPLES" -name '*.csv' -size -300k | head -n 20 | while read -r f; do cp "$f" "$OUT/corpus/fuzz_csvreader/"; done; } || true
  mkdir -p "$OUT/corpus/fuzz_communication" "$OUT/corpus/fuzz_csvimport" "$OUT/corpus/fuzz_traceimport"
  { find "$SAMPLES" -name 'communication*.json' -size -300k | head -n 10 | while read -r f; do { printf '\000'; cat "$f"; } >"$OUT/corpus/fuzz_communication/$(basename "$(dirname "$(dirname "$f")")")-$(basename "$f")"; done; } || true
  { find "$SAMPLES" -name 'kernel_details.csv' -size -300k | head -n 5 | while read -r f; do { printf '\000'; cat "$f"; } >"$OUT/corpus/fuzz_csvimport/kd-$(echo "$f" | cksum | cut -d' ' -f1)"; done; } || true
  { find "$SAMPLES" -name 'trace_view.json' -size -300k | head -n 5 | while read -r f; do { printf '\001'; cat "$f"; } >"$OUT/corpus/fuzz_traceimport/tv-$(echo "$f" | cksum | cut -d' ' -f1)"; done; } || true
  { find "$SAMPLES" -name '*.pt.trace.json' -size -300k | head -n 5 | while read -r f; do { printf '\000'; cat "$f"; } >"$OUT/corpus/fuzz_traceimport/kt-$(echo "$f" | cksum | cut -d' ' -f1)"; done; } || true
  { find "$SAMPLES" -name '*.db' -size -1000k | head -n 5 | while read -r f; do cp "$f" "$OUT/corpus/fuzz_ascenddb/"; done; } || true
  { find "$SAMPLES" \( -name '*.gz' -o -name '*.zst' \) -size -300k | while read -r f; do cp "$f" "$OUT/corpus/fuzz_bytesource/"; done; } || true
fi

targets=("$OUT"/bin/fuzz_* )
[ -x "${targets[0]}" ] || targets=("$OUT"/tests/fuzz/fuzz_*)
per=$(( SECONDS_TOTAL / ${#targets[@]} ))
[ "$per" -ge 5 ] || per=5
mkdir -p "$OUT/crashes"
status=0
for t in "${targets[@]}"; do
  name=$(basename "$t")
  mkdir -p "$OUT/corpus/$name"
  log="$OUT/$name.log"
  # with --runs, a target is also stopped after --cap seconds (default 60; the .db target is ~10x slower
  # per input than the rest)
  if [ -n "$RUNS" ]; then limit=(-runs="$RUNS" -seed="${SEED:-1}" -max_total_time="$CAP"); else limit=(-max_total_time="$per" -seed="$SEED"); fi
  t0=$(date +%s)
  if "$t" "${limit[@]}" -rss_limit_mb=2048 -timeout=10 -max_len=1048576 -print_final_stats=1 \
       -artifact_prefix="$OUT/crashes/$name-" "$OUT/corpus/$name" >"$log" 2>&1; then
    echo "fuzz: $name: $(grep -Eo 'stat::number_of_executed_units: [0-9]+' "$log" | awk '{print $2}') inputs in $(( $(date +%s) - t0 )) s, no crash ($(ls "$OUT/corpus/$name" | wc -l) corpus files)"
  else
    echo "fuzz: $name FAILED (see $log; inputs in $OUT/crashes/)" >&2
    tail -n 30 "$log" >&2
    status=1
  fi
done
exit $status
