# A value whose children are slow to list in one run (its __dir__ sleeps when SLOW_DIR=1) and quick in
# the other: the run that cannot read them must not make the other's look "only in B".
import os
import time


class Thing:
    def __init__(self, slow):
        self.slow = slow
        self.size = 3

    def __dir__(self):
        if self.slow:
            time.sleep(20)
        return ["size", "slow"]

    def __repr__(self):
        return "Thing()"


def main():
    count = 3
    thing = Thing(os.environ.get("SLOW_DIR") == "1")
    print(count, thing)  # line 24: breakpoint


main()
