def classify(n):
    if n > 10:
        kind = "big"
    else:
        kind = "small"
    return kind


def main():
    kinds = []
    for n in [3, 30, 7]:
        kinds.append(classify(n))
    print(",".join(kinds))


main()
