# A run reads the clock: its times differ from another run's, whatever the program does.
import datetime
import time

started = datetime.datetime.now()
day = datetime.date(2026, 1, 2)
epoch = time.time()
print(day.isoformat())
