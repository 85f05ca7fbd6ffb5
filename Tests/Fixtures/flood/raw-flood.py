#!/usr/bin/python3
"""A flooding client that costs little itself: it speaks D-Bus on a raw socket, pipelines
COUNT calls without arguments, and reads the replies without decoding their bodies, so that
the time a bystander waits is orientd's doing, not this client's.

usage: raw-flood.py ADDRESS COUNT DESTINATION PATH INTERFACE MEMBER MARKER
Prints one line per reply, in the order of the calls: "ok N" (N: how many times MARKER, a
byte string, occurs in the reply's body) or "error NAME"; and "reply K" on stderr as the
K-th reply arrives.
"""
import os
import socket
import struct
import sys


def connect(address):
    for part in address.split(";"):
        kind, _, rest = part.partition(":")
        if kind != "unix":
            continue
        params = dict(p.split("=", 1) for p in rest.split(","))
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        if "path" in params:
            sock.connect(params["path"])
        else:
            sock.connect("\0" + params["abstract"])
        return sock
    raise SystemExit("no unix address in " + address)


def pad(data, n):
    return data + b"\0" * (-len(data) % n)


def call(serial, destination, path, interface, member):
    fields = b""
    for code, sig, value in ((1, "o", path), (2, "s", interface), (3, "s", member), (6, "s", destination)):
        fields = pad(fields, 8)
        raw = value.encode()
        fields += bytes([code, 1]) + sig.encode() + b"\0"
        # signature header is 4 bytes (code, len, sig char, nul): the string starts aligned to 4.
        fields += struct.pack("<I", len(raw)) + raw + b"\0"
    header = struct.pack("<cBBBIII", b"l", 1, 0, 1, 0, serial, len(fields)) + fields
    return pad(header, 8)


class Reader:
    def __init__(self, sock):
        self.sock = sock
        self.buffer = bytearray()

    def take(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise SystemExit("the bus closed the connection")
            self.buffer += chunk
        data = bytes(self.buffer[:n])
        del self.buffer[:n]
        return data

    def message(self):
        fixed = self.take(16)
        endian = "<" if fixed[0:1] == b"l" else ">"
        kind = fixed[1]
        body_length, _, fields_length = struct.unpack(endian + "III", fixed[4:16])
        fields = self.take(fields_length + (-(16 + fields_length) % 8))[:fields_length]
        body = self.take(body_length)
        parsed = {}
        offset = 0
        while offset < len(fields):
            offset += -offset % 8
            code, siglen = fields[offset], fields[offset + 1]
            sig = fields[offset + 2:offset + 2 + siglen].decode()
            offset += 3 + siglen
            if sig in ("s", "o"):
                offset += -offset % 4
                (length,) = struct.unpack(endian + "I", fields[offset:offset + 4])
                parsed[code] = fields[offset + 4:offset + 4 + length].decode()
                offset += 5 + length
            elif sig == "u":
                offset += -offset % 4
                (parsed[code],) = struct.unpack(endian + "I", fields[offset:offset + 4])
                offset += 4
            elif sig == "g":
                length = fields[offset]
                parsed[code] = fields[offset + 1:offset + 1 + length].decode()
                offset += 2 + length
            else:
                raise SystemExit("unexpected header field signature " + sig)
        return kind, parsed, body


def main():
    address, count, destination, path, interface, member, marker = sys.argv[1:8]
    count = int(count)
    sock = connect(address)
    sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
    reader = Reader(sock)
    line = b""
    while not line.endswith(b"\r\n"):
        line += reader.take(1)
    if not line.startswith(b"OK"):
        raise SystemExit("authentication failed: %r" % line)
    sock.sendall(b"BEGIN\r\n")
    sock.sendall(call(1, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello"))
    sock.sendall(b"".join(call(serial, destination, path, interface, member) for serial in range(2, count + 2)))
    results = {}
    marker = marker.encode()
    while len(results) < count:
        kind, fields, body = reader.message()
        serial = fields.get(5)
        if kind not in (2, 3) or serial is None or not 2 <= serial < count + 2:
            continue
        results[serial] = "ok %d" % body.count(marker) if kind == 2 else "error " + fields.get(4, "?")
        print("reply %d" % len(results), file=sys.stderr, flush=True)
    for serial in range(2, count + 2):
        print(results[serial])


main()
