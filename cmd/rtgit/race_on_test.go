//go:build race

package main

// raceDetector reports a -race build, for tests too slow to repeat under it.
const raceDetector = true
