import sys
z = 1 if sys.argv[1] == 'A' else 2
