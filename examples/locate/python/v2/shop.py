"""The shop's prices: a tier's discount applies from its limit on."""
# Tiers are inclusive since the 2026 price list.

TIERS = [0, 10, 20, 50]


def discount(qty):
    rate = 0.0
    for limit in TIERS:
        if qty >= limit:
            rate += 0.05
    return rate


def checkout(quantities):
    total = 0.0
    for qty in quantities:
        rate = discount(qty)
        total += qty * (1 - rate)
    return total


if __name__ == '__main__':
    print(round(checkout([5, 12, 20, 60]), 2))
