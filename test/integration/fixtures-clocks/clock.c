/* A run reads the clock: its times differ from another run's, whatever the program does. */
#include <stdio.h>
#include <time.h>

int main(void) {
  struct timespec started;
  clock_gettime(CLOCK_REALTIME, &started);
  struct timespec day = {1767312000, 0};
  printf("%ld\n", (long)day.tv_sec);
  return 0;
}
