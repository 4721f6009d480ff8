/* bpdiff's hit tests: a line with two code locations. add() is inlined at both of its calls
 * (always_inline), so the line of its body is bound twice; each call is a pass through it: at pass
 * 2k+1, x is k (the first call of iteration k), at pass 2k+2 it is 1000. */
#include <stdio.h>
#include <stdlib.h>

static inline __attribute__((always_inline)) int add(int acc, int x) {
  return acc + x;
}

int main(int argc, char **argv) {
  int limit = atoi(argv[1]);
  int acc = 0;
  for (int i = 0; i < limit; i++) {
    acc = add(acc, i);
    acc = add(acc, 1000);
  }
  printf("%d\n", acc);
  return 0;
}
