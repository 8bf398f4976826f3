#!/usr/bin/env bash
# docs/deploy.md on several hosts: each host is a network namespace of its own on one bridge
# (veth links), with the addresses deploy.md uses — nginx 10.0.0.10, Quarry machines
# 10.0.0.11-13 (each with its PgBouncer on 127.0.0.1:6432), Postgres 10.0.0.20 — and the
# deploy host / visitor 10.0.1.5 (outside 10.0.0.0/24, so nginx's /readyz is closed to it).
# All traffic stays in these namespaces. scenarios.ts runs in the visitor's namespace and
# starts every other process in its host's namespace. Run as root: npm run test:multihost.
# Whatever happens, the namespaces, every process in them and the temporary folder are removed.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "$(id -u)" = 0 ] || { echo "test:multihost needs root (network namespaces)" >&2; exit 1; }
for b in ip nginx pgbouncer openssl curl /usr/lib/postgresql/15/bin/postgres; do
  command -v "$b" >/dev/null || { echo "test:multihost: $b is missing (apt-get install iproute2 nginx pgbouncer postgresql-15 openssl curl)" >&2; exit 1; }
done

P="qmh$$"
HOSTS=(lb n1 n2 n3 db db2 cl)
declare -A ADDR=([lb]=10.0.0.10 [n1]=10.0.0.11 [n2]=10.0.0.12 [n3]=10.0.0.13 [db]=10.0.0.20 [db2]=10.0.0.21 [cl]=10.0.1.5)
WORK=$(mktemp -d /tmp/quarry-multihost.XXXXXX)
chmod 755 "$WORK"

cleanup() {
  local code=$?
  set +e
  for h in "${HOSTS[@]}" sw; do
    # Only processes inside the test's own namespaces: everything there is the test's.
    pids=$(ip netns pids "$P-$h" 2>/dev/null)
    [ -n "$pids" ] && kill -9 $pids 2>/dev/null
  done
  for h in "${HOSTS[@]}" sw; do ip netns del "$P-$h" 2>/dev/null; done
  rm -rf "$WORK"
  exit $code
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ip netns add "$P-sw"
ip -n "$P-sw" link add br0 type bridge
ip -n "$P-sw" link set br0 up
for h in "${HOSTS[@]}"; do
  ip netns add "$P-$h"
  ip -n "$P-sw" link add "v-$h" type veth peer name eth0 netns "$P-$h"
  ip -n "$P-sw" link set "v-$h" master br0 up
  ip -n "$P-$h" addr add "${ADDR[$h]}/16" dev eth0
  ip -n "$P-$h" link set eth0 up
  ip -n "$P-$h" link set lo up
done

export MH_PREFIX="$P" MH_WORK="$WORK"
# The stage's bound: the scenarios take about 3 minutes.
timeout --kill-after=10s 7m ip netns exec "$P-cl" node node_modules/vite-node/vite-node.mjs test/multihost/scenarios.ts
