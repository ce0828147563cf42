#!/bin/sh
# Run by `mvn package` of tabula-server: the class-data archive ./tabula serve starts from, made next
# to the runnable jar (target/tabula.jsa) by a training run (class-archive-train.sh) on the PATH's
# java, with a stamp naming that java (target/tabula.jsa.jvm): ./tabula uses the archive only with
# that java and that jar (class-archive.sh). A failed training makes no archive and fails no build.
# Usage: class-archive-build.sh JAR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
jar="$1"
archive="${jar%.jar}.jsa"
rm -f "$archive" "$archive.jvm"
java=$(command -v java) || { echo "class archive: no java on the PATH, none made"; exit 0; }
. "$here/java-release.sh"
. "$here/class-archive.sh"
jvm=$(class_archive_jvm "$java") || { echo "class archive: $java has no release file, none made"; exit 0; }
start=$(date +%s)
if sh "$here/class-archive-train.sh" "$java" "$jar" 0 \
  "-XX:ArchiveClassesAtExit=$archive" -Xlog:cds=off,cds+dynamic=off && [ -s "$archive" ]; then
  echo "$jvm" >"$archive.jvm"
  echo "class archive: $archive made in $(($(date +%s) - start)) s"
else
  rm -f "$archive"
  echo "class archive: the training run failed, none made"
fi
