def total(items):
    s = 0
    for i in items:
        s += i * 2 if i == 3 else i
    return s
