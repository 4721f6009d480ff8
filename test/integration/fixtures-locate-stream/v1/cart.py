# locate-stream.test.ts: runs that part ways only deep in a value (an attribute two levels down, whose
# object's repr is the same in both runs), in a text that looks like an address, and in a local that
# --ignore leaves out at every step (NOISE=1).
import os


class Line:
    def __init__(self, sku, qty):
        self.sku = sku
        self.qty = qty


class Cart:
    def __init__(self):
        self.last = None
        self.count = 0


def fill(cart, n):
    tag = "0x10"
    for i in range(n):
        cart.last = Line("s%d" % i, i + 1); cart.last.qty += 0
        cart.count += 1
        noise = os.getpid() + i if os.environ.get("NOISE") else i
    return tag


def main():
    cart = Cart()
    tag = fill(cart, 2)
    total = cart.last.qty + cart.count
    print(tag, total)


main()
