import random
import time


def work(n):
    return sum(range(n))


t0 = time.perf_counter()
total = work(1000)
pick = random.random()
print(total, pick >= 0)
