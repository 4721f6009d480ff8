import sys


def parse(line):
    name, qty = line.strip().split(',')
    return name, int(qty)


def main(path):
    total = 0
    with open(path) as records:
        for index, line in enumerate(records):
            name, qty = parse(line)
            total += qty
    print(total)


main(sys.argv[1])
