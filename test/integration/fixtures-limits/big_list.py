# A list of a million ints next to two small locals: the capture limits must bound what is read.
import sys


def main():
    items = list(range(1_000_000))
    label = "big"
    size = len(items)
    print(label, size)  # line 9: breakpoint


main()
