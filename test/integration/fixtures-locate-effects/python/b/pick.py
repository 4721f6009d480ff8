def pick(d):
    if "x" in d:
        return d["x"]
    return []

r = pick({})
print(r)
