# Sourced by bin/tabula and ./tabula (POSIX sh): JVM options that depend on the Java release that
# runs Tabula. Sets `release_opts` (empty when none applies or the release cannot be told).
#
# - Java 24 and later: --sun-misc-unsafe-memory-access=allow. From Java 24 on (JEP 498) the JVM
#   prints four WARNING lines on every start because a library uses sun.misc.Unsafe's memory
#   access: Netty does, for its direct buffers. The lines are meant for Netty's maintainers, and a
#   user can do nothing about them; the option keeps Java 17's behaviour, silently. Not added when
#   JAVA_OPTS sets the option itself.
#
# Usage: java_release_opts JAVA
java_release_opts() {
  release_opts=""
  jr_major=$(java_feature_release "$1") || return 0
  case " ${JAVA_OPTS:-} " in
    *--sun-misc-unsafe-memory-access*) ;;
    *) [ "$jr_major" -ge 24 ] && release_opts="--sun-misc-unsafe-memory-access=allow" ;;
  esac
  return 0
}

# Prints the feature release (17, 21, 25...) of the java command $1, from its installation's release
# file; fails when there is none to read.
java_feature_release() {
  jf_bin=$(readlink -f "$1" 2>/dev/null) || return 1
  jf_release="${jf_bin%/bin/java}/release"
  [ -r "$jf_release" ] || return 1
  jf_major=$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$jf_release")
  [ -n "$jf_major" ] || return 1
  printf '%s\n' "$jf_major"
}
