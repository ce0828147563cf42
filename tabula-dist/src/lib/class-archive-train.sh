#!/bin/sh
# A training run for a class-data archive (issue 25): starts `tabula serve` (RocksDB) on a loopback
# port with the JVM options given (the one that writes the archive at exit among them), imports
# 2,000 entities through `tabula import` (batches), lists the tables, and stops the server with
# SIGTERM, so the JVM writes the archive of every class that path loaded. Used by the Dockerfile at
# image build. Bounded: 60 s to start, 120 s to import.
# Usage: class-archive-train.sh JAVA JAR PORT [JVM options for serve...] (PORT 0: any free one)
set -eu
java="$1"
jar="$2"
port="$3"
shift 3
work=$(mktemp -d)
"$java" "$@" -jar "$jar" serve --data-dir "$work/data" --host 127.0.0.1 --port "$port" >"$work/serve.log" 2>&1 &
pid=$!
i=0
until grep -q 'Tabula listening' "$work/serve.log"; do
  i=$((i + 1))
  if [ "$i" -gt 600 ] || ! kill -0 "$pid" 2>/dev/null; then
    cat "$work/serve.log" >&2
    kill "$pid" 2>/dev/null || true
    exit 1
  fi
  sleep 0.1
done
port=$(sed -n 's/^Tabula listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$work/serve.log")
i=0
while [ "$i" -lt 2000 ]; do
  echo "{\"PartitionKey\":\"p$((i % 20))\",\"RowKey\":\"r$i\",\"Name\":\"name $i\",\"Count\":$i,\"Ratio\":0.5}"
  i=$((i + 1))
done >"$work/train.jsonl"
key="Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
conn="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=$key;TableEndpoint=http://127.0.0.1:$port/devstoreaccount1"
status=0
timeout 120 "$java" -XX:TieredStopAtLevel=1 -jar "$jar" import -c "$conn" -t train -i "$work/train.jsonl" \
  --progress=none >"$work/import.log" 2>&1 || status=$?
timeout 60 "$java" -XX:TieredStopAtLevel=1 -jar "$jar" tables -c "$conn" >/dev/null 2>&1 || status=$?
kill -TERM "$pid"
wait "$pid" || true
[ "$status" -eq 0 ] || { cat "$work/import.log" "$work/serve.log" >&2; rm -rf "$work"; exit 1; }
rm -rf "$work"
