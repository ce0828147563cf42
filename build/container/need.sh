# Sourced by the container scripts: `need TOOL [PACKAGE]` installs PACKAGE (default TOOL) with
# apt-get when TOOL is not on the PATH, reading the package lists first on a fresh machine.
need() {
  command -v "$1" >/dev/null && return 0
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q "${2:-$1}" >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null && apt-get install -y -q "${2:-$1}" >/dev/null; }
}
