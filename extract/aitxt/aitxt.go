// Package aitxt parses Spawning's ai.txt: a robots.txt-syntax file
// (User-Agent, Allow, Disallow) written to opt media types out of AI
// training, usually with file-type patterns such as "Disallow: *.jpg".
//
// The file is read with the robots.txt event parser (extract/robots), so
// its syntax diagnostics are robots.* codes (listed by robots.Codes); this
// package adds the aitxt.* codes of Codes. On top of the robots.txt groups
// it reports which media categories — images, text, audio, video, code —
// the "*" policy disallows. A file type is disallowed when files of that
// type are disallowed wherever they are, which only two kinds of rule say:
// file-type rules ("*.ext" or "/*.ext", optionally ending in "$") and rules
// matching every path ("/", "*", "/*"). Rules for a directory or a file
// ("Disallow: /images/", "Allow: /public/", "Disallow: /a") say nothing
// about a type as such and are left out. Among the rules kept, robots.txt
// precedence decides (robots.Matcher: the longest match, allow on a tie),
// for each category's file extensions (Extensions). A category is blocked
// when every extension Spawning's ai.txt generator writes for it
// (SpawningExtensions) is disallowed and no file-type rule allows one of
// the others, so the generator's own output for a category blocks it. Matching is
// case-sensitive, as in robots.txt, so "*.JPG" does not disallow
// "file.jpg".
//
// A file without a User-Agent, Allow or Disallow line (prose, Markdown,
// key-value facts even with a Sitemap line or keys such as
// "Allow-AI-Training", JSON, HTML) is plainly another format: File.OtherFormat says which, the extract adapter reports it as
// such rather than as a broken ai.txt, and only the diagnostics about the
// body as text (encoding, byte order mark, size) are kept.
package aitxt

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/textsniff"
	"github.com/agentpolicy/survey/extract/robots"
)

var (
	codeOtherFormat = diag.Code{ID: "aitxt.other-format", Severity: diag.Info, Spec: "Spawning ai.txt (robots.txt syntax)",
		Summary: "The file has no User-Agent, Allow or Disallow line (a Sitemap line does not count); it follows another convention (prose, Markdown, key-value facts, JSON, HTML), and the robots.txt grammar's line diagnostics are not reported for it."}
	codeNoStarGroup = diag.Code{ID: "aitxt.no-star-group", Severity: diag.Info, Spec: "Spawning ai.txt (robots.txt syntax); RFC 9309 §2.2.1",
		Summary: "No group names \"*\"; crawlers not named in the file are not restricted."}
	codeUnknownFileType = diag.Code{ID: "aitxt.unknown-file-type", Severity: diag.Info, Spec: "Spawning ai.txt (robots.txt syntax)",
		Summary: "A file-type rule (such as \"*.xyz\") names an extension that is in none of the media categories survey reports."}
)

// Codes lists the diagnostic codes this package adds to robots.Codes.
func Codes() []diag.Code {
	return []diag.Code{codeOtherFormat, codeNoStarGroup, codeUnknownFileType}
}

// Category is a media category of ai.txt.
type Category string

// The media categories.
const (
	Images Category = "images"
	Text   Category = "text"
	Audio  Category = "audio"
	Video  Category = "video"
	Code   Category = "code"
)

// Categories returns the media categories in report order.
func Categories() []Category { return []Category{Images, Text, Audio, Video, Code} }

// SpawningExtensions returns the file extensions (lower case, without the
// dot) that Spawning's ai.txt generator writes for a category, in its order:
// a category is blocked when all of them are disallowed.
func SpawningExtensions(c Category) []string {
	switch c {
	case Images:
		return []string{"bmp", "gif", "ico", "jpeg", "jpg", "png", "svg", "tif", "tiff", "webp"}
	case Text:
		return []string{"txt", "pdf", "doc", "docx", "odt", "rtf", "tex", "wks", "wpd", "wps", "html"}
	case Audio:
		return []string{"aac", "aiff", "amr", "flac", "m4a", "mp3", "oga", "opus", "wav", "wma"}
	case Video:
		return []string{"mp4", "webm", "ogg", "avi", "mov", "wmv", "flv", "mkv"}
	case Code:
		return []string{"py", "js", "java", "c", "cpp", "cs", "h", "css", "php", "swift", "go", "rb", "pl", "sh", "sql"}
	}
	return nil
}

// moreExtensions returns the other file extensions survey counts in a
// category: common ones that Spawning's generator does not write.
func moreExtensions(c Category) []string {
	switch c {
	case Images:
		return []string{"heic", "heif", "avif", "psd", "raw"}
	case Text:
		return []string{"md", "epub", "htm", "xml", "csv", "json"}
	case Audio:
		return []string{"aif", "mid", "midi"}
	case Video:
		return []string{"m4v", "mpeg", "mpg", "3gp", "ogv"}
	case Code:
		return []string{"ts", "cc", "hpp", "kt", "rs", "scala", "lua", "ipynb"}
	}
	return nil
}

// Extensions returns the file extensions (lower case, without the dot)
// probed for a category: SpawningExtensions, then the other common ones.
func Extensions(c Category) []string {
	return append(SpawningExtensions(c), moreExtensions(c)...)
}

// categoryOf returns the category of a lower-case extension.
func categoryOf(ext string) (Category, bool) {
	c, ok := extensionCategories()[ext]
	return c, ok
}

// extensionCategories maps every extension of Extensions to its category,
// built once: categoryOf is asked for every file-type rule of every file.
var extensionCategories = sync.OnceValue(func() map[string]Category {
	m := map[string]Category{}
	for _, c := range Categories() {
		for _, ext := range Extensions(c) {
			if _, dup := m[ext]; !dup {
				m[ext] = c
			}
		}
	}
	return m
})

// File is a parsed ai.txt. Its JSON form holds the robots.txt fields
// (groups, sitemaps, ...) with the media stance added.
type File struct {
	robots.File
	// Media is the "*" policy's stance towards each media category, in
	// Categories order.
	Media []MediaStance `json:"media"`
	// BlockedMedia are the categories whose every extension is disallowed
	// for "*"; PartialMedia those with some extensions disallowed.
	BlockedMedia []Category `json:"blocked_media"`
	PartialMedia []Category `json:"partial_media"`
	// OtherFormat is "html", "json", "key-value", "markdown" or "text"
	// (textsniff.Convention) when the file is plainly not robots.txt-style;
	// empty otherwise.
	OtherFormat string `json:"other_format,omitempty"`
}

// MediaStance is the "*" policy towards one media category.
type MediaStance struct {
	Category Category `json:"category"`
	// Access is blocked (every extension disallowed), partial or allowed.
	Access robots.Access `json:"access"`
	// Disallowed are the category's extensions that are disallowed.
	Disallowed []string `json:"disallowed"`
}

// probePath is the path at which an extension is probed, under the media
// rules alone (mediaRules): those rules match it or not whatever its
// directory and base name, since neither holds a ".".
func probePath(ext string) string { return "/file." + ext }

// mediaRules returns the groups of f with only the rules that say
// something about a file type wherever the file is: file-type rules and
// rules matching every path.
func mediaRules(f *robots.File) *robots.File {
	out := &robots.File{Groups: make([]robots.Group, len(f.Groups))}
	for i, g := range f.Groups {
		g.Rules = slices.DeleteFunc(slices.Clone(g.Rules), func(r robots.Rule) bool {
			_, typed := fileType(r.Path)
			return !typed && !robots.MatchesEveryPath(r.Path)
		})
		out.Groups[i] = g
	}
	return out
}

// Parse parses an ai.txt body. It never panics and runs in time linear in
// the body (the media probes are a fixed number of matcher queries).
func Parse(body []byte) (*File, diag.List) {
	return ParseWith(body, robots.Options{})
}

// ParseWith is Parse for a body described by opt (read, as the syntax is,
// by the robots.txt parser).
func ParseWith(body []byte, opt robots.Options) (*File, diag.List) {
	b := robots.Builder{Options: opt}
	var c recordCounter
	robots.ParseEvents(body, tee{&b, &c})
	rf, diags := b.Result()
	f := &File{File: *rf, Media: []MediaStance{}, BlockedMedia: []Category{}, PartialMedia: []Category{}}

	switch {
	case rf.NotText != "":
		// Not text at all: invalid (robots.not-text), not another format.
	case rf.HTML:
		f.OtherFormat = "html"
	case c.rules == 0 && c.content > 0:
		if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid(trimmed) {
			f.OtherFormat = "json"
		} else {
			f.OtherFormat = textsniff.Convention(body)
		}
		// The robots.txt grammar is not this file's: its line diagnostics
		// (malformed lines, unknown records) would be counted as breaches
		// of RFC 9309 by a file that does not follow it. Only what is
		// wrong with the body as text stays, as for an HTML body.
		diags = slices.DeleteFunc(diags, func(d diag.Diagnostic) bool { return !bodyCodes[d.Code] })
	}
	if f.OtherFormat != "" {
		diags.Add(codeOtherFormat, 0, "the file has no User-Agent, Allow or Disallow line; it looks like %s", f.OtherFormat)
	}

	m := robots.NewMatcher(rf)
	if _, applies := m.Groups("*"); applies != robots.Star && len(rf.Groups) > 0 {
		diags.Add(codeNoStarGroup, 0, "no group names \"*\"; crawlers not named in the file are not restricted")
	}
	media := robots.NewMatcher(mediaRules(rf))
	for _, cat := range Categories() {
		ms := MediaStance{Category: cat, Disallowed: []string{}}
		// Blocked: every extension Spawning's generator writes for the
		// category is disallowed, and no file-type rule allows one of the
		// others (which the generator never names).
		blocked := true
		for _, ext := range SpawningExtensions(cat) {
			if d := media.Allowed("*", probePath(ext)); d.Allowed {
				blocked = false
			} else {
				ms.Disallowed = append(ms.Disallowed, ext)
			}
		}
		for _, ext := range moreExtensions(cat) {
			if d := media.Allowed("*", probePath(ext)); !d.Allowed {
				ms.Disallowed = append(ms.Disallowed, ext)
			} else if d.Rule != nil && !robots.MatchesEveryPath(d.Rule.Path) {
				blocked = false
			}
		}
		switch {
		case len(ms.Disallowed) == 0:
			ms.Access = robots.Allowed
		case blocked:
			ms.Access = robots.Blocked
			f.BlockedMedia = append(f.BlockedMedia, cat)
		default:
			ms.Access = robots.Partial
			f.PartialMedia = append(f.PartialMedia, cat)
		}
		f.Media = append(f.Media, ms)
	}
	// One diagnostic per rule: capped, as the robots.txt parser caps its
	// own (diag.MaxPerCode), so that a long list of file types does not
	// yield a diagnostic per line.
	var unknown diag.Capped
	for _, g := range rf.Groups {
		for _, r := range g.Rules {
			if ext, ok := fileType(r.Path); ok {
				if _, known := categoryOf(strings.ToLower(ext)); !known {
					unknown.Add(codeUnknownFileType, r.Line, "%s %q names file type %q, which is in none of the media categories", r.Kind, r.Path, ext)
				}
			}
		}
	}
	diags = append(diags, unknown.List()...)
	diags.Sort()
	return f, diags
}

// fileType returns the extension of a file-type pattern: "*.ext", "/*.ext",
// optionally ending in "$".
func fileType(pattern string) (string, bool) {
	p := strings.TrimSuffix(strings.TrimPrefix(pattern, "/"), "$")
	ext, ok := strings.CutPrefix(p, "*.")
	if !ok || ext == "" {
		return "", false
	}
	for i := 0; i < len(ext); i++ {
		c := ext[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return "", false
		}
	}
	return ext, true
}

// bodyCodes are the robots.* codes about the body as text (its encoding,
// its byte order mark, its size), kept for a file in another format.
var bodyCodes = map[string]bool{
	"robots.not-text": true, "robots.invalid-utf8": true, "robots.control-character": true,
	"robots.bom": true, "robots.partial-bom": true, "robots.over-size-limit": true,
}

// recordCounter counts the lines that make an ai.txt (user-agent, allow
// and disallow records) and non-blank lines, to tell an ai.txt from a file
// in another convention. A sitemap line does not count: key-value files
// of site facts for AI agents name their sitemap too. Nor does a key that
// only starts with "allow" or "disallow" ("Allow-AI-Training: true"), which
// the robots.txt parser reads as that record, as google/robotstxt does:
// such keys are the key-value files' own; a misspelling ("Dissallow")
// still counts.
type recordCounter struct {
	robots.NopHandler
	rules   int    // user-agent, allow and disallow lines
	content int    // lines that are neither blank nor comment-only
	typoKey string // the key of the current line when it is a misspelling
}

func (c *recordCounter) HandleLine(l robots.Line) {
	if !l.Blank {
		c.content++
	}
	c.typoKey = ""
	if l.Typo {
		c.typoKey = strings.ToLower(l.Key)
	}
}
func (c *recordCounter) HandleUserAgent(int, string) { c.rules++ }
func (c *recordCounter) HandleAllow(int, string)     { c.rule("allow") }
func (c *recordCounter) HandleDisallow(int, string)  { c.rule("disallow") }

// rule counts an allow or disallow line unless its key is another name
// that starts with the record's (name).
func (c *recordCounter) rule(name string) {
	if len(c.typoKey) > len(name) && strings.HasPrefix(c.typoKey, name) {
		return
	}
	c.rules++
}

// tee sends every event to each handler in turn.
type tee []robots.Handler

func (t tee) HandleLine(l robots.Line) {
	for _, h := range t {
		h.HandleLine(l)
	}
}

func (t tee) HandleUserAgent(line int, v string) {
	for _, h := range t {
		h.HandleUserAgent(line, v)
	}
}

func (t tee) HandleAllow(line int, v string) {
	for _, h := range t {
		h.HandleAllow(line, v)
	}
}

func (t tee) HandleDisallow(line int, v string) {
	for _, h := range t {
		h.HandleDisallow(line, v)
	}
}

func (t tee) HandleSitemap(line int, v string) {
	for _, h := range t {
		h.HandleSitemap(line, v)
	}
}

func (t tee) HandleExtension(line int, e robots.Extension, name, v string) {
	for _, h := range t {
		h.HandleExtension(line, e, name, v)
	}
}

func (t tee) HandleUnknown(line int, name, v string) {
	for _, h := range t {
		h.HandleUnknown(line, name, v)
	}
}

func (t tee) HandleEnd(info robots.BodyInfo) {
	for _, h := range t {
		h.HandleEnd(info)
	}
}
