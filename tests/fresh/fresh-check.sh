#!/usr/bin/env bash
# ./dev fresh-check: proves the README's set-up on a bare Debian 12, so a missing install step cannot hide
# behind packages somebody once installed by hand on the build machine.
#   1. a minimal Debian 12 root (debootstrap --variant=minbase bookworm), built once and cached;
#   2. a throw-away copy of it, with the committed tree at /src/main and ../shared read-only at /src/shared
#      (the layout CI has), runs `./dev test`, then `./dev cluster-check` on the release build just made (a
#      real one-node Slurm inside the chroot: slurm-wlm and munge installed there, every daemon stopped at
#      its end), the headless `./dev run` and then `./dev package`;
#   3. a second throw-away copy installs the .deb with `apt-get install ./rankscope_….deb` and runs
#      `rankscope --version`, `rankscope demo` and a headless `rankscope export` there.
# Needs root (chroot, mounts). The bare root reaches the package registry the way this machine does: its apt
# sources and settings are copied from the host's /etc/apt. Exit status: 0 when every step passed.
# Environment: RANKSCOPE_FRESH_CACHE (default /var/cache/rankscope-fresh) holds the cached bare root;
# RANKSCOPE_FRESH_KEEP=1 keeps the work roots for a look after a failure.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${RANKSCOPE_FRESH_CACHE:-/var/cache/rankscope-fresh}
SUITE=bookworm
T0=$(date +%s)

say() { echo "fresh-check [$(($(date +%s) - T0)) s]: $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, chroot and mounts)"
if ! command -v debootstrap >/dev/null; then
  say "installing debootstrap"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
fi

# The Debian mirror this machine's apt uses for the suite (deb822 .sources first, then one-line .list).
host_mirror() {
  local f uri
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    uri=$(awk -v suite="$SUITE" '
      /^[[:space:]]*$/ { if (u != "" && s) { print u; exit } u = ""; s = 0; next }
      /^URIs:/ { u = $2 }
      /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) s = 1 }
      END { if (u != "" && s) print u }' "$f" | head -n 1)
    [ -n "$uri" ] && { echo "$uri"; return; }
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    uri=$(awk -v suite="$SUITE" '$1 == "deb" && $3 == suite { print $2; exit }' "$f")
    [ -n "$uri" ] && { echo "$uri"; return; }
  done
}

BASE="$CACHE/$SUITE-minbase"
if [ ! -f "$BASE/.complete" ]; then
  MIRROR=$(host_mirror)
  [ -n "$MIRROR" ] || die "no apt source for $SUITE in /etc/apt to bootstrap from"
  say "building the bare $SUITE root (debootstrap --variant=minbase) into $BASE"
  mkdir -p "$CACHE"
  rm -rf --one-file-system "$BASE.tmp"
  debootstrap --variant=minbase "$SUITE" "$BASE.tmp" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 ||
    die "debootstrap failed; see $CACHE/debootstrap.log"
  touch "$BASE.tmp/.complete"
  rm -rf --one-file-system "$BASE"
  mv "$BASE.tmp" "$BASE"
else
  say "reusing the cached bare root $BASE"
fi

WORK=$(mktemp -d "$CACHE/run.XXXXXX")
ROOTS=()

# Pids of the processes whose root directory is $1 (or a folder in it): a daemon started in the chroot that
# outlived its script would keep the mounts busy.
processes_in_root() {
  local p r
  for p in /proc/[0-9]*; do
    r=$(readlink "$p/root" 2>/dev/null) || continue
    if [ "$r" = "$1" ] || [ "${r#"$1"/}" != "$r" ]; then echo "${p#/proc/}"; fi
  done
  return 0
}
# Stops (TERM, then KILL after 5 s) every process in root $1; prints "pid command" for each it found.
stop_processes_in_root() {
  local pids p
  pids=$(processes_in_root "$1")
  [ -n "$pids" ] || return 0
  for p in $pids; do echo "$p $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)"; done
  kill $pids 2>/dev/null || true
  for _ in $(seq 1 20); do
    [ -z "$(processes_in_root "$1")" ] && return 0
    sleep 0.25
  done
  pids=$(processes_in_root "$1")
  [ -z "$pids" ] || kill -9 $pids 2>/dev/null || true
}

unmount_all() {
  local r m
  for r in "${ROOTS[@]}"; do
    stop_processes_in_root "$r" >/dev/null
    # innermost first; lazy so a lingering process cannot keep a bind of the host's /dev alive
    for m in $(awk -v r="$r" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r); do
      umount -l "$m" 2>/dev/null || true
    done
  done
}
cleanup() {
  unmount_all
  if awk -v w="$WORK" 'index($2, w) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
    say "mounts remain under $WORK; not removing it"
    return
  fi
  if [ "${RANKSCOPE_FRESH_KEEP:-0}" = 1 ]; then say "kept $WORK"; else rm -rf --one-file-system "$WORK"; fi
}
trap cleanup EXIT

# A throw-away copy of the bare root with the host's apt configuration and DNS, and /proc, /sys, /dev;
# its path in NEWROOT (not printed: a $(…) subshell would lose the ROOTS list the clean-up needs).
new_root() {
  local r="$WORK/$1"
  cp -a "$BASE" "$r"
  rm -f "$r/.complete"
  rm -rf "$r/etc/apt/sources.list.d" "$r/etc/apt/apt.conf.d"
  cp -a /etc/apt/sources.list.d /etc/apt/apt.conf.d "$r/etc/apt/"
  if [ -f /etc/apt/sources.list ]; then cp /etc/apt/sources.list "$r/etc/apt/"; else rm -f "$r/etc/apt/sources.list"; fi
  cp -L /etc/resolv.conf "$r/etc/resolv.conf" 2>/dev/null || true
  ROOTS+=("$r")
  mount -t proc proc "$r/proc"
  mount -t sysfs sysfs "$r/sys"
  mount --bind /dev "$r/dev"
  mount --bind /dev/pts "$r/dev/pts"
  NEWROOT="$r"
}

# Runs a command in a root with a clean environment, as CI does (no DISPLAY, CI=true, no stdin).
in_root() {
  local r="$1"
  shift
  chroot "$r" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 CI=true DEBIAN_FRONTEND=noninteractive /bin/bash -c "$*" </dev/null
}

# --- 1. the committed tree and ../shared, as CI lays them out -------------------------------------------
new_root build
BUILDROOT=$NEWROOT
mkdir -p "$BUILDROOT/src/main"
if git -C "$SRC" rev-parse --verify -q HEAD >/dev/null; then
  say "copying the committed tree ($(git -C "$SRC" rev-parse --short HEAD)) into the bare root"
  git -C "$SRC" archive HEAD | tar -x -C "$BUILDROOT/src/main"
else
  say "not a git checkout: copying the working tree without build/"
  tar -C "$SRC" --exclude=./build --exclude=./.git -c . | tar -x -C "$BUILDROOT/src/main"
fi
if [ -d "$SRC/../shared" ]; then
  cp -a "$(readlink -f "$SRC/../shared")" "$BUILDROOT/src/shared" # a link to it is followed
  chmod -R a-w "$BUILDROOT/src/shared"
else
  say "no ../shared beside the tree: the sample tests will skip"
fi

# --- 2. the README's test command, then the package -----------------------------------------------------
# The host's compiler cache, when it has one, is lent to the bare root (ccache installed there first): the
# same compiler package compiles the same sources to the same objects, so the build is much shorter, and a
# missing -dev package still fails it (the preprocessor needs the headers). Never required: without it the
# bare root compiles everything.
lend_ccache() {
  command -v ccache >/dev/null || return 0
  local dir
  dir=$(ccache -k cache_dir 2>/dev/null) || return 0
  [ -d "$dir" ] || return 0
  in_root "$BUILDROOT" "apt-get update -qq && apt-get install -y -qq --no-install-recommends ccache" \
    >"$WORK/ccache-install.log" 2>&1 || { say "ccache not installed in the bare root: compiling everything"; return 0; }
  mkdir -p "$BUILDROOT/root/.cache/ccache" "$BUILDROOT/root/.config/ccache"
  mount --bind "$dir" "$BUILDROOT/root/.cache/ccache" || return 0
  printf 'base_dir = /src/main\nhash_dir = false\nsloppiness = pch_defines,time_macros,include_file_mtime,include_file_ctime\n' \
    >"$BUILDROOT/root/.config/ccache/ccache.conf"
  say "lending the host's compiler cache ($dir) to the bare root"
}
lend_ccache
say "running ./dev test in the bare root"
LOG="$WORK/dev-test.log"
if ! in_root "$BUILDROOT" "cd /src/main && ./dev test" >"$LOG" 2>&1; then
  tail -n 60 "$LOG" >&2
  die "./dev test failed in the bare root (log above)"
fi
grep -E "tests passed|tests failed" "$LOG" | tail -n 1 | sed 's/^/fresh-check: /' >&2
in_root "$BUILDROOT" "command -v ccache >/dev/null && ccache -s | grep -E '^ *(Hits|Misses):'" 2>/dev/null |
  sed 's/^ */fresh-check: ccache /' >&2 || true
# The shard indexing on a real Slurm, in the same root: the release build exists now, so the check proves
# both that the bare root suffices and that packaging/slurm/ works (cluster-check installs slurm-wlm and
# munge itself). Nothing it started may outlive it: the root's mounts must come off afterwards.
say "running ./dev cluster-check in the bare root"
CC_T0=$(date +%s)
CC_OK=1
in_root "$BUILDROOT" "cd /src/main && RANKSCOPE=build/bin/rankscope ./dev cluster-check" \
  >"$WORK/cluster-check.log" 2>&1 || CC_OK=0
LEFT=$(stop_processes_in_root "$BUILDROOT")
if [ "$CC_OK" = 0 ]; then
  tail -n 80 "$WORK/cluster-check.log" >&2
  die "./dev cluster-check failed in the bare root (log above)"
fi
[ -z "$LEFT" ] || die "processes outlived ./dev cluster-check in the bare root (now killed): $LEFT"
say "./dev cluster-check passed in the bare root in $(($(date +%s) - CC_T0)) s: \
$(grep -c '^  PASS' "$WORK/cluster-check.log") checks"
sed -n '/^cluster-check: phase times/,$p' "$WORK/cluster-check.log" | sed 's/^/fresh-check: /' >&2
say "running ./dev run (headless: no display) in the bare root"
if ! in_root "$BUILDROOT" "cd /src/main && ./dev run && ls build/screenshots/*.png" >"$WORK/dev-run.log" 2>&1; then
  tail -n 40 "$WORK/dev-run.log" >&2
  die "./dev run failed in the bare root"
fi
say "./dev run wrote $(grep -c '^build/screenshots/.*\.png$' "$WORK/dev-run.log") screenshot(s) and printed the report"
say "running ./dev package in the bare root"
if ! in_root "$BUILDROOT" "cd /src/main && ./dev package" >"$WORK/dev-package.log" 2>&1; then
  tail -n 40 "$WORK/dev-package.log" >&2
  die "./dev package failed in the bare root"
fi
DEB=$(ls "$BUILDROOT"/src/main/build/rankscope_*.deb 2>/dev/null | head -n 1)
[ -n "$DEB" ] || die "./dev package wrote no build/rankscope_*.deb"
say "built $(basename "$DEB")"

# --- 3. the .deb on a second bare root -------------------------------------------------------------------
new_root install
INSTROOT=$NEWROOT
cp "$DEB" "$INSTROOT/tmp/"
say "installing $(basename "$DEB") with apt-get on a bare root"
if ! in_root "$INSTROOT" "apt-get update -qq && apt-get install -y -qq /tmp/$(basename "$DEB")" \
  >"$WORK/install.log" 2>&1; then
  tail -n 40 "$WORK/install.log" >&2
  die "apt-get install of the .deb failed"
fi
CHECK='set -e
  rankscope --version
  rankscope demo /tmp/demo --ranks 2 --steps 4 --layers 1 --quiet
  rankscope export /tmp/demo --out /tmp/shots --view timeline --quiet
  ls /tmp/shots | grep -q "\.png$"
  test -f /usr/share/man/man1/rankscope.1.gz
  echo installed-ok'
if ! in_root "$INSTROOT" "$CHECK" >"$WORK/installed.log" 2>&1; then
  cat "$WORK/installed.log" >&2
  die "the installed package does not run"
fi
head -n 1 "$WORK/installed.log" | sed 's/^/fresh-check: installed: /' >&2
say "PASSED: ./dev test and ./dev package on a bare $SUITE root; the .deb installs and runs"
