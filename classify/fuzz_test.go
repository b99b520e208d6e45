package classify

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDetect feeds hostile bodies to the checks that run on every response
// from every server: challenge detection, HTML sniffing, page-data sniffing
// and canary matching must never panic.
func FuzzDetect(f *testing.F) {
	files, _ := filepath.Glob("testdata/challenges/*")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(403, b)
		}
	}
	f.Add(200, []byte("<!-- x --><?xml?><!DOCTYPE html><title>Just a moment...</title>"))
	f.Add(503, []byte("<html><script src=//ct.captcha-delivery.com/c.js>"))
	pages, _ := filepath.Glob("testdata/pagedata/*")
	for _, file := range pages {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(200, b)
		}
	}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		DetectChallenge(status, http.Header{}, body)
		LooksLikeHTML(body)
		PageData(body)
		MatchesCanary(body, "/robots.txt", body[:len(body)/2], "/.well-known/x")
	})
}
