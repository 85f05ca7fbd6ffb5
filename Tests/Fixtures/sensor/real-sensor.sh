#!/bin/bash
# Run the REAL /usr/sbin/iio-sensor-proxy against a umockdev-simulated IIO accelerometer
# (iio-accel.umockdev), owning net.hadess.SensorProxy on a private bus that stands in for
# the system bus.
#
# Usage: real-sensor.sh WORKDIR [BUS_ADDRESS]
#   BUS_ADDRESS defaults to $DBUS_SYSTEM_BUS_ADDRESS (one of the two is required).
#   Stays in the foreground. SIGTERM/SIGINT/SIGHUP: stops the daemon, removes the umockdev
#   testbed, exits 0. If the daemon dies on its own (e.g. the bus went away) the script
#   exits with the daemon's status.
#
# Files in WORKDIR:
#   sysfs-path            the testbed directory of the device (holds in_accel_{x,y,z}_raw);
#                         written just before the daemon starts, removed on exit.
#                         Tilt with: tilt.sh WORKDIR normal|bottom-up|left-up|right-up
#   iio-sensor-proxy.log  the daemon's debug log (-v, G_MESSAGES_DEBUG=all) and umockdev-run's
#
# Ready when the bus name exists, e.g.
#   DBUS_SYSTEM_BUS_ADDRESS=$ADDR gdbus wait --system --timeout 10 net.hadess.SensorProxy
# (the sysfs-path file exists by then).
#
# Optional env: IIO_ACCEL_DEVICE_FILE (another umockdev description), IIO_SENSOR_PROXY (binary).
set -u

# A child spawned from a Swift Testing test inherits a blocked SIGTERM, and bash cannot
# unblock a signal. Re-exec this script once through python with an empty signal mask and
# default dispositions.
if [ -z "${REAL_SENSOR_SIGNALS_RESET:-}" ]; then
    export REAL_SENSOR_SIGNALS_RESET=1
    exec /usr/bin/python3 -c '
import os, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])
' "$0" "$@"
fi
unset REAL_SENSOR_SIGNALS_RESET

here=$(cd "$(dirname "$0")" && pwd)
workdir=${1:?usage: real-sensor.sh WORKDIR [BUS_ADDRESS]}
address=${2:-${DBUS_SYSTEM_BUS_ADDRESS:-}}
if [ -z "$address" ]; then
    echo "real-sensor.sh: no bus address (argument or DBUS_SYSTEM_BUS_ADDRESS)" >&2
    exit 2
fi
mkdir -p "$workdir" && workdir=$(cd "$workdir" && pwd) || exit 2
device_file=${IIO_ACCEL_DEVICE_FILE:-$here/iio-accel.umockdev}
daemon=${IIO_SENSOR_PROXY:-/usr/sbin/iio-sensor-proxy}
device_path=$(sed -n 's/^P: //p' "$device_file" | head -n1)   # first device of the file
rm -f "$workdir/sysfs-path"

export DBUS_SYSTEM_BUS_ADDRESS=$address
unset DBUS_SESSION_BUS_ADDRESS
export G_MESSAGES_DEBUG=all

# umockdev-run creates a fresh testbed (/tmp/umockdev.XXXXXX), sets UMOCKDEV_DIR and its
# LD_PRELOAD for its child only, and on SIGTERM forwards the signal to the child and removes
# the testbed. Its child (python, under the preload) publishes the device's testbed path,
# then execs the daemon. Both get PR_SET_PDEATHSIG=SIGTERM so that a SIGKILL of this script
# (or of umockdev-run) does not leave them running.
# shellcheck disable=SC2016
/usr/bin/python3 -c '
import ctypes, os, sys
ctypes.CDLL(None, use_errno=True).prctl(1, 15)  # PR_SET_PDEATHSIG, SIGTERM
os.execvp(sys.argv[1], sys.argv[1:])
' umockdev-run -d "$device_file" -- /usr/bin/python3 -c '
import ctypes, os, sys
workdir, device_path, daemon = sys.argv[1:4]
target = os.path.join(workdir, "sysfs-path")
with open(target + ".tmp", "w") as f:
    f.write(os.environ["UMOCKDEV_DIR"] + "/sys" + device_path + "\n")
os.rename(target + ".tmp", target)
ctypes.CDLL(None, use_errno=True).prctl(1, 15)  # PR_SET_PDEATHSIG, SIGTERM
os.execv(daemon, [daemon, "-v"])
' "$workdir" "$device_path" "$daemon" >"$workdir/iio-sensor-proxy.log" 2>&1 &
child=$!

stop() {
    kill -TERM "$child" 2>/dev/null
    wait "$child" 2>/dev/null
    rm -f "$workdir/sysfs-path"
    exit 0
}
trap stop TERM INT HUP

wait "$child"
rc=$?
rm -f "$workdir/sysfs-path"
exit "$rc"
