# Tabula's container image, built from this source tree by Docker (or podman, buildah):
#   docker build -t tabula .
#   docker run -p 10002:10002 -v tabula-data:/data tabula
# The same image as `mvn -Pimage package -pl tabula-server -am` makes with Jib and no daemon
# (docs/install.md): user 10001, data in the volume /data, listening on 0.0.0.0 inside.
FROM maven:3-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN mvn -B -ntp -q package -pl tabula-server -am -DskipTests -Dcheckstyle.skip -Dspotless.check.skip

FROM eclipse-temurin:17-jre
RUN groupadd --gid 10001 tabula \
 && useradd --uid 10001 --gid 10001 --home-dir /data --no-create-home --shell /usr/sbin/nologin tabula \
 && mkdir -p /opt/tabula /data \
 && chown 10001:10001 /data
COPY --from=build /src/tabula-server/target/tabula.jar /opt/tabula/tabula.jar
# A class-data archive of this image's JVM and jar, made by a training run (about 15 s): a fresh
# container answers sooner and warms faster (docs/performance.md, "Cold start"). The JVM checks it
# and runs without it, silently, when it does not match.
COPY --from=build /src/tabula-dist/src/lib/class-archive-train.sh /opt/tabula/
RUN sh /opt/tabula/class-archive-train.sh java /opt/tabula/tabula.jar 10002 \
      -XX:ArchiveClassesAtExit=/opt/tabula/tabula.jsa -Xlog:cds=off,cds+dynamic=off \
 && rm /opt/tabula/class-archive-train.sh && test -s /opt/tabula/tabula.jsa
# The admin listener's address: read by servers that have one (--admin-port), ignored by others.
ENV TABULA_HOST=0.0.0.0 \
    TABULA_DATA_DIR=/data \
    TABULA_ADMIN_HOST=0.0.0.0 \
    TABULA_ADMIN_PORT=10080
USER 10001:10001
WORKDIR /data
VOLUME /data
EXPOSE 10002 10080
# JVM options go in JAVA_TOOL_OPTIONS; the arguments are tabula's (`serve` and its flags).
ENTRYPOINT ["java", "-XX:SharedArchiveFile=/opt/tabula/tabula.jsa", "-Xlog:cds=off,cds+dynamic=off", \
            "-jar", "/opt/tabula/tabula.jar"]
CMD ["serve"]
