#!/usr/bin/python3
"""A hostile KWin, spoken on the Wayland wire: it offers org_kde_plasma_window_management
(version 16) and, once a client binds it, announces COUNT windows (window_with_uuid): the
first ones, whose app ids hold control characters or are 4,000 characters long, alone, and
once they are answered, all the others at once. Each window the client asks for
(get_window_by_uuid) gets its app id, its states (the last window active) and initial_state.
It reads and drops the client's other requests. As a compositor does, it never stops reading
while its messages wait to be sent (one thread writes them in order) or while it answers
(one thread reads). Prints "flooded" when every window is announced; runs until killed
(which closes the connection).

    flooding_kwin.py SOCKET-PATH COUNT
"""

import os
import queue
import socket
import struct
import sys
import threading

PATH, COUNT = sys.argv[1], int(sys.argv[2])
MANAGER = "org_kde_plasma_window_management"
BAD_APP_IDS = ["evil\x1b]0;forged title\x07", "line\nbreak", "x" * 4000]
ACTIVE = 1  # the protocol's state bit "active"
OUTGOING = queue.Queue()  # whole messages, in order, for the writing thread
BAD_ANSWERED = threading.Event()  # the windows with bad app ids have theirs


def send(conn, data):
    OUTGOING.put(data)


def write(conn):
    while True:
        try:
            conn.sendall(OUTGOING.get())
        except OSError:
            return


def message(obj, opcode, body=b""):
    return struct.pack("<II", obj, (8 + len(body)) << 16 | opcode) + body


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def read_string(body, offset):
    length = struct.unpack_from("<I", body, offset)[0]
    return body[offset + 4:offset + 4 + length - 1].decode()


def receive(conn, chunks):
    """Moves what the client sends into `chunks` as fast as it comes (None when it hangs up):
    a client whose requests wait unread in the socket would see it full, and a client library
    before libwayland 1.23 gives its connection up then."""
    while True:
        try:
            chunk = conn.recv(65536)
        except OSError:
            chunk = b""
        chunks.put(chunk or None)
        if not chunk:
            return


def requests(conn):
    """Yields (object, opcode, body) for each request the client sends, until it hangs up."""
    chunks = queue.Queue()
    threading.Thread(target=receive, args=(conn, chunks), daemon=True).start()
    buffer, offset = b"", 0
    while True:
        chunk = chunks.get()
        if chunk is None:
            return
        buffer = buffer[offset:] + chunk
        offset = 0
        while len(buffer) - offset >= 8:
            obj, header = struct.unpack_from("<II", buffer, offset)
            size, opcode = header >> 16, header & 0xFFFF
            if len(buffer) - offset < size:
                break
            body = buffer[offset + 8:offset + size]
            offset += size
            yield obj, opcode, body


def announce(conn, manager, first, last):
    for index in range(first, last):
        send(conn, message(manager, 4, struct.pack("<I", index + 1) + string("uuid-%d" % index)))


def flood(conn, manager):
    announce(conn, manager, 0, len(BAD_APP_IDS))
    BAD_ANSWERED.wait()
    announce(conn, manager, len(BAD_APP_IDS), COUNT)
    print("flooded", flush=True)


def serve(conn):
    registry = manager = None
    for obj, opcode, body in requests(conn):
        if obj == 1 and opcode == 1:  # wl_display.get_registry(new_id)
            registry = struct.unpack_from("<I", body)[0]
            send(conn, message(registry, 0, struct.pack("<I", 1) + string(MANAGER) + struct.pack("<I", 16)))
        elif obj == 1 and opcode == 0:  # wl_display.sync(new_id)
            callback = struct.unpack_from("<I", body)[0]
            send(conn, message(callback, 0, struct.pack("<I", 0)) + message(1, 1, struct.pack("<I", callback)))
        elif obj == registry and opcode == 0:  # wl_registry.bind(name, interface, version, new_id)
            manager = struct.unpack_from("<I", body, len(body) - 4)[0]
            threading.Thread(target=flood, args=(conn, manager), daemon=True).start()
        elif obj == manager and opcode == 2:  # get_window_by_uuid(new_id, uuid)
            window = struct.unpack_from("<I", body)[0]
            index = int(read_string(body, 4).split("-")[1])
            app_id = BAD_APP_IDS[index] if index < len(BAD_APP_IDS) else "org.example.Flood%d" % index
            send(conn, message(window, 1, string(app_id))
                       + message(window, 2, struct.pack("<I", ACTIVE if index == COUNT - 1 else 0))
                       + message(window, 6))
            if index == len(BAD_APP_IDS) - 1:
                BAD_ANSWERED.set()


if os.path.exists(PATH):
    os.unlink(PATH)
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(PATH)
server.listen(4)
print("listening", flush=True)
connection, _ = server.accept()
threading.Thread(target=write, args=(connection,), daemon=True).start()
serve(connection)
threading.Event().wait()
