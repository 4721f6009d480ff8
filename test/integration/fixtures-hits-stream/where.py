# A path in a local at every hit: PLACE, as the environment gives it. When it names one run's working
# directory, that run's value pipeline writes it as <cwd> and the other's does not. Line 8 runs once per
# iteration.
import os

place = os.environ.get("PLACE", "")
for i in range(50):
    print(i) if i == 99 else None
