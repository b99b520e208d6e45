package classify

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// TestPageData: React Server Components payloads of three generations of
// Next.js (testdata/pagedata, written after the files that static exports
// serve as /agents.txt) are page data; text files of the locations, and
// text that merely looks like rows, are not.
func TestPageData(t *testing.T) {
	files, err := filepath.Glob("testdata/pagedata/*.txt")
	if err != nil || len(files) < 3 {
		t.Fatalf("testdata/pagedata: %v, %d files", err, len(files))
	}
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !PageData(body) {
			t.Errorf("%s: PageData = false, want true", name)
		}
	}
	for name, body := range map[string]string{
		"robots.txt":           "User-agent: *\nDisallow: /_next/static/chunks/\n",
		"llms.txt":             "# Example\n\n> A site.\n\n- [Docs](https://example.com/docs): \"$undefined\" is a value\n",
		"numbered list":        "1: read the docs\n2: \"$L1\" is a reference\n3: ask\n",
		"rows after prose":     "Our agents page\n1:\"$Sreact.fragment\"\n2:I[1,[],\"\"]\n",
		"one row":              "1:\"$Sreact.fragment\"\n",
		"rows without a mark":  "1:[\"a\"]\n2:{\"b\":1}\n",
		"upper-case row id":    "1A:\"$Sreact.fragment\"\n2B:I[1,[],\"\"]\n",
		"agents.txt hash line": "*" + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" + "\n/a ALLOW\n",
		"empty":                "",
	} {
		if PageData([]byte(body)) {
			t.Errorf("%s: PageData = true, want false", name)
		}
	}
}

// TestFetch_PageData: page data where a text or Markdown file was expected
// is a soft 404 (page_data); at a JSON location, whose parser judges it,
// and at the home page it is not.
func TestFetch_PageData(t *testing.T) {
	body, err := os.ReadFile("testdata/pagedata/next15-fragment.txt")
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[registry.LocationID]Result{
		registry.LocAITxt:     {Soft404, ReasonPageData},
		registry.LocAgentsTxt: {Soft404, ReasonPageData},
		registry.LocLLMsTxt:   {Soft404, ReasonPageData},
		registry.LocRobots:    {Soft404, ReasonPageData},
		registry.LocDID:       {Present, ReasonOK},
		registry.LocHome:      {Present, ReasonOK},
	} {
		loc, ok := registry.LookupLocation(id)
		if !ok {
			t.Fatalf("no location %s", id)
		}
		if got := Fetch(&crawl.Fetch{Status: 200, Body: body}, loc, nil); got != want {
			t.Errorf("%s: %+v, want %+v", id, got, want)
		}
	}
}
