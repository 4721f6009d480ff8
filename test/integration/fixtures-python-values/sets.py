# Sets, frozensets and dicts whose captured text must not depend on the process's hash seed.
# `python3 sets.py t2` and `python3 sets.py t9` differ by one element of `tags`.
import sys


def main():
    tags = {"t0", "t1", sys.argv[1]}
    frozen = frozenset({"w", "x", "y", "z"})
    pairs = {("a", 1), ("b", 2), ("c", 3)}
    scores = {"k2": 2, "k1": 1, "k3": 3}
    nested = {"inner": {"q", "r", "p"}}
    rows = [{"m", "n", "o"}, 5]
    print(len(tags), len(frozen), len(pairs), len(scores), len(nested), len(rows))  # line 13: breakpoint


main()
