# Sourced by bin/tabula and ./tabula (POSIX sh), before class-archive.sh, which reads the JDK's
# release file through it: JVM options that depend on the Java release that runs Tabula. Sets
# `release_opts` (empty when none applies or the release cannot be told).
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

# Prints the feature release (17, 21, 25...) of the java command $1; fails when its release file
# does not say.
java_feature_release() {
  jf_version=$(java_release_field "$1" JAVA_VERSION) || return 1
  jf_major="${jf_version%%[!0-9]*}"
  [ -n "$jf_major" ] || return 1
  printf '%s\n' "$jf_major"
}

# Prints the value of field $2 (JAVA_VERSION, JAVA_RUNTIME_VERSION...) in the release file of the
# installation the java command $1 belongs to; fails when there is no such file or field, or the
# value holds a space. The one reader of the release file: class-archive.sh uses it too.
# Usage: java_release_field JAVA FIELD
java_release_field() {
  jf_bin=$(readlink -f "$1" 2>/dev/null) || return 1
  jf_release="${jf_bin%/bin/java}/release"
  [ -r "$jf_release" ] || return 1
  jf_value=$(sed -n "s/^$2=\"\([^\" ]*\)\"\$/\1/p" "$jf_release")
  [ -n "$jf_value" ] || return 1
  printf '%s\n' "$jf_value"
}
