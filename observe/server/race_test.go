//go:build race

package server_test

// raceEnabled is true under -race: the load test uses fewer clients there
// (the race detector slows rendering about tenfold).
const raceEnabled = true
