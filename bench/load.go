package bench

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Load is how busy the machine was during a measurement, apart from this
// process: the CPU time all processes used (the first line of /proc/stat)
// minus this process's own (getrusage), over the wall time. Comparing the
// process's CPU time with its wall time alone cannot tell a busy machine
// from a single-threaded wait, and the load average is a minute-long
// average that lags a short run; the difference of the two CPU counters
// says directly how much of the machine others took.
type Load struct {
	Wall time.Duration
	// Others is the CPU time other processes used, in CPUs: 1.0 is one
	// core kept busy for the whole measurement.
	Others float64
	// CPUs is the number of logical CPUs.
	CPUs int
	// Known is false where /proc/stat cannot be read (not Linux) or the
	// measurement was too short (under half a second) to judge.
	Known bool
}

// BusyThreshold is the CPU use of other processes, in CPUs, above which
// Load.Busy reports the machine busy.
const BusyThreshold = 0.25

// Busy reports whether other processes used more than BusyThreshold CPUs
// on average: timings taken then are slower than the code is.
func (l Load) Busy() bool { return l.Known && l.Others > BusyThreshold }

// LoadMeter measures Load between StartLoad and Stop.
type LoadMeter struct {
	t0         time.Time
	sys0, own0 time.Duration
	ok         bool
}

// StartLoad starts measuring the machine's load.
func StartLoad() *LoadMeter {
	sys, ok := systemCPU()
	return &LoadMeter{t0: time.Now(), sys0: sys, own0: cpuTime(), ok: ok}
}

// Stop ends the measurement.
func (m *LoadMeter) Stop() Load {
	wall := time.Since(m.t0)
	sys, ok := systemCPU()
	own := cpuTime()
	l := Load{Wall: wall, CPUs: runtime.NumCPU()}
	if !ok || !m.ok || wall < 500*time.Millisecond || own == 0 {
		return l
	}
	others := (sys - m.sys0) - (own - m.own0)
	l.Others = max(0, others.Seconds()/wall.Seconds())
	l.Known = true
	return l
}

// clockTicks is USER_HZ, the unit of /proc/stat: 100 on every Linux
// architecture Go supports.
const clockTicks = 100

// systemCPU returns the CPU time all processes have used since boot
// (user, nice, system, irq, softirq, steal), from /proc/stat.
func systemCPU() (time.Duration, bool) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return 0, false
	}
	fields := strings.Fields(sc.Text())
	if len(fields) < 9 || fields[0] != "cpu" {
		return 0, false
	}
	var ticks int64
	for i, f := range fields[1:9] {
		if i == 3 || i == 4 { // idle, iowait
			continue
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTicks, true
}
