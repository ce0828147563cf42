# Sourced by bin/tabula and ./tabula (POSIX sh), after java-release.sh (its release-file reader):
# the JVM options with which `tabula serve` starts from a class-data archive, so a fresh server
# answers sooner and warms faster (issue 25, docs/performance.md "Cold start"). Sets `archive_opts`
# (empty when no archive applies).
#
# An archive is valid only for the exact JVM build and jar that made it, so each pair gets its own
# file, tabula-<major>-<checksum of both>.jsa (or .aot), in TABULA_CACHE_DIR (default
# $XDG_CACHE_HOME/tabula, else ~/.cache/tabula):
# - A dynamic CDS archive, written when the first serve stops (-XX:ArchiveClassesAtExit), used from
#   then on (-XX:SharedArchiveFile). Not Java 19's -XX:+AutoCreateSharedArchive, which would make it
#   again by itself, since that one warns, unasked, on a foreign archive.
# - Java 25 and later with TABULA_CLASS_ARCHIVE=aot: an AOT cache instead (JEP 483/514/515: classes
#   loaded and linked, and method profiles), recorded by the first serve (-XX:AOTCacheOutput) and
#   used by later ones (-XX:AOTCache). Not the default: the JVM reports its making in a few lines
#   when that first server stops, and it measured no better than the CDS archive here
#   (docs/performance.md, "Cold start").
# A jar newer than its archive gets a new one. A JVM that cannot use an archive (damaged, made by
# another build) runs without it; the options below keep it from saying so, since that is no fault
# of the user's. Nothing is used when the cache folder cannot be written (and holds no archive),
# when the java's release file cannot be read, when a path holds a space, when JAVA_OPTS chooses
# class sharing itself, or when TABULA_CLASS_ARCHIVE=off.
#
# Usage: class_archive_opts JAVA JAR ARGS... (the arguments of serve, to skip --help and --version)
class_archive_opts() {
  archive_opts=""
  ca_java="$1"
  ca_jar="$2"
  shift 2
  [ "${TABULA_CLASS_ARCHIVE:-on}" = off ] && return 0
  # Options of the user's that choose class sharing themselves (or a collector an AOT cache may not
  # support) are left to decide alone: some cannot be combined with the ones below.
  case " ${JAVA_OPTS:-} " in
    *-Xshare* | *SharedArchive* | *AOT* | *SharedClass* | *ClassList* | *ZGC* | *Shenandoah*) return 0 ;;
  esac
  for ca_arg in "$@"; do
    case "$ca_arg" in
      -h | --help | -V | --version) return 0 ;;
    esac
  done
  ca_jvm=$(class_archive_jvm "$ca_java") || return 0
  ca_bin="${ca_jvm%% *}"
  ca_runtime="${ca_jvm#* }"
  ca_major="${ca_runtime%%[!0-9]*}"
  ca_quiet="-Xlog:cds=off,cds+dynamic=off"
  ca_dir="${TABULA_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/tabula}"
  # The options are split on spaces (JAVA_OPTS too, by bin/tabula).
  case "$ca_dir$ca_jar$ca_bin" in
    *' '*) return 0 ;;
  esac
  # The archive `mvn package` made next to the jar (tabula-server/target/tabula.jsa, for ./tabula),
  # when the build's java is this one and the jar has not changed since.
  ca_built="${ca_jar%.jar}.jsa"
  if [ -f "$ca_built" ] && [ "$(cat "$ca_built.jvm" 2>/dev/null)" = "$ca_jvm" ] \
    && [ ! "$ca_jar" -nt "$ca_built" ]; then
    archive_opts="-XX:SharedArchiveFile=$ca_built $ca_quiet"
    return 0
  fi
  mkdir -p "$ca_dir" 2>/dev/null
  ca_key=$(printf '%s %s %s' "$ca_bin" "$ca_runtime" "$ca_jar" | cksum | cut -d' ' -f1)
  ca_file="$ca_dir/tabula-$ca_major-$ca_key"
  ca_fresh=no
  if [ -f "$ca_file.jsa" ] && [ ! "$ca_jar" -nt "$ca_file.jsa" ]; then
    ca_fresh=yes
  fi
  ca_writable=no
  if [ -d "$ca_dir" ] && [ -w "$ca_dir" ]; then
    ca_writable=yes
  fi
  if [ "$ca_major" -ge 25 ] && [ "${TABULA_CLASS_ARCHIVE:-on}" = aot ]; then
    if [ -f "$ca_file.aot" ] && [ ! "$ca_jar" -nt "$ca_file.aot" ]; then
      archive_opts="-XX:AOTCache=$ca_file.aot -Xlog:aot=off,cds=off,cds+dynamic=off"
    elif [ "$ca_writable" = yes ]; then
      archive_opts="-XX:AOTCacheOutput=$ca_file.aot -Xlog:aot=off,cds=off,cds+dynamic=off"
    fi
  elif [ "$ca_fresh" = yes ]; then
    archive_opts="-XX:SharedArchiveFile=$ca_file.jsa $ca_quiet"
  elif [ "$ca_writable" = yes ]; then
    archive_opts="-XX:ArchiveClassesAtExit=$ca_file.jsa $ca_quiet"
  fi
  return 0
}

# Prints the JVM of the java command $1 as "<its real path> <JAVA_RUNTIME_VERSION>", which names one
# build of one installation: what an archive is valid for. Fails when its release file says no more.
class_archive_jvm() {
  cj_bin=$(readlink -f "$1" 2>/dev/null) || return 1
  cj_runtime=$(java_release_field "$cj_bin" JAVA_RUNTIME_VERSION) || return 1
  case "$cj_runtime" in
    [0-9]*) printf '%s %s\n' "$cj_bin" "$cj_runtime" ;;
    *) return 1 ;;
  esac
}
