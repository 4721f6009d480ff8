def scale(x):
    return x * 2


def main():
    y = scale(21)
    z = y + 1
    print(z)


main()
