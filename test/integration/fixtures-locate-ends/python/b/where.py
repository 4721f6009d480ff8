import os

here = os.getcwd()
print('reading', os.path.join(here, 'config.ini'))
count = 1
print('done in', here)
