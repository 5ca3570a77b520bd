#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a loopback port, for the PostgreSQL tests and benchmarks
# (docs/DEPLOY.md, "Testing"). Uses Debian's binaries (/usr/lib/postgresql/<ver>/bin).
#
#   tools/pg-cluster.sh run [--fast] -- CMD…   start, run CMD with FAIRDEAL_TEST_PG set, stop
#   eval "$(tools/pg-cluster.sh start [--fast])"   start; prints the exports
#   tools/pg-cluster.sh stop "$FAIRDEAL_PG_CLUSTER"   stop and delete it
#
# --fast turns fsync off: the data is thrown away anyway, and tests should not wait for a disk.
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
# Authentication is `trust`, but only on 127.0.0.1 and a socket inside the cluster's own folder.
set -euo pipefail

bindir() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ]; then echo "$d"; return; fi
  done
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  echo "pg-cluster: no PostgreSQL found (Debian: apt-get install postgresql)" >&2
  exit 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  local p
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "pg-cluster: no free port found" >&2
  exit 1
}

start() {
  local fast=0
  [ "${1:-}" = "--fast" ] && fast=1
  local bin dir port opts
  bin=$(bindir)
  dir=$(mktemp -d "${TMPDIR:-/tmp}/fairdeal-pg-XXXXXX")
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
  opts="-c listen_addresses=127.0.0.1 -k $dir -c max_connections=200"
  [ "$fast" = 1 ] && opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  for _ in 1 2 3; do
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-p $port $opts" start >/dev/null 2>&1; then
      as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres fairdeal_test
      echo "export FAIRDEAL_TEST_PG=postgres://postgres@127.0.0.1:$port/fairdeal_test"
      echo "export FAIRDEAL_PG_CLUSTER=$dir"
      return
    fi
  done
  cat "$dir/server.log" >&2
  rm -rf "$dir"
  exit 1
}

stop() {
  local dir=${1:?usage: pg-cluster.sh stop DIR}
  case "$dir" in */fairdeal-pg-*) ;; *) echo "pg-cluster: not a cluster folder: $dir" >&2; exit 1 ;; esac
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  run)
    shift
    fast=""
    [ "${1:-}" = "--fast" ] && { fast="--fast"; shift; }
    [ "${1:-}" = "--" ] && shift
    eval "$(start $fast)"
    trap 'stop "$FAIRDEAL_PG_CLUSTER"' EXIT
    "$@"
    ;;
  *) echo "usage: pg-cluster.sh start [--fast] | stop DIR | run [--fast] -- CMD…" >&2; exit 2 ;;
esac
