import sys


def down(n, acc):
    if n == 0:
        return acc + 0
    step = acc + n % 7
    return down(n - 1, step)


print(down(int(sys.argv[1]), 0))
