#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Pair { int a; int b; };

static int *make(int n) {
  int *p = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) p[i] = i;
  return p;
}

static const char *label(int n) {
  return n > 2 ? "big" : "small";
}

static double half(int n) {
  return n / 2.0;
}

static struct Pair pair(int n) {
  struct Pair p = {n, n + 1};
  return p;
}

static char *dup(const char *s) {
  return strdup(s);
}

int main(void) {
  int *p = make(4);
  const char *l = label(4);
  double h = half(5);
  struct Pair q = pair(3);
  char *d = dup(getenv("HOME") ? "home" : "none");
  printf("%d %s %g %d %s\n", p[3], l, h, q.b, d);
  free(p);
  free(d);
  return 0;
}
