/* One program for both runs, apart by B's environment (PART=500): price() parts at the 500th of 600
   passes of order's loop, two calls in. Both runs count the loop's passes in this one file. */
#include <stdio.h>
#include <stdlib.h>

static int part = -1;

static int price(int i) {
  int base = i * 3;
  if (i == part)
    base += 1;
  return base + 1;
}

static int line_total(int i) {
  int p = price(i);
  return p * 2;
}

static long order(int n) {
  long total = 0;
  for (int i = 0; i < n; i++)
    total += line_total(i);
  return total;
}

int main(void) {
  part = getenv("PART") == NULL ? -1 : atoi(getenv("PART"));
  printf("%ld\n", order(600));
  return 0;
}
