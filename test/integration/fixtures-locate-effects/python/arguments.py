# b() is called with x = 2 instead of 1 in B, on the 2nd pass: the line that computes the argument
# (line 13) makes the difference, which both walks see at b()'s first line.
import os


def b(x):
    return x * 2 + 1


def main():
    total = 0
    for i in range(3):
        total += b(2 if os.environ.get("PART") == "B" and i == 1 else 1)
    print(total)


main()
