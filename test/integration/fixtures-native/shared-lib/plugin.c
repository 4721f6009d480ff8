// Loads the project's own plugin (libscale.so, next to the program) with dlopen once main has started,
// and calls its scale(): a walk steps into it as into the program's own functions.
#include <dlfcn.h>
#include <stdio.h>

int main(void) {
  void *plugin = dlopen("./libscale.so", RTLD_NOW);
  if (plugin == NULL) {
    fprintf(stderr, "%s\n", dlerror());
    return 2;
  }
  int (*scale)(int) = (int (*)(int))dlsym(plugin, "scale");
  int total = 0;
  for (int i = 10; i <= 30; i += 10) {
    total += scale(i);
  }
  printf("%d\n", total);
  return 0;
}
