# DAP messages over the file descriptor bpdiff gave the program (one end of a Unix socket pair): the
# base protocol's Content-Length framing, read by one thread, written by any under a lock, one write
# per message. Plain os.read/os.write: nothing here depends on modules the program may patch.
import json
import os
import threading

_HEADER_END = b"\r\n\r\n"


class Wire(object):
    def __init__(self, fd):
        self.fd = fd
        self._lock = threading.Lock()
        self._buffer = b""
        self.closed = False
        self._seq = 0

    def send(self, message):
        with self._lock:
            if self.closed:
                return
            self._seq += 1
            message["seq"] = self._seq
            body = json.dumps(message, ensure_ascii=True, default=str).encode("ascii")
            data = b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
            try:
                while data:
                    written = os.write(self.fd, data)
                    data = data[written:]
            except OSError:
                self.closed = True

    def event(self, name, body=None):
        message = {"type": "event", "event": name}
        if body is not None:
            message["body"] = body
        self.send(message)

    def respond(self, request, body=None, success=True, message=None):
        response = {"type": "response", "request_seq": request.get("seq", 0), "command": request.get("command", ""), "success": success}
        if body is not None:
            response["body"] = body
        if message is not None:
            response["message"] = message
        self.send(response)

    def read(self):
        """The next message, or None at the end of the stream."""
        while True:
            end = self._buffer.find(_HEADER_END)
            if end >= 0:
                length = None
                for line in self._buffer[:end].split(b"\r\n"):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value.strip())
                start = end + len(_HEADER_END)
                if length is None:
                    self._buffer = self._buffer[start:]
                    continue
                if len(self._buffer) >= start + length:
                    body = self._buffer[start:start + length]
                    self._buffer = self._buffer[start + length:]
                    return json.loads(body.decode("utf-8"))
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                return None
            self._buffer += chunk

    def close(self):
        with self._lock:
            if self.closed:
                return
            self.closed = True
            try:
                # Wakes the reading thread (a plain close would leave its read() waiting).
                import socket
                peer = socket.socket(fileno=os.dup(self.fd))
                try:
                    peer.shutdown(socket.SHUT_RDWR)
                finally:
                    peer.close()
            except (OSError, ValueError):
                pass
            try:
                os.close(self.fd)
            except OSError:
                pass
