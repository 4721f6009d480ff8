import sys
print('done')
sys.exit(0 if sys.argv[1] == 'A' else 3)
