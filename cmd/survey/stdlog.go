package main

import (
	"bytes"
	"io"
	"sync"
)

// libraryLog is where the standard library's own log lines go (the log
// package's default logger): net/http's Transport logs there what a
// server sent out of turn ("Unsolicited response received on idle HTTP
// channel starting with ..."), quoting the server's bytes. Each line is
// written with a prefix saying where it comes from, its unprintable
// characters escaped, so that a hostile server cannot write control
// sequences to the operator's terminal.
type libraryLog struct {
	mu     sync.Mutex
	w      io.Writer
	prefix string
	buf    []byte // a line not yet ended
}

// Write implements io.Writer, one line at a time.
func (l *libraryLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		line := printable(string(l.buf[:i]))
		l.buf = l.buf[i+1:]
		if _, err := io.WriteString(l.w, l.prefix+line+"\n"); err != nil {
			return len(p), err
		}
	}
	return len(p), nil
}
