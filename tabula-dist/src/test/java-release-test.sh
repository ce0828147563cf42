#!/usr/bin/env bash
# Checks the options bin/tabula gives by the Java release (tabula-dist/src/lib/java-release.sh),
# through fake Java installations whose bin/java prints the options it was given and whose release
# file names the release: 17 and 21 get none, 24 and 25 --sun-misc-unsafe-memory-access=allow (no
# warning about Netty's sun.misc.Unsafe on every start), unless JAVA_OPTS sets it; an installation
# without a release file gets none. A real Java 25 is checked by class-archive-test.sh (JAVA25_HOME).
# Run by build/dist-test.sh; by hand: java-release-test.sh TABULA_HOME.
# Seen red: with the launcher's release options left out of its java command.
set -euo pipefail
home="$1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "java release: $*" >&2; exit 1; }

# A fake Java installation of release $1 (no release file for "none") at $work/jdk-$1.
fake_jdk() {
  mkdir -p "$work/jdk-$1/bin"
  printf '#!/bin/sh\necho "$*"\n' >"$work/jdk-$1/bin/java"
  chmod +x "$work/jdk-$1/bin/java"
  [ "$1" = none ] || printf 'JAVA_VERSION="%s.0.3"\nJAVA_RUNTIME_VERSION="%s.0.3+9"\n' "$1" "$1" \
    >"$work/jdk-$1/release"
}

for release in 17 21 24 25 none; do
  fake_jdk "$release"
  said=$(JAVA_HOME="$work/jdk-$release" JAVA_OPTS="" "$home/bin/tabula" --version)
  case "$release" in
    24 | 25) expected="--sun-misc-unsafe-memory-access=allow -jar $home/lib/tabula.jar --version" ;;
    *) expected="-jar $home/lib/tabula.jar --version" ;;
  esac
  [ "$said" = "$expected" ] || fail "Java $release: java was given '$said', not '$expected'"
done

said=$(JAVA_HOME="$work/jdk-25" JAVA_OPTS="--sun-misc-unsafe-memory-access=warn" "$home/bin/tabula" --version)
[ "$said" = "--sun-misc-unsafe-memory-access=warn -jar $home/lib/tabula.jar --version" ] \
  || fail "Java 25 with the option in JAVA_OPTS: java was given '$said'"
echo "java release: ok"
