def classify(n):
    kind = "big" if n > 10 else "small"
    return kind


def main():
    kinds = []
    for n in [3, 30, 7]:
        kinds.append(classify(n))
    print(",".join(kinds))


main()
