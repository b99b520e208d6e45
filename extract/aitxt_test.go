package extract

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/extract/aitxt"
	"github.com/agentpolicy/survey/registry"
)

func TestAITxtAdapter(t *testing.T) {
	for _, c := range []struct {
		file, effective, other string
		valid                  bool
		blocked, partial       []aitxt.Category
	}{
		{"spawning-all-media.txt", "disallow-all", "", true, []aitxt.Category{aitxt.Images, aitxt.Text, aitxt.Audio, aitxt.Video, aitxt.Code}, []aitxt.Category{}},
		{"spawning-images.txt", "partial", "", true, []aitxt.Category{aitxt.Images}, []aitxt.Category{}},
		{"allow-all.txt", "allow-all", "", true, []aitxt.Category{}, []aitxt.Category{}},
		{"prose.txt", "empty", "text", false, []aitxt.Category{}, []aitxt.Category{}},
		{"binary.txt", "empty", "", false, []aitxt.Category{}, []aitxt.Category{}},
	} {
		body, err := os.ReadFile(filepath.Join("aitxt", "testdata", "corpus", c.file))
		if err != nil {
			t.Fatal(err)
		}
		doc := Parse(registry.AITxt, body, Input{})
		sum := doc.Summary.(aiTxtSummary)
		if doc.Effective != c.effective || doc.OtherFormat != c.other || doc.Valid != c.valid ||
			!reflect.DeepEqual(sum.BlockedMedia, c.blocked) || !reflect.DeepEqual(sum.PartialMedia, c.partial) {
			t.Errorf("%s: effective %q other %q valid %v summary %+v; want %q %q %v %v %v", c.file, doc.Effective, doc.OtherFormat, doc.Valid, sum, c.effective, c.other, c.valid, c.blocked, c.partial)
		}
		cat := Catalogue()
		for _, d := range doc.Diagnostics {
			if _, ok := cat.Lookup(d.Code); !ok {
				t.Errorf("%s: %s is not in the catalogue", c.file, d.Code)
			}
		}
	}
	if CanDecide(registry.AITxt) {
		t.Errorf("ai.txt has no evaluator")
	}
}
