# bpdiff's `hit` bench: LIMIT passes through the loop's body line, three calls a pass.
import sys


def double(x):
    return x * 2


def halve(x):
    return x // 2


def add(x, y):
    return x + y


limit = int(sys.argv[1])
acc = 0
for i in range(limit):
    acc = add(acc, halve(double(i)))  # the breakpoint
print(acc)
