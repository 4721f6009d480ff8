# locate-callbacks.test.ts: sorted() and map() call key() back; the runs part ways in key(), on a later call.
import os


def key(x):
    y = x * 2
    if x == 2 and os.environ.get("PART"):
        y += 10
    return y


def main():
    v = [3, 1, 2]
    w = sorted(v, key=key)
    z = list(map(key, v))
    print(w, z)


main()
