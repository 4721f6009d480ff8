// A program that starts a daemon through sh (setsid, in the background, and sh exits at once), then
// stops at line 41 while the daemon sleeps: neither its parent nor its session is the run's.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

func startDaemon(pidFile string) int {
	script := `setsid sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 300' daemon "$1" </dev/null >/dev/null 2>&1 &`
	if err := exec.Command("sh", "-c", script, "sh", pidFile).Run(); err != nil {
		panic(err)
	}
	for {
		if text, err := os.ReadFile(pidFile); err == nil {
			pid, _ := strconv.Atoi(strings.TrimSpace(string(text)))
			return pid
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func parentOf(pid int) int {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	ppid, _ := strconv.Atoi(fields[1])
	return ppid
}

func main() {
	daemon := startDaemon(os.Args[1])
	daemonParent := parentOf(daemon)
	fmt.Println(daemon, daemonParent)
}
