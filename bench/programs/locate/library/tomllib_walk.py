# bench/locate.ts: a TOML document parsed COUNT times (env, 20 unless told) by tomllib (stdlib_tomllib/, a
# copy of Python 3.11's): a parser over a nested input, the position and the output's dicts at each step.
import os

import stdlib_tomllib as tomllib

DOC = """
title = "bench"
[owner]
name = "Tom"
dob = 1979-05-27T07:32:00-08:00
[database]
enabled = true
ports = [ 8000, 8001, 8002 ]
data = [ ["delta", "phi"], [3.14] ]
temp_targets = { cpu = 79.5, case = 72.0 }
[servers.alpha]
ip = "10.0.0.1"
role = "frontend"
[servers.beta]
ip = "10.0.0.2"
role = "backend"
"""
for i in range(int(os.environ.get("COUNT", "20"))):
    doc = tomllib.loads(DOC.replace("bench", "bench%d" % i))
print(sorted(doc))
