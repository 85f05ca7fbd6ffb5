#!/usr/bin/python3
"""Prove the sensor fixtures work: real iio-sensor-proxy under umockdev, then the dbusmock
template, each on a private bus used as the system bus.

Run: /usr/bin/python3 Tests/Fixtures/sensor/selftest.py [--rounds N]
Exits 0 when every check passes; prints the measured latencies.
Needs Debian's python3-gi, dbus-daemon, umockdev, iio-sensor-proxy, python3-dbusmock.
"""

import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = 'net.hadess.SensorProxy'
PATH = '/net/hadess/SensorProxy'
IFACE = 'net.hadess.SensorProxy'
MOCK_IFACE = 'org.freedesktop.DBus.Mock'
ORIENTATIONS = ['normal', 'bottom-up', 'left-up', 'right-up']
POLL = 0.7  # iio-poll-accel period in iio-sensor-proxy 3.0

failures = []


def check(cond, what):
    print(('  ok    ' if cond else '  FAIL  ') + what, flush=True)
    if not cond:
        failures.append(what)
    return cond


def stats(label, values):
    if not values:
        return
    ms = sorted(v * 1000 for v in values)
    print(f'  {label}: n={len(ms)} min={ms[0]:.0f} ms median={statistics.median(ms):.0f} ms '
          f'max={ms[-1]:.0f} ms', flush=True)


class Client:
    """A plain GDBus connection by address, as orientd's tests will make."""

    def __init__(self, address, label):
        self.label = label
        self.conn = Gio.DBusConnection.new_for_address_sync(
            address,
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
            | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)
        self.conn.set_exit_on_close(False)
        self.changes = []      # (monotonic time, orientation, destination)
        self.owner_changes = []
        # From the sensor's name and path, whoever the signal is addressed to.
        self.conn.signal_subscribe(NAME, 'org.freedesktop.DBus.Properties',
                                   'PropertiesChanged', PATH, IFACE,
                                   Gio.DBusSignalFlags.NONE, self._on_changed)
        self.conn.signal_subscribe('org.freedesktop.DBus', 'org.freedesktop.DBus',
                                   'NameOwnerChanged', '/org/freedesktop/DBus', NAME,
                                   Gio.DBusSignalFlags.NONE, self._on_owner)

    def _on_changed(self, conn, sender, path, iface, signal_name, params):
        _, changed, _ = params.unpack()
        if 'AccelerometerOrientation' in changed:
            self.changes.append((time.monotonic(), changed['AccelerometerOrientation']))

    def _on_owner(self, conn, sender, path, iface, signal_name, params):
        self.owner_changes.append(params.unpack())

    @property
    def unique_name(self):
        return self.conn.get_unique_name()

    def call(self, iface, method, args=None, dest=NAME, path=PATH):
        r = self.conn.call_sync(dest, path, iface, method, args, None,
                                Gio.DBusCallFlags.NONE, 5000, None)
        return r.unpack() if r is not None else None

    def get(self, prop):
        return self.call('org.freedesktop.DBus.Properties', 'Get',
                         GLib.Variant('(ss)', (IFACE, prop)))[0]

    def has_owner(self):
        return self.call('org.freedesktop.DBus', 'NameHasOwner', GLib.Variant('(s)', (NAME,)),
                         dest='org.freedesktop.DBus', path='/org/freedesktop/DBus')[0]

    def close(self):
        self.conn.close_sync(None)


def pump(seconds=0.0, until=None):
    """Run the default main context; return True once `until()` holds."""
    ctx = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while True:
        while ctx.iteration(False):
            pass
        if until is not None and until():
            return True
        if time.monotonic() >= end:
            return until is None
        time.sleep(0.002)


def wait_name(client, present, timeout=10):
    return pump(timeout, lambda: client.has_owner() == present)


def spawn(argv, log):
    # A fresh session, so cleanup can kill the whole group if the script misbehaves.
    return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def stop(proc, timeout=5):
    if proc is None or proc.poll() is not None:
        return proc.returncode if proc else None
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return 'killed'


# ---------------------------------------------------------------------------------------

def test_real(address, workdir, rounds):
    print('== real /usr/sbin/iio-sensor-proxy under umockdev-run', flush=True)
    os.makedirs(workdir, exist_ok=True)
    log = open(os.path.join(workdir, 'real-sensor.out'), 'w')
    claimer = Client(address, 'claimer')
    observer = Client(address, 'observer')   # never claims
    t0 = time.monotonic()
    proc = spawn([os.path.join(HERE, 'real-sensor.sh'), workdir, address], log)
    try:
        check(wait_name(claimer, True), 'net.hadess.SensorProxy appears on the private bus')
        print(f'  name owned {time.monotonic() - t0:.2f} s after start', flush=True)
        sysfs = open(os.path.join(workdir, 'sysfs-path')).read().strip()
        check(os.path.exists(os.path.join(sysfs, 'in_accel_x_raw')),
              f'sysfs-path names the testbed device ({sysfs})')
        check(claimer.get('HasAccelerometer') is True, 'HasAccelerometer is true')
        check(claimer.get('AccelerometerOrientation') == 'undefined',
              "AccelerometerOrientation is 'undefined' before any claim")

        # A tilt without a claim is not seen: the daemon polls only while claimed.
        subprocess.run([os.path.join(HERE, 'tilt.sh'), workdir, 'left-up'], check=True)
        pump(2 * POLL)
        check(claimer.get('AccelerometerOrientation') == 'undefined',
              'no claim, no polling: a tilt leaves the property alone')
        subprocess.run([os.path.join(HERE, 'tilt.sh'), workdir, 'normal'], check=True)

        claimer.changes.clear()
        observer.changes.clear()
        t = time.monotonic()
        claimer.call(IFACE, 'ClaimAccelerometer')
        ok = pump(5, lambda: any(o == 'normal' for _, o in claimer.changes))
        check(ok, "after ClaimAccelerometer the signal brings 'normal' (device upright)")
        if ok:
            first = next(ts for ts, o in claimer.changes if o == 'normal')
            print(f'  claim -> first orientation signal: {(first - t) * 1000:.0f} ms', flush=True)
        check(claimer.get('AccelerometerOrientation') == 'normal', "Get says 'normal'")

        latencies = []
        observer_saw = 0
        previous = 'normal'
        sequence = []
        for _ in range(rounds):
            sequence += ['right-up', 'bottom-up', 'left-up', 'normal']
        for target in sequence:
            claimer.changes.clear()
            observer.changes.clear()
            pump(random.uniform(0, POLL))      # random phase against the poll timer
            t = time.monotonic()
            subprocess.run([os.path.join(HERE, 'tilt.sh'), workdir, target], check=True)
            ok = pump(5, lambda: any(o == target for _, o in claimer.changes))
            if ok:
                latencies.append(next(ts for ts, o in claimer.changes if o == target) - t)
            pump(0.02)
            seen = [o for _, o in claimer.changes]
            check(ok and seen == [target] and claimer.get('AccelerometerOrientation') == target,
                  f'tilt {previous} -> {target}: one PropertiesChanged with {target!r}, Get agrees'
                  + ('' if seen == [target] else f' (saw {seen})'))
            observer_saw += any(o == target for _, o in observer.changes)
            previous = target
        stats('tilt -> PropertiesChanged latency (real)', latencies)
        check(observer_saw == len(sequence),
              f'a non-claiming connection saw {observer_saw}/{len(sequence)} changes '
              '(the real daemon broadcasts PropertiesChanged)')

        # Flat or zero readings keep the last orientation: the real daemon never goes
        # back to 'undefined' once it has a reading.
        claimer.changes.clear()
        subprocess.run([os.path.join(HERE, 'tilt.sh'), workdir, 'flat'], check=True)
        pump(2 * POLL)
        check(claimer.changes == [] and claimer.get('AccelerometerOrientation') == 'normal',
              "lying flat keeps the last orientation ('normal'), no signal")
        subprocess.run([os.path.join(HERE, 'tilt.sh'), workdir, 'normal'], check=True)

        claimer.call(IFACE, 'ReleaseAccelerometer')
        subprocess.run([os.path.join(HERE, 'tilt.sh'), workdir, 'bottom-up'], check=True)
        pump(2 * POLL)
        check(claimer.get('AccelerometerOrientation') == 'normal',
              'after ReleaseAccelerometer the property keeps its last value and stops following')

        # Vanish and return.
        t = time.monotonic()
        rc = stop(proc)
        check(rc == 0, f'real-sensor.sh exits 0 on SIGTERM (rc={rc}, {time.monotonic() - t:.3f} s)')
        check(wait_name(claimer, False, 2), 'the name is gone')
        check(not os.path.exists(sysfs), 'the umockdev testbed is removed')
        check(not os.path.exists(os.path.join(workdir, 'sysfs-path')), 'sysfs-path is removed')
        proc = spawn([os.path.join(HERE, 'real-sensor.sh'), workdir, address], log)
        check(wait_name(claimer, True), 'restarted: the name is back')
        check(claimer.get('AccelerometerOrientation') == 'undefined',
              "after a restart the property is 'undefined' again until a claim")
        claimer.changes.clear()
        claimer.call(IFACE, 'ClaimAccelerometer')
        check(pump(5, lambda: any(o == 'normal' for _, o in claimer.changes)),
              "re-claimed on the new instance: 'normal' arrives")
        rc = stop(proc)
        check(rc == 0, f'second instance exits 0 on SIGTERM (rc={rc})')
        return latencies
    finally:
        stop(proc)
        claimer.close()
        observer.close()
        log.close()


def test_mock(address, workdir):
    print('== python-dbusmock iio-sensors-proxy template', flush=True)
    os.makedirs(workdir, exist_ok=True)
    log = open(os.path.join(workdir, 'mock-sensor.out'), 'w')
    claimer = Client(address, 'claimer')
    observer = Client(address, 'observer')
    t0 = time.monotonic()
    proc = spawn([os.path.join(HERE, 'mock-sensor.sh'), workdir, address, 'normal'], log)

    def owners():
        return list(observer.call(MOCK_IFACE, 'GetInternalProperty',
                                  GLib.Variant('(s)', ('AccelerometerOwners',)))[0])

    def set_orientation(value):
        observer.call(MOCK_IFACE, 'SetInternalProperty',
                      GLib.Variant('(ssv)', (IFACE, 'AccelerometerOrientation',
                                             GLib.Variant('s', value))))

    try:
        check(wait_name(claimer, True), 'mock owns net.hadess.SensorProxy')
        print(f'  name owned {time.monotonic() - t0:.2f} s after start', flush=True)
        check(claimer.get('HasAccelerometer') is True, 'HasAccelerometer is true')
        check(claimer.get('AccelerometerOrientation') == 'normal', "initial orientation 'normal'")
        check(owners() == [], 'AccelerometerOwners is empty before a claim')

        claimer.call(IFACE, 'ClaimAccelerometer')
        check(owners() == [claimer.unique_name],
              f'after ClaimAccelerometer AccelerometerOwners == [{claimer.unique_name}]')

        latencies = []
        for target in ['left-up', 'bottom-up', 'right-up', 'undefined', 'normal']:
            claimer.changes.clear()
            observer.changes.clear()
            t = time.monotonic()
            set_orientation(target)
            ok = pump(5, lambda: any(o == target for _, o in claimer.changes))
            if ok:
                latencies.append(claimer.changes[0][0] - t)
            pump(0.05)
            check(ok and claimer.get('AccelerometerOrientation') == target,
                  f'SetInternalProperty {target!r}: claimant gets PropertiesChanged, Get agrees')
            check(observer.changes == [],
                  '  ...and a non-claiming connection gets nothing (unicast to claimants)')
        stats('SetInternalProperty -> PropertiesChanged latency (mock)', latencies)

        claimer.call(IFACE, 'ReleaseAccelerometer')
        check(owners() == [], 'after ReleaseAccelerometer AccelerometerOwners is empty')
        claimer.changes.clear()
        set_orientation('left-up')
        pump(0.2)
        check(claimer.changes == [] and claimer.get('AccelerometerOrientation') == 'left-up',
              'unclaimed: no signal, but Get returns the new value')

        claimer.call(IFACE, 'ClaimAccelerometer')
        claimer.call(IFACE, 'ClaimAccelerometer')
        check(owners() == [claimer.unique_name], 'claiming twice lists the claimant once')
        claimer.call(IFACE, 'ReleaseAccelerometer')
        check(owners() == [], '...and one release drops it (no refcount in the mock)')

        third = Client(address, 'third')
        third.call(IFACE, 'ClaimAccelerometer')
        check(owners() == [third.unique_name], 'a second client claims')
        third.close()
        check(pump(2, lambda: owners() == []),
              'when a claimant disconnects the mock drops its claim')

        # Vanish and return.
        claimer.call(IFACE, 'ClaimAccelerometer')
        claimer.owner_changes.clear()
        t = time.monotonic()
        rc = stop(proc)
        check(rc == 0, f'mock-sensor.sh exits 0 on SIGTERM (rc={rc}, {time.monotonic() - t:.3f} s)')
        check(pump(2, lambda: any(n == NAME and new == '' for n, _, new in claimer.owner_changes)),
              'NameOwnerChanged(name, old, "") announces the vanish')
        proc = spawn([os.path.join(HERE, 'mock-sensor.sh'), workdir, address, 'right-up'], log)
        check(wait_name(claimer, True), 'restarted mock: the name is back')
        check(any(n == NAME and new != '' for n, _, new in claimer.owner_changes),
              'NameOwnerChanged announces the return (new unique name)')
        check(owners() == [], 'the new mock has no claims: a client must claim again')
        check(claimer.get('AccelerometerOrientation') == 'right-up',
              'the new mock starts with its initial orientation')
        rc = stop(proc)
        check(rc == 0, f'mock exits 0 on SIGTERM (rc={rc})')
        return latencies
    finally:
        stop(proc)
        claimer.close()
        observer.close()
        log.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--rounds', type=int, default=3, help='tilt rounds of 4 orientations')
    ap.add_argument('--keep', action='store_true', help='keep the work directory')
    args = ap.parse_args()

    workdir = tempfile.mkdtemp(prefix='orientd-sensor-')
    bus = subprocess.Popen(['dbus-daemon', '--session', '--nofork', '--print-address=1'],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                           start_new_session=True)
    try:
        address = bus.stdout.readline().strip()
        print(f'private bus: {address}', flush=True)
        test_real(address, os.path.join(workdir, 'real'), args.rounds)
        test_mock(address, os.path.join(workdir, 'mock'))
    finally:
        stop(bus)
        if args.keep or failures:
            print(f'work directory kept: {workdir}')
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    if failures:
        print(f'FAILED: {len(failures)} check(s)')
        return 1
    print('ALL OK')
    return 0


if __name__ == '__main__':
    sys.exit(main())
