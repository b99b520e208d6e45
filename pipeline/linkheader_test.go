package pipeline_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/pipeline"
)

// A home page's Link header names its llms.txt after two KiB of preload
// link-values, as a site's framework and its own configuration add them:
// the crawl keeps the header whole in fetches.headers (other kept headers
// are cut at 1 KiB), home_signals.links records the llms.txt link with
// source header, and a reparse of the stored header gives the same rows.
func TestCrawl_LinkHeaderKeptWholeAndRead(t *testing.T) {
	var preload []string
	for i := range 40 {
		preload = append(preload, fmt.Sprintf("</assets/chunk-%02d.js>; rel=preload; as=script", i))
	}
	link := strings.Join(preload, ", ") + `, </llms.txt>; rel="describedby"; type="text/markdown"`
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Link", link)
		w.Write([]byte("<!doctype html><title>t</title>"))
	})
	dir, dbPath := crawlServer(t, site, "linked.test", "link", true)
	crawled := copyFile(t, dbPath, filepath.Join(t.TempDir(), "crawled.duckdb"))
	db, err := sql.Open("duckdb", crawled+"?access_mode=read_only")
	if err != nil {
		t.Fatal(err)
	}
	var kept, rel, source, location, effective string
	err = db.QueryRow(`SELECT f.headers['link'], h.links[1].rel, h.links[1].source, h.links[1].location, h.effective
		FROM fetches f JOIN home_signals h USING (crawl_id, domain, location)
		WHERE f.location = 'home'`).Scan(&kept, &rel, &source, &location, &effective)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if kept != link {
		t.Errorf("fetches.headers['link'] kept %d of the header's %d bytes", len(kept), len(link))
	}
	if rel != "describedby" || source != "header" || location != "llms-txt" || effective != "signals" {
		t.Errorf("home_signals: link rel %q, source %q, location %q, effective %q; want describedby, header, llms-txt, signals", rel, source, location, effective)
	}
	rp, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	simcrawl.WantSame(t, crawled, rp.DBPath, "the reparsed dataset differs from the crawl's")
}
