#!/usr/bin/env bash
# ./dev fuzz [--seconds N | --runs N] [--seed S]: builds rankscope_core and the libFuzzer targets with clang,
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
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_TOTAL="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    *) echo "usage: ./dev fuzz [--seconds N | --runs N] [--seed S]" >&2; exit 2 ;;
  esac
done
need=()
command -v clang++ >/dev/null || need+=(clang)
dpkg-query -W -f='${Status}' libclang-rt-14-dev 2>/dev/null | grep -q "install ok installed" || need+=(libclang-rt-14-dev)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || { echo "fuzz: needs ${need[*]}: apt-get install -y ${need[*]}" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
"$ROOT/dev" build >/dev/null # the product's packages (Qt Core, SQLite, zstd, …) are installed by it
if [ ! -f "$OUT/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$OUT" -DRANKSCOPE_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$OUT" -j"$(nproc)" >/dev/null

# seeds: the shapes each parser meets in real files
seed() { mkdir -p "$OUT/corpus/$1"; printf '%b' "$3" >"$OUT/corpus/$1/$2"; }
seed fuzz_jsonsplitter array '[{"ph":"X","name":"k","ts":"1736408883704643.212","dur":5,"args":{"a":[1,{"b":"\\u00e9"}]}},\n'
seed fuzz_jsonsplitter object '{"distributedInfo":{"rank":0},"traceEvents":[{"ph":"B","ts":1},{"ph":"E","ts":2}],"baseTimeNanoseconds":17}'
seed fuzz_csvreader kernel 'Step ID,Name,Start Time(us),Duration(us),Input Shapes\r\n7,"a\r\nb",1736408883704643.212\t,5,"""32,3"""\r\n'
seed fuzz_textparsers numbers '1736408883704643.212'
mkdir -p "$OUT/corpus/fuzz_bytesource"
printf '[{"ph":"X","ts":1}]' | gzip -c >"$OUT/corpus/fuzz_bytesource/gz"
if command -v zstd >/dev/null; then printf '[{"ph":"X","ts":1}]' | zstd -q -c >"$OUT/corpus/fuzz_bytesource/zst"; fi
SAMPLES="$ROOT/../shared/samples"
if [ -d "$SAMPLES" ]; then
  # (head closes the pipe early: the pipeline's status is not the script's)
  { find "$SAMPLES" -name '*.json' -size -300k | head -n 20 | while read -r f; do cp "$f" "$OUT/corpus/fuzz_jsonsplitter/"; done; } || true
  { find "$SAMPLES" -name '*.csv' -size -300k | head -n 20 | while read -r f; do cp "$f" "$OUT/corpus/fuzz_csvreader/"; done; } || true
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
  if [ -n "$RUNS" ]; then limit=(-runs="$RUNS" -seed="${SEED:-1}"); else limit=(-max_total_time="$per" -seed="$SEED"); fi
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
