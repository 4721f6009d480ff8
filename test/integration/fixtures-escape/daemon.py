# A program that starts a daemon the classic way (fork, setsid, fork again, the middle process exits),
# then stops at line 32 while the daemon sleeps: neither its parent nor its session is the run's.
import os
import sys
import time


def start_daemon(pid_file):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            with open(pid_file + '.tmp', 'w') as out:
                out.write(str(os.getpid()))
            os.rename(pid_file + '.tmp', pid_file)
            time.sleep(300)
        os._exit(0)
    os.wait()
    while not os.path.exists(pid_file):
        time.sleep(0.01)
    with open(pid_file) as found:
        return int(found.read())


def parent_of(pid):
    with open(f'/proc/{pid}/stat') as stat:
        return int(stat.read().rsplit(')', 1)[1].split()[1])


daemon = start_daemon(sys.argv[1])
daemon_parent = parent_of(daemon)
same_session = os.getsid(daemon) == os.getsid(0)
print(daemon, daemon_parent, same_session)
