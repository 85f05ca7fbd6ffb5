#!/bin/sh
# Generates the Wayland protocol code in Sources/CWaylandProtocols from the XML in protocols/
# with wayland-scanner (libwayland-dev): a client header and the private code per protocol.
# The generated files are committed (SwiftPM runs no generator without a plugin);
# Tests/OrientationDaemonTests checks that they match what this script makes.
#
#   scripts/wayland-scanner.sh [OUTPUT-FOLDER]   (default: Sources/CWaylandProtocols)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/Sources/CWaylandProtocols}
mkdir -p "$out/include"
for xml in "$root"/protocols/*.xml; do
    name=$(basename "$xml" .xml)
    wayland-scanner client-header "$xml" "$out/include/$name-client-protocol.h"
    wayland-scanner private-code "$xml" "$out/$name-protocol.c"
done
