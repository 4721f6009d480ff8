#include <stdio.h>
#include <stdlib.h>

static int price(int i) {
  int base = i * 3 + (i == 499);
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

int main(int argc, char **argv) {
  printf("%ld\n", order(argc > 1 ? atoi(argv[1]) : 600));
  return 0;
}
