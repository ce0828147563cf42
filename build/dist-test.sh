#!/usr/bin/env bash
# Checks what `mvn package` made for a release (tabula-dist/target), as a user would use it: the
# versioned runnable jar and the distribution archive, unpacked, run through bin/tabula (--version,
# JAVA_HOME, JAVA_OPTS, a symbolic link, the sample config), then served and asked a request
# (build/smoke-test.sh). Run after `mvn package` or `mvn verify`; needs bash, Java, tar and unzip.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
target=tabula-dist/target
fail() { echo "dist: $*" >&2; exit 1; }
for file in "tabula-$version.jar" "tabula-$version.tar.gz" "tabula-$version.zip"; do
  [ -s "$target/$file" ] || fail "$target/$file is missing: run mvn package first"
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

said=$(java -jar "$target/tabula-$version.jar" --version)
[ "$said" = "tabula $version" ] || fail "java -jar tabula-$version.jar --version said '$said'"

tar -xzf "$target/tabula-$version.tar.gz" -C "$work"
home="$work/tabula-$version"
for file in bin/tabula bin/tabula.cmd lib/tabula.jar conf/tabula.properties LICENSE README.md; do
  [ -s "$home/$file" ] || fail "the archive has no $file"
done
[ -x "$home/bin/tabula" ] || fail "bin/tabula is not executable"
unzip -q "$target/tabula-$version.zip" -d "$work/zip"
diff -r "$home" "$work/zip/tabula-$version" || fail "the zip and the tar.gz differ"

# The java on the PATH, JAVA_HOME's, and through a symbolic link from elsewhere.
said=$(env -u JAVA_HOME "$home/bin/tabula" --version)
[ "$said" = "tabula $version" ] || fail "bin/tabula --version said '$said'"
java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
said=$(env JAVA_HOME="$java_home" PATH=/usr/bin:/bin "$home/bin/tabula" --version)
[ "$said" = "tabula $version" ] || fail "with JAVA_HOME, bin/tabula --version said '$said'"
mkdir "$work/elsewhere" && ln -s "$home/bin/tabula" "$work/elsewhere/tabula"
said=$("$work/elsewhere/tabula" --version)
[ "$said" = "tabula $version" ] || fail "through a link, tabula --version said '$said'"
status=0
said=$(JAVA_HOME="$work/nowhere" "$home/bin/tabula" --version 2>&1) || status=$?
[ "$status" = 2 ] && [[ "$said" == *"JAVA_HOME is $work/nowhere"* ]] \
  || fail "a JAVA_HOME without java: exit $status, '$said'"
# JAVA_OPTS reaches the JVM (-showversion prints the JVM's version first).
said=$(JAVA_OPTS="-showversion -Xmx64m" "$home/bin/tabula" --version 2>&1)
[[ "$said" == *"Runtime Environment"* ]] || fail "JAVA_OPTS did not reach java: '$said'"
# The data commands run with C1 alone and the serial collector; serve keeps the JVM's defaults; a
# collector named in JAVA_OPTS replaces the serial one (two collectors would stop the JVM).
said=$(JAVA_OPTS="-XX:+PrintCommandLineFlags" "$home/bin/tabula" import --help 2>&1)
[[ "$said" == *"-XX:TieredStopAtLevel=1"* && "$said" == *"-XX:+UseSerialGC"* ]] \
  || fail "import did not get the client's JVM options: '$said'"
said=$(JAVA_OPTS="-XX:+PrintCommandLineFlags -XX:+UseParallelGC" "$home/bin/tabula" export --help 2>&1)
[[ "$said" == *"-XX:+UseParallelGC"* && "$said" != *"UseSerialGC"* ]] \
  || fail "a collector in JAVA_OPTS did not replace the serial one: '$said'"
said=$(JAVA_OPTS="-XX:+PrintCommandLineFlags" "$home/bin/tabula" serve --help 2>&1)
[[ "$said" != *"TieredStopAtLevel"* ]] || fail "serve got the client's JVM options: '$said'"

# The sample config names every setting of `serve --help` (other than those that are no setting).
"$home/bin/tabula" serve --help | grep -o -- '--[a-z][a-z-]*' | sort -u | while read -r flag; do
  case "$flag" in
    --help|--version|--config|--in-memory|--debug) continue ;;
    --account) key=accounts ;; # repeatable as a flag, one list as a key
    *) key=${flag#--} ;;
  esac
  grep -q "^#$key=" "$home/conf/tabula.properties" \
    || fail "conf/tabula.properties has no line #$key=... for $flag"
done

# The class-data archive bin/tabula serve starts from: made, used, ignored when damaged, made again for
# a newer jar, skipped without a cache folder; each time no JVM warning (Java 25 too with JAVA25_HOME).
tabula-dist/src/test/class-archive-test.sh "$home"

# The options bin/tabula gives by the Java release (Java 24+: no warning about Netty's sun.misc.Unsafe).
tabula-dist/src/test/java-release-test.sh "$home"

# Served from the unpacked archive with the sample config, as docs/install.md says (its class archive
# in the scratch folder, not the user's cache).
TABULA_CACHE_DIR="$work/cache" build/smoke-test.sh "$home/bin/tabula" -- --config "$home/conf/tabula.properties"
echo "dist: ok (tabula-$version.jar, .tar.gz, .zip)"
