/* bpdiff's `hit` bench: LIMIT passes through the loop's body line, three calls a pass. */
#include <stdio.h>
#include <stdlib.h>

static long twice(long x) { return x * 2; }
static long halve(long x) { return x / 2; }
static long add(long x, long y) { return x + y; }

int main(int argc, char **argv) {
  int limit = atoi(argv[1]);
  long acc = 0;
  for (int i = 0; i < limit; i++) {
    acc = add(acc, halve(twice(i))); /* the breakpoint */
  }
  printf("%ld\n", acc);
  return 0;
}
