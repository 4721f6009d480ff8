# bench/locate.ts: a divergence about 100,000 executed lines into a run, three calls deep: order's loop
# calls line_total, which calls price; B's price parts at the pass PART names (env), read where it is
# compared (no local of the walk's frames holds it, as in loop.py).
import os


def price(i):
    base = i * 3
    if str(i) == os.environ.get('PART'):
        base += 1
    return base + 1


def line_total(i):
    p = price(i)
    q = p % 7
    return p * 2 + q


def order(count):
    total = 0
    for i in range(count):
        total += line_total(i)
    return total


print(order(int(os.environ.get('COUNT', '2000'))))
