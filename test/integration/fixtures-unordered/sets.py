# A Python program that goes through a set of strings, whose order follows their hashes, salted per
# process unless PYTHONHASHSEED is set: bpdiff gives both runs the same seed, so two runs agree.
import sys

words = {"apple", "pear", "fig", "kiwi", "plum", "lime"}
order = []
for w in words:
    order.append(w)
print(len(order), order if "--show" in sys.argv else "")
