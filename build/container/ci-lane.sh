#!/usr/bin/env bash
# CI's container lane: checks the image tarball Jib made (config and layers: check-image.sh), then
# runs it with podman as `docker run` would (run-image.sh). .ci/run builds the tarball in its
# verify (-Pimage on a base made by base-image.sh); run alone, this lane builds it first. No Docker
# daemon or registry is needed: CI reaches only Maven Central and Debian's mirror.
set -euo pipefail
cd "$(dirname "$0")/../.."
tarball=tabula-server/target/tabula-image.tar
if [ ! -s "$tarball" ]; then
  base="${TABULA_CI_CACHE:-/var/cache/tabula-ci}/base-jre17.tar"
  build/container/base-image.sh "$base"
  mvn -B -ntp -q -Pimage -pl tabula-server -am package -DskipTests -Dcheckstyle.skip \
    -Dspotless.check.skip -Dtabula.image.base="tar://$base"
fi
build/container/check-image.sh "$tarball"
build/container/run-image.sh "$tarball"
