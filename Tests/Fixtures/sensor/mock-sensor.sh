#!/bin/bash
# Run python-dbusmock's iio-sensors-proxy template (net.hadess.SensorProxy with an
# accelerometer) on a private bus that stands in for the system bus.
#
# Usage: mock-sensor.sh WORKDIR [BUS_ADDRESS] [INITIAL_ORIENTATION]
#   BUS_ADDRESS defaults to $DBUS_SYSTEM_BUS_ADDRESS; INITIAL_ORIENTATION to "undefined"
#   (one of undefined|normal|bottom-up|left-up|right-up).
#   Stays in the foreground; SIGTERM/SIGINT/SIGHUP exit 0 at once (the name vanishes).
#   The mock also exits by itself when the bus goes away.
#   WORKDIR/dbusmock.log receives the mock's call log.
#
# Ready when the name exists:
#   DBUS_SYSTEM_BUS_ADDRESS=$ADDR gdbus wait --system --timeout 10 net.hadess.SensorProxy
#
# Drive it (A=$ADDR):
#   orientation: gdbus call --address "$A" -d net.hadess.SensorProxy -o /net/hadess/SensorProxy \
#     -m org.freedesktop.DBus.Mock.SetInternalProperty net.hadess.SensorProxy AccelerometerOrientation "<'left-up'>"
#   claimants:   gdbus call --address "$A" -d net.hadess.SensorProxy -o /net/hadess/SensorProxy \
#     -m org.freedesktop.DBus.Mock.GetInternalProperty AccelerometerOwners      # -> (<@as []>,)
#   vanish:      SIGTERM this process; return: start this script again.
set -u
workdir=${1:?usage: mock-sensor.sh WORKDIR [BUS_ADDRESS] [INITIAL_ORIENTATION]}
address=${2:-${DBUS_SYSTEM_BUS_ADDRESS:-}}
orientation=${3:-undefined}
if [ -z "$address" ]; then
    echo "mock-sensor.sh: no bus address (argument or DBUS_SYSTEM_BUS_ADDRESS)" >&2
    exit 2
fi
case $orientation in
    undefined|normal|bottom-up|left-up|right-up) ;;
    *) echo "mock-sensor.sh: bad orientation '$orientation'" >&2; exit 2 ;;
esac
mkdir -p "$workdir" || exit 2

export DBUS_SYSTEM_BUS_ADDRESS=$address
unset DBUS_SESSION_BUS_ADDRESS

# Empty the inherited signal mask (a Swift Testing child inherits a blocked SIGTERM), and
# exit 0 on SIGTERM through a GLib unix-signal source: dbusmock's loop blocks inside
# g_main_context_iteration via ctypes, so a Python-level signal handler would not run
# until the next D-Bus message arrived.
exec /usr/bin/python3 -c '
import os, runpy, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
from gi.repository import GLib
def bye(*_):
    sys.stdout.flush()
    os._exit(0)
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    GLib.unix_signal_add(GLib.PRIORITY_HIGH, s, bye)
sys.argv = ["dbusmock"] + sys.argv[1:]
runpy.run_module("dbusmock", run_name="__main__", alter_sys=True)
' --system --template iio-sensors-proxy -l "$workdir/dbusmock.log" \
  -p "{\"has_accelerometer\": true, \"accelerometer_orientation\": \"$orientation\"}"
