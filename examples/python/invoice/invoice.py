"""Monthly invoice: sums usage lines from a JSON export and applies the customer's tax rate."""
import json
import sys


def load(path):
    with open(path) as handle:
        return json.load(handle)


def line_amount(line, rates):
    unit = rates[line["plan"]]
    return line["units"] * unit


def invoice(export):
    rates = export["rates"]
    tax_rate = export["customer"].get("tax_rate", 0.2)
    subtotal = 0
    for line in export["lines"]:
        subtotal += line_amount(line, rates)
    tax = subtotal * float(tax_rate)
    total = subtotal + tax
    return {"customer": export["customer"]["name"], "subtotal": subtotal, "tax": round(tax, 2), "total": round(total, 2)}


if __name__ == "__main__":
    result = invoice(load(sys.argv[1]))
    print(json.dumps(result))
