package testweb

import (
	"strings"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/testweb/content"
)

// contentSource is the catalog source of package content's corpus.
func contentSource() catalogSource {
	return catalogSource{
		variants: func(loc registry.LocationID) []weightedFile {
			var out []weightedFile
			for _, v := range content.Variants(loc) {
				out = append(out, weightedFile{fromVariant(v), v.Weight})
			}
			return out
		},
		feedSets: func() []weightedFeedSet {
			var out []weightedFeedSet
			for _, s := range content.FeedSets() {
				set := feedSet{name: s.Name}
				if s.Feed != nil {
					set.feed = fromVariant(*s.Feed)
				}
				if s.DID != nil {
					set.did = fromVariant(*s.DID)
				}
				if s.Card != nil {
					set.card = fromVariant(*s.Card)
				}
				out = append(out, weightedFeedSet{set, s.Weight})
			}
			return out
		},
		homes: func() []weightedFile {
			var out []weightedFile
			for _, h := range content.HomePages() {
				f := &file{name: h.Name, header: h.Header.Clone(), body: h.Body, linksTo: h.LinksTo}
				f.contentType = f.header.Get("Content-Type")
				f.header.Del("Content-Type")
				if f.contentType == "" {
					f.contentType = typeHTML
				}
				out = append(out, weightedFile{f, h.Weight})
			}
			return out
		},
	}
}

// fromVariant converts a content variant to a file.
func fromVariant(v content.Variant) *file {
	valid := v.Valid
	return &file{
		name:        v.Name,
		contentType: v.ContentType,
		valid:       &valid,
		otherFormat: v.OtherFormat,
		open:        strings.HasPrefix(v.Note, content.OpenPrefix),
		body:        v.Body,
	}
}
