#!/usr/bin/env bash
# deploy/run-local.sh N: N shop processes on one PostgreSQL database, on 127.0.0.1 ports FIRST_PORT
# to FIRST_PORT+N-1, with HAProxy (deploy/haproxy.cfg) in front on SHOP_BIND. Ctrl-C stops them all.
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/threadline deploy/run-local.sh 4
# Every other variable of docs/configuration.md is passed on to the processes.
set -euo pipefail

count="${1:-2}"
if ! [[ "$count" =~ ^[1-9][0-9]?$ ]]; then
  echo "usage: deploy/run-local.sh N   (N shop processes, 1 to 99)" >&2
  exit 64
fi
case "${DATABASE_URL:-}" in
  postgres://* | postgresql://*) ;;
  *)
    echo "DATABASE_URL must name a PostgreSQL database (postgres://…): SQLite serves one process" >&2
    exit 64
    ;;
esac
command -v haproxy >/dev/null || { echo "haproxy is not installed (apt-get install haproxy)" >&2; exit 69; }

root="$(cd "$(dirname "$0")/.." && pwd)"
first_port="${FIRST_PORT:-3001}"
export SHOP_BIND="${SHOP_BIND:-127.0.0.1:8080}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:${SHOP_BIND##*:}}"
# The processes listen on loopback only, so HAProxy on this machine is the one proxy that reaches them.
export TRUST_PROXY="${TRUST_PROXY:-loopback}"
export HOST=127.0.0.1
run_dir="$(mktemp -d "${TMPDIR:-/tmp}/threadline-run.XXXXXX")"

pids=()
stop_all() {
  trap - EXIT INT TERM
  # SIGTERM: each process drains (readiness fails) and then finishes its requests.
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait || true
  rm -rf "$run_dir"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

start_process() {
  # The heap limit `npm start` sets too: docs/operations.md, "Memory".
  PORT="$1" node --max-old-space-size=512 "$root/scripts/start.mjs" &
  pids+=("$!")
}

wait_until_ready() {
  for _ in $(seq 1 600); do
    curl -fsS -o /dev/null "http://127.0.0.1:$1/api/ready/" 2>/dev/null && return 0
    sleep 0.5
  done
  echo "the process on port $1 was not ready within 5 minutes" >&2
  exit 1
}

# The first process alone builds what is stale, migrates and (on an empty database) seeds; the
# others then start on a current schema, all at once.
start_process "$first_port"
wait_until_ready "$first_port"
for ((i = 1; i < count; i++)); do start_process "$((first_port + i))"; done
for ((i = 1; i < count; i++)); do wait_until_ready "$((first_port + i))"; done

{
  cat "$root/deploy/haproxy.cfg"
  for ((i = 0; i < count; i++)); do echo "  server shop$((i + 1)) 127.0.0.1:$((first_port + i))"; done
} >"$run_dir/haproxy.cfg"
haproxy -db -f "$run_dir/haproxy.cfg" &
pids+=("$!")
echo "Threadline: $count processes behind HAProxy at http://$SHOP_BIND (PUBLIC_URL $PUBLIC_URL)"
wait -n "${pids[@]}"
