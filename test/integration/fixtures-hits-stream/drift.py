# bpdiff's streamed hit walk tests: LIMIT iterations keep a reading and a record. From iteration DRIFT
# on, the reading is off by a billionth (--tolerance hides it); at iteration PART the record counts
# two (a real divergence); with NOISE=1 the record's `noise` field holds the process's id, which
# differs at every hit (--ignore 'record.noise' leaves it out). Line 26 runs once per iteration. The
# settings are globals: the breakpoint's locals are only the loop's.
import os

LIMIT = int(os.environ.get("LIMIT", "400"))
DRIFT = int(os.environ.get("DRIFT", "-1"))
PART = int(os.environ.get("PART", "-1"))
NOISY = os.environ.get("NOISE") == "1"


class Record(object):
    def __init__(self):
        self.count = 0
        self.noise = 0


def main():
    record = Record()
    for i in range(LIMIT):
        reading = i * 0.5 + (1e-9 if 0 <= DRIFT <= i else 0.0)
        record.count += 2 if i == PART else 1
        record.noise = os.getpid() if NOISY else 0
        print(i, reading, record.count) if i % 1000 == 999 else None


main()
