class Shop:
    rate = 2

    def total(self, n):
        return n * self.rate

    @property
    def discount(self):
        return 1

    tax = 1


print(Shop().total(3))
