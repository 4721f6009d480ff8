/* bpdiff's hit tests: LIMIT iterations; at iteration BUMP the step is one more. Line 11 runs once per
 * iteration, before acc takes the step: at hit k, i is k-1 and acc the sum of the steps before it. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int limit = atoi(argv[1]), bump = atoi(argv[2]);
  int acc = 0;
  for (int i = 0; i < limit; i++) {
    int step = i + (i == bump ? 1 : 0);
    acc += step;
  }
  printf("%d\n", acc);
  return 0;
}
