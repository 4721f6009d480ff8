# A debug adapter that crashes in the middle of a walk, for locate-messages.test.ts: it runs the adapter
# its further arguments name and passes the DAP messages both ways. Its launches are counted across
# the runs in the folder its first argument names (mkdir: one launch wins each number); in the launches
# its second argument lists (`1` or `1,3`), at the walk's 2nd `next` request, it ends that adapter and
# exits as a Go program does after a panic (dlv 1.20 crashed so, once, in a stackTrace).
import os
import subprocess
import sys
import threading

counted = sys.argv[1]
os.makedirs(counted, exist_ok=True)
launch = 1
while True:
    try:
        os.mkdir(os.path.join(counted, str(launch)))
        break
    except FileExistsError:
        launch += 1
first = str(launch) in sys.argv[2].split(",")
child = subprocess.Popen(sys.argv[3:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def answers():
    while True:
        data = child.stdout.read1(65536)
        if not data:
            break
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


threading.Thread(target=answers, daemon=True).start()
source = sys.stdin.buffer
steps = 0
while True:
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        byte = source.read(1)
        if not byte:
            child.kill()
            sys.exit(0)
        header += byte
    length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
    body = source.read(length)
    if first and b'"command":"next"' in body.replace(b" ", b""):
        steps += 1
        if steps == 2:
            child.kill()
            sys.stderr.write(
                "panic: runtime error: index out of range [3] with length 3\n\n"
                "goroutine 7 [running]:\nmain.serve()\n\t/proxy/serve.go:12 +0x1d\n"
            )
            sys.stderr.flush()
            os._exit(2)
    child.stdin.write(header + body)
    child.stdin.flush()
