# Objects with the default repr (`<__main__.Item object at 0x7f...>`), many to a container: the
# adapter shortens each to its start and the last digits of its address, and bpdiff cuts the whole at
# --max-value-length, possibly inside an address. Two runs of this program must compare equal.
class Item:
    def __init__(self, n):
        self.n = n


def main():
    items = [Item(i) for i in range(40)]
    by_number = {i: Item(i) for i in range(30)}
    nested = [[Item(i), Item(i + 1)] for i in range(20)]
    total = len(items) + len(by_number) + len(nested)
    print(total)  # stop here


main()
