#!/usr/bin/env bash
# Checks the launcher's class-data archive choice (tabula-dist/src/lib/class-archive.sh) through
# bin/tabula serve of an unpacked release: with no archive yet (one is made when the server stops),
# with its archive, with a damaged one, with a jar newer than it, with a cache folder that cannot
# be made, and turned off. Each time the server must start, answer (build/smoke-request.sh) and
# print nothing but its own lines: no JVM warning. Then Java 25, with a Java 17 archive in its place,
# and its AOT cache (TABULA_CLASS_ARCHIVE=aot), when JAVA25_HOME names one. Run by build/dist-test.sh; by hand: class-archive-test.sh TABULA_HOME.
# Seen red: with the -Xlog options that quiet the JVM left out (the damaged archive's warning), and
# with the jar's age not compared (the stale archive kept).
set -euo pipefail
cd "$(dirname "$0")/../../.."
home="$1"
work=$(mktemp -d)
pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "class archive: $*" >&2; exit 1; }

# Serves once with the environment given; checks it answers and prints only Tabula's own lines;
# leaves the JVM's command line in $work/cmdline. $1 names the case.
serve_once() {
  local name="$1" log="$work/$1.log" port=""
  shift
  env "$@" "$home/bin/tabula" serve --in-memory --host 127.0.0.1 --port 0 >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    port=$(sed -n 's/^Tabula listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$log")
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; fail "$name: the server exited"; }
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$log" >&2; fail "$name: no server after 60 s"; }
  tr '\0' ' ' <"/proc/$pid/cmdline" >"$work/cmdline"
  build/smoke-request.sh 127.0.0.1 "$port" >/dev/null || fail "$name: no answer"
  kill -TERM "$pid"
  wait "$pid" || true
  pid=""
  # Tabula's own lines (its log: the smoke request is refused). A JVM's warning looks like none of
  # them: on Java 24+ also none about Netty's sun.misc.Unsafe (lib/java-release.sh).
  if grep -vE '^(Tabula |  account |Press Ctrl-C|[0-9-]{10}T[0-9:.]+Z (INFO|WARN) )' "$log" \
    | grep -vE "${EXPECTED_LINES:-^$}" | grep .; then
    fail "$name: the lines above are not Tabula's"
  fi
  echo "class archive: $name ok"
}

uses() { grep -q -- "$1" "$work/cmdline" || fail "$2: the JVM ran without $1: $(cat "$work/cmdline")"; }
lacks() { if grep -q -- "$1" "$work/cmdline"; then fail "$2: the JVM ran with $1"; fi; }

cache="$work/cache"
serve_once first TABULA_CACHE_DIR="$cache"
uses -XX:ArchiveClassesAtExit= first
archive=$(ls "$cache"/tabula-*.jsa 2>/dev/null | head -1)
[ -s "$archive" ] || fail "first: no archive made in $cache when the server stopped"

serve_once second TABULA_CACHE_DIR="$cache"
uses "-XX:SharedArchiveFile=$archive" second

chmod u+w "$archive"
head -c 65536 "$home/lib/tabula.jar" >"$archive"
serve_once damaged TABULA_CACHE_DIR="$cache"
uses "-XX:SharedArchiveFile=$archive" damaged

# An archive older than the jar (the jar replaced since) is made again.
touch -t 200001010000 "$archive"
serve_once newer-jar TABULA_CACHE_DIR="$cache"
uses -XX:ArchiveClassesAtExit= newer-jar

: >"$work/a-file"
serve_once no-cache-folder TABULA_CACHE_DIR="$work/a-file/cache"
lacks -XX: no-cache-folder

serve_once off TABULA_CACHE_DIR="$cache" TABULA_CLASS_ARCHIVE=off
lacks -XX: off

java25="${JAVA25_HOME:-}"
if [ -n "$java25" ] && [ -x "$java25/bin/java" ]; then
  cache25="$work/cache25"
  serve_once java25-first JAVA_HOME="$java25" TABULA_CACHE_DIR="$cache25"
  uses -XX:ArchiveClassesAtExit= java25-first
  archive25=$(ls "$cache25"/tabula-*.jsa 2>/dev/null | head -1)
  [ -s "$archive25" ] || fail "java25-first: no archive made in $cache25"
  chmod u+w "$archive25"
  cp "$archive" "$archive25"
  serve_once java25-foreign JAVA_HOME="$java25" TABULA_CACHE_DIR="$cache25"
  uses "-XX:SharedArchiveFile=$archive25" java25-foreign
  # The AOT cache, asked for: its first run reports its making when it stops.
  EXPECTED_LINES='AOT ?[Cc]ache|AOT ?[Cc]onfiguration|JAVA_TOOL_OPTIONS' \
    serve_once java25-aot-first JAVA_HOME="$java25" TABULA_CACHE_DIR="$cache25" TABULA_CLASS_ARCHIVE=aot
  uses -XX:AOTCacheOutput= java25-aot-first
  aot=$(ls "$cache25"/tabula-*.aot 2>/dev/null | head -1)
  [ -s "$aot" ] || fail "java25-aot-first: no AOT cache made in $cache25"
  cp "$archive" "$aot"
  serve_once java25-aot-damaged JAVA_HOME="$java25" TABULA_CACHE_DIR="$cache25" TABULA_CLASS_ARCHIVE=aot
  uses -XX:AOTCache= java25-aot-damaged
else
  echo "class archive: no JAVA25_HOME, Java 25 not checked"
fi
echo "class archive: ok"
