# Nested dataclasses that share one list (as in dacite's tests), a dataclass whose fields hold the same
# text, a dict filled from a set of strings, and a list of plain objects.
#
#   python3 nested.py [QTY]   (QTY: the first shared item's quantity, 1 by default)
import sys
from dataclasses import dataclass, field
from typing import List


@dataclass
class Item:
    sku: str
    qty: int
    tags: List[str] = field(default_factory=list)


@dataclass
class Cart:
    owner: str
    items: List[Item]


@dataclass
class Flags:
    zeta: str
    alpha: str
    beta: str


class Plain:
    pass


def main():
    qty = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    shared = [Item("a", qty, ["x", "y"]), Item("b", 2)]
    carts = [Cart("ann", shared), Cart("bob", shared)]
    cart = carts[0]
    flags = Flags("same", "same", "other")
    # Keys in the order of a set of strings: another order under another hash seed.
    counts = {name: len(name) for name in {"alpha", "beta", "gamma", "delta", "eps"}}
    plain = [Plain() for _ in range(20)]
    print(len(carts), cart.owner, flags, counts, len(plain))  # line 43: breakpoint


main()
