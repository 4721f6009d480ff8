# bpdiff's hit tests: LIMIT iterations; at iteration BUMP the step is one more. Line 8 runs once per
# iteration, before acc takes the step: at hit k, i is k-1 and acc the sum of the steps before it.
import sys
limit, bump = int(sys.argv[1]), int(sys.argv[2])
acc = 0
for i in range(limit):
    step = i + (1 if i == bump else 0)
    acc += step
print(acc)
