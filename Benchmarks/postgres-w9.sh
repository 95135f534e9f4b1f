#!/usr/bin/env bash
# W9: builds QuarryPostgresBenchmarks in release, starts a throwaway PostgreSQL cluster in a
# temporary folder (listening on a Unix socket there only, no TCP), runs the benchmark against
# it, and stops and removes the cluster on exit, whatever happens.
#
#   Benchmarks/postgres-w9.sh [--no-build] [benchmark arguments: --quick, rounds=N, W9F W9I W9L,
#                             contender=NAME]
#
# The server runs with PostgreSQL's defaults for durability, as a local server has them: fsync,
# synchronous_commit and full_page_writes on (every commit waits for its WAL flush). The only
# settings given are where it listens. PostgreSQL is taken from /usr/lib/postgresql/*/bin (the
# newest), or QUARRY_POSTGRES_BIN. As root (initdb refuses to run as root), the cluster runs as
# the `postgres` user that Debian's `postgresql` package creates.
set -euo pipefail
cd "$(dirname "$0")"

build=1
if [[ ${1:-} == --no-build ]]; then build=0 && shift; fi
if [[ $build == 1 ]]; then
  swift build -c release --product QuarryPostgresBenchmarks
fi
binary=$(swift build -c release --show-bin-path)/QuarryPostgresBenchmarks
[[ -x $binary ]] || { echo "not built: $binary" >&2; exit 1; }

bin=${QUARRY_POSTGRES_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -n 1)}
[[ -x $bin/initdb ]] || { echo "no PostgreSQL: apt-get install postgresql" >&2; exit 1; }
as_user=()
if [[ $(id -u) == 0 ]]; then as_user=(/usr/sbin/runuser -u postgres --); fi

folder=$(mktemp -d "${TMPDIR:-/tmp}/quarry-w9.XXXXXX")
port=5439
stop() {
  "${as_user[@]}" "$bin/pg_ctl" -D "$folder/data" -m fast stop > /dev/null 2>&1 || true
  rm -rf "$folder"
}
trap stop EXIT
if [[ ${#as_user[@]} -gt 0 ]]; then chown postgres: "$folder"; fi
chmod 700 "$folder"

"${as_user[@]}" "$bin/initdb" -D "$folder/data" -U postgres -A trust -E UTF8 --locale=C \
  > "$folder/initdb.log" 2>&1 || { cat "$folder/initdb.log" >&2; exit 1; }
"${as_user[@]}" "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 \
  -o "-k $folder -c listen_addresses='' -p $port" start > /dev/null \
  || { cat "$folder/server.log" >&2; exit 1; }

"$binary" --postgres "postgres://postgres@/postgres?host=$folder&port=$port" "$@"
