// Package scripts holds the shell scripts rtgit ships outside its binary
// (install.sh, which the GitHub Action runs to install a verified release)
// and the Go tests that run them against a loopback release server.
package scripts
