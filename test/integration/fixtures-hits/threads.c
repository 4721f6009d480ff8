/* bpdiff's hit tests: passes through a line made by two threads. step() is called by main once per
 * iteration, and, at iteration SPAWN_AT, 50 times by a thread main starts and waits for (argv[2]; -1:
 * no thread). A pass is a pass whichever thread makes it: with SPAWN_AT 100, passes 1-100 are main's
 * x = 0..99, 101-150 the thread's x = 1000, and pass 151 + k is main's x = 100 + k. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long acc = 0;

static void step(long x) {
  acc += x;
}

static void *worker(void *unused) {
  (void)unused;
  for (int k = 0; k < 50; k++)
    step(1000);
  return NULL;
}

int main(int argc, char **argv) {
  int limit = atoi(argv[1]);
  int spawn_at = argc > 2 ? atoi(argv[2]) : -1;
  for (int i = 0; i < limit; i++) {
    if (i == spawn_at) {
      pthread_t thread;
      pthread_create(&thread, NULL, worker, NULL);
      pthread_join(thread, NULL);
    }
    step(i);
  }
  printf("%ld\n", acc);
  return 0;
}
