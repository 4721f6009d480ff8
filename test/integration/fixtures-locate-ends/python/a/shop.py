class Shop:
    rate = 2

    def total(self, n):
        return n * self.rate

    tax = 1


print(Shop().total(3))
