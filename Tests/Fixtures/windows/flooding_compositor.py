#!/usr/bin/python3
"""A hostile wlroots compositor, spoken on the Wayland wire: it offers
zwlr_foreign_toplevel_manager_v1 and, once a client binds it, announces COUNT windows at once
(the first ones with app ids holding control characters or 4,000 characters long), each with
its state and done. It reads and drops what the client asks. Prints "flooded" when all are
sent; runs until killed (which closes the connection).

    flooding_compositor.py SOCKET-PATH COUNT
"""

import os
import socket
import struct
import sys
import threading

PATH, COUNT = sys.argv[1], int(sys.argv[2])
MANAGER = "zwlr_foreign_toplevel_manager_v1"
BAD_APP_IDS = ["evil\x1b]0;forged title\x07", "line\nbreak", "x" * 4000]


def message(obj, opcode, body=b""):
    return struct.pack("<II", obj, (8 + len(body)) << 16 | opcode) + body


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def array(words):
    data = b"".join(struct.pack("<I", w) for w in words)
    return struct.pack("<I", len(data)) + data


def serve(conn):
    buffer = b""
    manager = None
    while manager is None:
        chunk = conn.recv(4096)
        if not chunk:
            return
        buffer += chunk
        while len(buffer) >= 8:
            obj, header = struct.unpack_from("<II", buffer)
            size, opcode = header >> 16, header & 0xFFFF
            if len(buffer) < size:
                break
            body, buffer = buffer[8:size], buffer[size:]
            if obj == 1 and opcode == 1:  # wl_display.get_registry(new_id)
                registry = struct.unpack_from("<I", body)[0]
                conn.sendall(message(registry, 0, struct.pack("<I", 1) + string(MANAGER) + struct.pack("<I", 3)))
            elif obj == 1 and opcode == 0:  # wl_display.sync(new_id)
                callback = struct.unpack_from("<I", body)[0]
                conn.sendall(message(callback, 0, struct.pack("<I", 0)) + message(1, 1, struct.pack("<I", callback)))
            elif opcode == 0 and len(body) > 8:  # wl_registry.bind(name, interface, version, new_id)
                manager = struct.unpack_from("<I", body, len(body) - 4)[0]
    threading.Thread(target=drain, args=(conn,), daemon=True).start()
    for index in range(COUNT):
        handle = 0xFF000000 + index
        app_id = BAD_APP_IDS[index] if index < len(BAD_APP_IDS) else "org.example.Flood%d" % index
        conn.sendall(message(manager, 0, struct.pack("<I", handle))
                     + message(handle, 1, string(app_id))
                     + message(handle, 4, array([2] if index == COUNT - 1 else []))
                     + message(handle, 5))
    print("flooded", flush=True)


def drain(conn):
    try:
        while conn.recv(65536):
            pass
    except OSError:
        pass


if os.path.exists(PATH):
    os.unlink(PATH)
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(PATH)
server.listen(4)
print("listening", flush=True)
connection, _ = server.accept()
serve(connection)
threading.Event().wait()
