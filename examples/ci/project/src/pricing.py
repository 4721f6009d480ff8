"""Prices a cart: a volume discount on each line, then shipping and tax on the order.

bpdiff.config.json stops here twice: inside the loop, at the line that adds a line total to the
subtotal (check "line"), and where the order's total is returned (check "total").
"""
import sys
import time
import uuid

TAX_RATE = 0.2
FREE_SHIPPING_OVER = 50.0
SHIPPING = 4.95


def volume_discount(qty):
    if qty >= 10:
        return 0.15
    if qty >= 5:
        return 0.05
    return 0.0


def price_cart(cart):
    quote_id = str(uuid.uuid4())  # new on every run: the config normalises it to <uuid>
    started_at = time.time()  # new on every run: the config ignores it
    subtotal = 0.0
    for sku, qty, unit_price in cart:
        discount = volume_discount(qty)
        line_total = qty * unit_price * (1 - discount)
        subtotal += line_total
    shipping = 0.0 if subtotal >= FREE_SHIPPING_OVER else SHIPPING
    tax = (subtotal + shipping) * TAX_RATE
    total = round(subtotal + shipping + tax, 2)
    return total


def main(argv):
    mugs = int(argv[1]) if len(argv) > 1 else 12
    cart = [("tea", 2, 4.5), ("mug", mugs, 3.0), ("spoon", 5, 1.2)]
    print(f"total: {price_cart(cart):.2f}")


if __name__ == "__main__":
    main(sys.argv)
