#!/bin/bash
# Tilt the simulated accelerometer started by real-sensor.sh.
#
# Usage: tilt.sh WORKDIR normal|bottom-up|left-up|right-up|flat
#        tilt.sh WORKDIR raw X Y Z
#
# Raw values are counts; with the fixture's in_accel_scale (0.038307 m/s^2 per count)
# 256 counts is 1 g. The daemon only notices on its next poll (every 700 ms), and only
# while some client holds ClaimAccelerometer.
set -eu
workdir=${1:?usage: tilt.sh WORKDIR ORIENTATION | tilt.sh WORKDIR raw X Y Z}
what=${2:?usage: tilt.sh WORKDIR ORIENTATION | tilt.sh WORKDIR raw X Y Z}
dir=$(cat "$workdir/sysfs-path")

# Atomic replace (write + rename, like umockdev's Testbed.set_attribute): the daemon never
# reads a half-written file.
put() {
    printf '%s\n' "$2" > "$dir/.$1.new"
    mv -f "$dir/.$1.new" "$dir/$1"
}

# Set the axis that carries gravity in the new pose first, then zero the other one: the
# in-between state then reads as either the old or the new orientation, never a third.
case $what in
    normal)    put in_accel_y_raw -256; put in_accel_x_raw 0; put in_accel_z_raw 0 ;;
    bottom-up) put in_accel_y_raw 256;  put in_accel_x_raw 0; put in_accel_z_raw 0 ;;
    left-up)   put in_accel_x_raw 256;  put in_accel_y_raw 0; put in_accel_z_raw 0 ;;
    right-up)  put in_accel_x_raw -256; put in_accel_y_raw 0; put in_accel_z_raw 0 ;;
    flat)      put in_accel_z_raw -256; put in_accel_x_raw 0; put in_accel_y_raw 0 ;;
    raw)       put in_accel_x_raw "${3:?X}"; put in_accel_y_raw "${4:?Y}"; put in_accel_z_raw "${5:?Z}" ;;
    *) echo "tilt.sh: unknown orientation '$what'" >&2; exit 2 ;;
esac
