#!/usr/bin/env python3
"""A stand-in for systemd-journald's two sockets, for orientd's log tests.

Usage (as root): unshare -m python3 fake-journal.py MODE COMMAND...

In its own mount namespace it mounts a tmpfs over /run/systemd (the machine's is hidden, and
nothing outside sees the change), binds /run/systemd/journal/socket (the native protocol:
one datagram per entry) and /run/systemd/journal/stdout (the stream a unit's stderr is
connected to), and runs COMMAND with stderr as MODE says:

  null    stderr is /dev/null: D-Bus activation by a plain dbus-daemon --session;
  stream  stderr is connected to /run/systemd/journal/stdout, as systemd does for a unit.

It prints "ready" once COMMAND runs; on SIGTERM it passes SIGTERM to COMMAND, waits for it,
and prints every entry received as one JSON object per line ({"FIELD": "value", ...}), then
"stream: " and what arrived as plain text on the stream socket (JSON-quoted).
"""
import json
import os
import select
import signal
import socket
import struct
import subprocess
import sys


def parse_native(data):
    """The journal's native protocol: KEY=value lines, or KEY, newline, a little-endian
    64-bit length, the value and a newline (for values holding a newline)."""
    fields = {}
    at = 0
    while at < len(data):
        end = data.index(b"\n", at)
        line = data[at:end]
        if b"=" in line:
            key, value = line.split(b"=", 1)
            at = end + 1
        else:
            key = line
            (size,) = struct.unpack("<Q", data[end + 1:end + 9])
            value = data[end + 9:end + 9 + size]
            at = end + 9 + size + 1
        fields[key.decode()] = value.decode("utf-8", "replace")
    return fields


def main():
    mode, command = sys.argv[1], sys.argv[2:]
    subprocess.run(["mount", "-t", "tmpfs", "tmpfs", "/run/systemd"], check=True)
    os.makedirs("/run/systemd/journal")
    native = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    native.bind("/run/systemd/journal/socket")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind("/run/systemd/journal/stdout")
    listener.listen(1)
    stream = None
    if mode == "stream":
        writer = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        writer.connect("/run/systemd/journal/stdout")
        stream, _ = listener.accept()
        stderr = writer.fileno()
    else:
        stderr = subprocess.DEVNULL
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr)
    if mode == "stream":
        writer.close()
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    print("ready", flush=True)
    entries, text = [], b""
    sockets = [native] + ([stream] if stream else [])
    while child.poll() is None or select.select(sockets, [], [], 0.2)[0]:
        if stopping and child.poll() is None:
            child.send_signal(signal.SIGTERM)
            stopping.clear()
        try:
            readable = select.select(sockets, [], [], 0.1)[0]
        except InterruptedError:
            continue
        for ready in readable:
            if ready is native:
                entries.append(parse_native(native.recv(1 << 20)))
            else:
                chunk = stream.recv(1 << 16)
                if not chunk:
                    sockets.remove(stream)
                text += chunk
    for entry in entries:
        print(json.dumps(entry), flush=True)
    print("stream: " + json.dumps(text.decode("utf-8", "replace")), flush=True)


main()
