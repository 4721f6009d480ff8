import os

here = os.getcwd()
print('reading', os.path.join(here, 'config.ini'))
count = 1
# A test runner's report of its own time, which no two runs share (here the pid stands for it).
print('Ran 1 test in %.3fs' % (os.getpid() % 1000 / 1000))
print('done in', here)
