#!/usr/bin/env bash
# A private, throw-away PostgreSQL 15 cluster on 127.0.0.1 for migrations and tests.
#   tests/support/postgres.sh start [PORT] [DATABASE]   initdb if needed, start, create the database,
#                                                       print its URL on stdout
#   tests/support/postgres.sh stop [PORT]
# PGDATA_DIR overrides the data folder (default /tmp/recipe-helper-pg-PORT).
set -euo pipefail

command_name="${1:-}"
port="${2:-54329}"
database="${3:-recipe_helper}"
pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
data_dir="${PGDATA_DIR:-/tmp/recipe-helper-pg-$port}"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

case "$command_name" in
  start)
    if [ ! -s "$data_dir/PG_VERSION" ]; then
      mkdir -p "$data_dir"
      chown postgres: "$data_dir"
      as_postgres "$pg_bin/initdb" --pgdata "$data_dir" --username postgres --auth trust \
        --encoding UTF8 --locale C.UTF-8 >/dev/null
    fi
    if ! as_postgres "$pg_bin/pg_ctl" status --pgdata "$data_dir" >/dev/null 2>&1; then
      as_postgres "$pg_bin/pg_ctl" start --pgdata "$data_dir" --wait --log "$data_dir/server.log" \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$data_dir -c fsync=off" >/dev/null
    fi
    exists=$(as_postgres "$pg_bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname = '$database'")
    if [ "$exists" != 1 ]; then
      as_postgres "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database"
    fi
    echo "postgresql://postgres@127.0.0.1:$port/$database"
    ;;
  stop)
    if [ -s "$data_dir/PG_VERSION" ]; then
      as_postgres "$pg_bin/pg_ctl" stop --pgdata "$data_dir" --mode fast --wait >/dev/null 2>&1 || true
    fi
    ;;
  *)
    echo "Usage: $0 start [PORT] [DATABASE] | stop [PORT]" >&2
    exit 2
    ;;
esac
