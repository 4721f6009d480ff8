// A program that starts a daemon the classic way (fork, setsid, fork again, the middle process
// exits), then stops at line 52 while the daemon sleeps: neither its parent nor its session is the run's.
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int start_daemon(const char *pid_file) {
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", pid_file);
  if (fork() == 0) {
    setsid();
    if (fork() == 0) {
      FILE *out = fopen(tmp, "w");
      fprintf(out, "%d", (int)getpid());
      fclose(out);
      rename(tmp, pid_file);
      sleep(300);
    }
    _exit(0);
  }
  wait(NULL);
  int pid = 0;
  for (;;) {
    FILE *in = fopen(pid_file, "r");
    if (in) {
      int read = fscanf(in, "%d", &pid);
      fclose(in);
      if (read == 1) return pid;
    }
    usleep(10000);
  }
}

static int parent_of(int pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  FILE *in = fopen(path, "r");
  int ppid = -1;
  if (in) {
    if (fscanf(in, "%*d (%*[^)]) %*c %d", &ppid) != 1) ppid = -1;
    fclose(in);
  }
  return ppid;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  int daemon = start_daemon(argv[1]);
  int daemon_parent = parent_of(daemon);
  int same_session = getsid(daemon) == getsid(0);
  printf("%d %d %d\n", daemon, daemon_parent, same_session);
  return 0;
}
