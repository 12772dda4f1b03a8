#!/bin/sh
# setup.sh - the README's first command.
# Installs the Debian packages that are missing (with sudo when not root),
# configures and builds clsynclint in ./build, and lints the bundled example.
# Idempotent; when everything is present it only rebuilds what changed.
# Extra CMake arguments: CLS_CMAKE_ARGS="-DCLS_WERROR=ON" ./setup.sh
set -eu
cd "$(dirname "$0")"

PKGS="cmake make gcc libc6-dev pkg-config libclang-19-dev clang-19 libclang-rt-19-dev
      opencl-c-headers ocl-icd-opencl-dev pocl-opencl-icd oclgrind libinih-dev libz3-dev libjansson-dev
      python3 python3-jsonschema
      git pre-commit vim neovim python3-yaml groff-base dpkg-dev valgrind"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup.sh: installing:$missing"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo ${CLS_CMAKE_ARGS:-} >/dev/null
cmake --build build -j"$(nproc)"
echo
echo "$ build/clsynclint examples/partial_sums.cl"
status=0
build/clsynclint examples/partial_sums.cl || status=$?
# The example has findings: exit status 1 is the expected outcome.
[ "$status" -eq 1 ] || { echo "setup.sh: expected findings (exit 1), got exit $status"; exit 1; }
