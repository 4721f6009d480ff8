# bench/locate.ts: a loop whose two runs part ways at the iteration PART names (env), ~4 lines each.
import os


def main(count):
    total = 0
    for i in range(count):
        x = i * 3
        y = x % 7
        total += y
        if str(i) == os.environ.get('PART'):
            total += 1
    return total


print(main(int(os.environ.get('COUNT', '2000'))))
