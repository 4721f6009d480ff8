// Nested data, wide and deep: --max-variables caps what is captured, all levels together.
#include <stdio.h>

struct cell { int id; int tags[3]; };

int main(void) {
  int grid[10][10];
  struct cell table[20];
  for (int r = 0; r < 10; r++)
    for (int c = 0; c < 10; c++) grid[r][c] = r * 10 + c;
  for (int i = 0; i < 20; i++) {
    table[i].id = i;
    for (int t = 0; t < 3; t++) table[i].tags[t] = i + t;
  }
  int big[200000];
  for (int i = 0; i < 200000; i++) big[i] = i;
  printf("%d %d %d\n", grid[9][9], table[19].id, big[199999]); // line 17: breakpoint
  return 0;
}
