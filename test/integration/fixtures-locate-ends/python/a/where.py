import logging
import os
import time

logging.basicConfig(format="%(asctime)s pid=%(process)d %(message)s")
here = os.getcwd()
print('reading', os.path.join(here, 'config.ini'))
count = 1
# A test runner's report of its own time, which no two runs share (here the pid stands for it).
print('Ran 1 test in %.3fs' % (os.getpid() % 1000 / 1000))
# A log line's time stamp and process id, and the clock read as a number: each run's own.
logging.warning('counted %d', count)
print('at', time.time())
print('done in', here)
