# Real library code walked line by line: Python's own TOML parser (tomllib), which the test copies into
# this folder as the package `mytoml`, so that its lines are the program's own and the walk enters them.
import mytoml

DOC = """
title = "walk"
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
"""

doc = mytoml.loads(DOC)
print(sorted(doc))
