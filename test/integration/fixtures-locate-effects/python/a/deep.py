import sys


def price(i):
    base = i * 3
    return base + 1


def line_total(i):
    p = price(i)
    return p * 2


def order(n):
    total = 0
    for i in range(n):
        total += line_total(i)
    return total


print(order(int(sys.argv[1])))
