# A loop of LIMIT iterations that ends at iteration END_AT by END_HOW: 'raise' (an uncaught ValueError),
# 'exit' (os._exit(3): no atexit, no answer to a stream), 'sys' (sys.exit(4)), or runs to its end.
# Each iteration prints a line (the output's tail is in the document). Line 21 runs once per iteration.
import os
import sys

LIMIT = int(os.environ.get("LIMIT", "300"))
END_AT = int(os.environ.get("END_AT", "-1"))
END_HOW = os.environ.get("END_HOW", "")


def main():
    total = 0
    for i in range(LIMIT):
        if i == END_AT and END_HOW == "raise":
            raise ValueError("stopped at %d" % i)
        if i == END_AT and END_HOW == "exit":
            os._exit(3)
        if i == END_AT and END_HOW == "sys":
            sys.exit(4)
        total += i
        print("line", i, total)


main()
