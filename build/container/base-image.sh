#!/usr/bin/env bash
# Makes a container base image with Java 17 from Debian's packages, without a Docker daemon or a
# registry: CI reaches only Maven Central and Debian's mirror, not Docker Hub, so the image's usual
# base (eclipse-temurin:17-jre) cannot be pulled there. Debian bookworm's openjdk-17-jre-headless
# and its dependencies are unpacked by mmdebstrap (no maintainer scripts run, so nothing needs a
# chroot), plus what a Java server expects of a base image: /tmp for everyone (RocksDB and Netty
# unpack their native libraries there), /etc/passwd and java on the PATH. The result is a
# `docker save` tarball, which Jib takes as -Dtabula.image.base=tar://PATH.
#
# Usage: build/container/base-image.sh [OUT.tar]   (default: $TABULA_CI_CACHE/base-jre17.tar)
# Idempotent: an existing OUT.tar is kept. Needs root for apt-get (mmdebstrap, when missing).
set -euo pipefail
cache="${TABULA_CI_CACHE:-/var/cache/tabula-ci}"
out="${1:-$cache/base-jre17.tar}"
if [ -s "$out" ]; then
  echo "base image: $out (kept)"
  exit 0
fi
mkdir -p "$(dirname "$out")"
source "$(dirname "$0")/need.sh"
need mmdebstrap
need jq

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/image"
java_home=/usr/lib/jvm/java-17-openjdk-amd64
echo "base image: unpacking Debian bookworm's openjdk-17-jre-headless (about 60 MB from deb.debian.org)"
timeout 600 mmdebstrap --quiet --variant=extract --include=openjdk-17-jre-headless \
  --customize-hook='mkdir -p -m 1777 "$1/tmp"' \
  --customize-hook='mkdir -p "$1/etc" && printf "root:x:0:0:root:/root:/bin/sh\n" > "$1/etc/passwd"' \
  --customize-hook='printf "root:x:0:\n" > "$1/etc/group"' \
  --customize-hook='test -x "$1'"$java_home"'/bin/java"' \
  bookworm "$work/image/layer.tar" http://deb.debian.org/debian

diff_id="sha256:$(sha256sum "$work/image/layer.tar" | cut -d' ' -f1)"
jq -n --arg diff "$diff_id" --arg java_home "$java_home" '{
  architecture: "amd64", os: "linux",
  config: {Env: ["PATH=\($java_home)/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                 "JAVA_HOME=\($java_home)"]},
  rootfs: {type: "layers", diff_ids: [$diff]},
  history: [{created_by: "build/container/base-image.sh: mmdebstrap --variant=extract openjdk-17-jre-headless"}]
}' > "$work/image/config.json"
jq -n '[{Config: "config.json", RepoTags: ["tabula-ci-base:jre17"], Layers: ["layer.tar"]}]' \
  > "$work/image/manifest.json"
tar -C "$work/image" -cf "$out.partial" manifest.json config.json layer.tar
mv "$out.partial" "$out"
echo "base image: $out ($(du -h "$out" | cut -f1))"
