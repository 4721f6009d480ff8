# A value whose repr is slow (or raises) next to ordinary locals: one bad value must not lose the run.
import sys
import time


class Slow:
    def __repr__(self):
        time.sleep(15)
        return "Slow()"


class Fast:
    def __repr__(self):
        return "Fast()"


class Raising:
    def __repr__(self):
        raise ValueError("no repr for you")


def main(mode):
    count = 3
    word = "hello"
    thing = {"slow": Slow, "raise": Raising, "many": lambda: [Slow() for _ in range(10)]}.get(mode, Fast)()
    zeros = [0, 0]
    total = count * 2
    print(word, total, zeros)  # line 28: breakpoint


main(sys.argv[1] if len(sys.argv) > 1 else "fast")
