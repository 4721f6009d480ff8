def pick(d):
    if "x" in d:
        return d["x"]

r = pick({})
print(r)
