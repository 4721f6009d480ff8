"""Order pricing: bulk discount on line items, then a coupon on the order total."""
import sys
from dataclasses import dataclass, field

DISCOUNT_PERCENT = 10
BULK_QTY = 3


@dataclass
class LineItem:
    sku: str
    qty: int
    unit_price: float


@dataclass
class Order:
    customer: str
    items: list = field(default_factory=list)
    coupon: str | None = None


def discount_rate(qty):
    if qty > BULK_QTY:
        return DISCOUNT_PERCENT / 100
    return 0.0


def price(order):
    total = 0.0
    for item in order.items:
        rate = discount_rate(item.qty)
        line_total = round(item.qty * item.unit_price * (1 - rate), 2)
        total += line_total
    if order.coupon == "WELCOME5":
        total -= 5
    return round(total, 2)


def main(argv):
    qty = int(argv[1]) if len(argv) > 1 else 10
    order = Order("ann", [LineItem("tea", 2, 4.5), LineItem("mug", qty, 12.0)], coupon="WELCOME5")
    print(f"{order.customer}: {price(order):.2f}")


if __name__ == "__main__":
    main(sys.argv)
