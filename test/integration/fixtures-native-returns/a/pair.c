#include <stdio.h>

struct Pair { int a; int b; };

static struct Pair pair(int n) {
  return (struct Pair){n, n * 2};
}

int main(void) {
  struct Pair q = pair(3);
  printf("%d\n", q.b);
  return 0;
}
