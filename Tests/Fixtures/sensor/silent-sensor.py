#!/usr/bin/python3
"""A stand-in for iio-sensor-proxy that owns net.hadess.SensorProxy on the bus at ADDR and
never answers: it reads nothing from its connection, so every call to it waits until the
caller gives up. Prints "listening" once it owns the name; ends on SIGTERM, or with its parent.

Usage: silent-sensor.py ADDR
"""
import ctypes
import signal
import sys
import time

import dbus

# A blocked SIGTERM inherited from a test runner would keep it alive.
signal.pthread_sigmask(signal.SIG_SETMASK, [])
signal.signal(signal.SIGTERM, signal.SIG_DFL)
# PR_SET_PDEATHSIG: end with the test that started it.
ctypes.CDLL(None).prctl(1, signal.SIGTERM)

bus = dbus.bus.BusConnection(sys.argv[1])
reply = bus.request_name("net.hadess.SensorProxy", dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
if reply != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
    sys.exit("net.hadess.SensorProxy is taken (request_name: %d)" % reply)
print("listening", flush=True)
while True:
    time.sleep(3600)
