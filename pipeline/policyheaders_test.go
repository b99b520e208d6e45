package pipeline_test

import (
	"database/sql"
	"net/http"
	"strings"
	"testing"
)

// TestRun_LongPolicyHeaderIsParsedWhole: a home page's Content-Usage
// value longer than 1 KiB, its train-ai preference last, is parsed as
// sent. The crawl cut every kept header at 1 KiB before the parser saw it,
// so train_ai was null in the dataset (content_usage_valid still true)
// where survey check on the same URL said n. Other kept headers are still
// cut at 1 KiB.
func TestRun_LongPolicyHeaderIsParsedWhole(t *testing.T) {
	long := "search=y, x-" + strings.Repeat("k", 1100) + "=y, train-ai=n"
	server := strings.Repeat("s", 2000)
	_, dbPath := crawlServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Usage", long)
		w.Header().Set("Server", server)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!doctype html><html><head><title>t</title></head><body>hi</body></html>"))
	}), "long-header.test", "long-header", true)
	db := openReadOnly(t, dbPath)
	var trainAI, stored, storedServer sql.NullString
	err := db.QueryRow(`SELECT h.train_ai, f.headers['content-usage'], f.headers['server']
		FROM home_signals h JOIN fetches f USING (crawl_id, domain) WHERE f.location = 'home'`).
		Scan(&trainAI, &stored, &storedServer)
	if err != nil {
		t.Fatal(err)
	}
	if trainAI.String != "n" {
		t.Errorf("home_signals.train_ai = %v, want n (the last preference of a %d-byte Content-Usage)", trainAI, len(long))
	}
	if stored.String != long {
		t.Errorf("fetches.headers['content-usage'] holds %d bytes, want the %d sent", len(stored.String), len(long))
	}
	if len(storedServer.String) != 1024 {
		t.Errorf("fetches.headers['server'] holds %d bytes, want it cut at 1024", len(storedServer.String))
	}
}
