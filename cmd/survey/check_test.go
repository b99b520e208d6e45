package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// homePage is a home page whose meta tags reserve text and data mining and
// refuse AI training, with a tdm-reservation that conflicts with the one a
// header gives.
const homePage = `<!DOCTYPE html>
<html><head>
<title>Example</title>
<meta name="robots" content="noai, noimageai">
<meta name="tdm-reservation" content="1">
</head><body>Hello</body></html>
`

// The home page's signals are checked like any file: from a local file,
// with its response headers given by --header, and from a URL, with the
// headers of the response.
func TestCheck_HomePage(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "index.html")
	os.WriteFile(page, []byte(homePage), 0o644)

	code, out, errs := runSurvey(t, "", "check", page)
	if code != exitOK || !strings.Contains(out, page+": homepage: valid (0 errors, 0 warnings, 0 infos); effective policy: signals") {
		t.Fatalf("a home page, its type detected: exit %d\n%s%s", code, out, errs)
	}

	code, out, errs = runSurvey(t, "", "check", "--format", "json",
		"--header", "TDM-Reservation: 0", "--header", "Content-Usage: train-ai=n", page)
	var got struct {
		Type        string `json:"type"`
		Diagnostics []struct {
			Code string `json:"code"`
			Line int    `json:"line"`
		} `json:"diagnostics"`
		Summary struct {
			NoAI        bool   `json:"noai"`
			TDMReserved bool   `json:"tdm_reserved"`
			TrainAI     string `json:"train_ai"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitOK {
		t.Fatalf("with --header: exit %d, %v\n%s%s", code, err, out, errs)
	}
	if got.Type != "homepage" || !got.Summary.NoAI || !got.Summary.TDMReserved || got.Summary.TrainAI != "n" {
		t.Errorf("with --header: %+v, want a home page with noai, a TDM reservation and train-ai=n", got)
	}
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Code != "homepage.tdm-conflict" || got.Diagnostics[0].Line != 5 {
		t.Errorf("diagnostics %+v, want the header's and the meta tag's reservations in conflict at line 5", got.Diagnostics)
	}

	for _, bad := range []string{"no colon", ": no name", "Two words: x"} {
		if code, _, errs := runSurvey(t, "", "check", "--header", bad, page); code != exitUsage || !strings.Contains(errs, "Name: value") {
			t.Errorf("--header %q: exit %d, %q", bad, code, errs)
		}
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("X-Robots-Tag", "GPTBot: noindex")
		w.Header().Set("TDM-Reservation", "0")
		fmt.Fprint(w, homePage)
	}))
	defer srv.Close()
	code, out, errs = runSurvey(t, "", "check", "--allow-private", srv.URL+"/")
	for _, want := range []string{
		srv.URL + "/:5: warning: ",
		"[homepage.tdm-conflict, ",
		srv.URL + "/: homepage: valid (0 errors, 1 warning, 0 infos); effective policy: signals",
	} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("a home page by URL: exit %d, output lacks %q:\n%s%s", code, want, out, errs)
		}
	}
	if code, _, errs := runSurvey(t, "", "check", "--allow-private", "--header", "X-Robots-Tag: noai", srv.URL+"/"); code != exitUsage || !strings.Contains(errs, "--header") {
		t.Errorf("--header with a URL: exit %d, %q", code, errs)
	}
	// Without --allow-private, survey check keeps the crawler's guard.
	if code, _, errs := runSurvey(t, "", "check", srv.URL+"/"); code != exitUsage || errs == "" {
		t.Errorf("a loopback URL without --allow-private: exit %d, %q", code, errs)
	}
}
