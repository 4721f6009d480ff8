# Containers longer than pydevd's first 100 elements (it groups the rest under `more`).
def main():
    xs = list(range(1000))
    grid = tuple(range(2500))
    bag = {"e%04d" % i for i in range(700)}
    table = {i: i * i for i in range(800)}
    print(len(xs), len(grid), len(bag), len(table))  # line 7: breakpoint


main()
