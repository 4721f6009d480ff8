# A program that runs another way when it is run again: COUNTER names a file holding a number, and each
# run adds one to it. From iteration 4 on, `twice` says whether this run is the file's second or later;
# at iteration PART the total counts two. Line 18 runs once per iteration.
import os

with open(os.environ["COUNTER"]) as handle:
    COUNT = int(handle.read()) + 1
with open(os.environ["COUNTER"], "w") as handle:
    handle.write(str(COUNT))
PART = int(os.environ.get("PART", "-1"))


def main():
    total = 0
    for i in range(400):
        twice = COUNT >= 2 if i >= 4 else None
        total += 2 if i == PART else 1
        print(i, twice, total) if i == 999 else None


main()
