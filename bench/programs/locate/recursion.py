# bench/locate.ts's recursion walk (issue 32): recursions COUNT (env) deep, as many as make ~10,000
# calls, whose two runs part ways at the bottom of the last one (B's PART, read from the environment
# there only, so no local tells it before). Every line is walked at depth 10 and 10,000: a step must
# cost the same at both.
import os
import sys

sys.setrecursionlimit(50_000)


def down(n, acc, last):
    if n == 0:
        bottom = acc + (int(os.environ.get("PART", "0")) if last else 0)
        return bottom
    step = acc + n % 7
    return down(n - 1, step, last)


depth = int(os.environ.get("COUNT", "10"))
rounds = max(1, 10_000 // depth)
total = 0
for round in range(rounds):
    total = down(depth, total, round == rounds - 1)
print(total)
