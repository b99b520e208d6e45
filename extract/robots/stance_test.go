package robots

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestStance(t *testing.T) {
	for _, c := range []struct {
		name, body, token string
		access            Access
		applies           Applies
	}{
		{"StarDisallowAll", "User-agent: *\nDisallow: /\n", "GPTBot", Blocked, Star},
		{"NamedDisallowAll", "User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n", "GPTBot", Blocked, Named},
		{"NamedCaseInsensitive", "User-agent: gptbot\nDisallow: /\n", "GPTBot", Blocked, Named},
		{"OtherTokenInheritsStar", "User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n", "ClaudeBot", Allowed, Star},
		{"NamedPartial", "User-agent: GPTBot\nDisallow: /private/\n", "GPTBot", Partial, Named},
		{"NoGroup", "User-agent: GPTBot\nDisallow: /\n", "ClaudeBot", Allowed, NoGroup},
		{"EmptyFile", "", "ClaudeBot", Allowed, NoGroup},
		{"DisallowAllWithAllowedDir", "User-agent: *\nDisallow: /\nAllow: /public/\n", "CCBot", Partial, Star},
		{"DisallowAllRobotsTxtOnly", "User-agent: *\nDisallow: /\nAllow: /robots.txt\n", "CCBot", Blocked, Star},
		{"DisallowHomeOnly", "User-agent: *\nDisallow: /$\n", "CCBot", Partial, Star},
		{"DisallowStar", "User-agent: *\nDisallow: *\n", "CCBot", Blocked, Star},
		{"DisallowSlashStar", "User-agent: *\nDisallow: /*\n", "CCBot", Blocked, Star},
		{"AllowTiesDisallow", "User-agent: *\nDisallow: /\nAllow: /\n", "CCBot", Allowed, Star},
		{"AllowLongerMatchAll", "User-agent: *\nDisallow: /\nAllow: /*\n", "CCBot", Allowed, Star},
		{"IdenticalAllow", "User-agent: *\nDisallow: /x\nAllow: /x\n", "CCBot", Allowed, Star},
		{"EmptyDisallow", "User-agent: *\nDisallow:\n", "CCBot", Allowed, Star},
		{"NamedEmptyGroup", "User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\n", "GPTBot", Allowed, Named},
		{"MergedGroups", "User-agent: GPTBot\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /\n", "GPTBot", Blocked, Named},
		{"AllowSlashBesideDisallowSlashStar", "User-agent: *\nAllow: /\nDisallow: /*\n", "CCBot", Blocked, Star},
		{"DisallowSlashStarDollar", "User-agent: *\nDisallow: /*$\n", "CCBot", Blocked, Star},
		{"AllowSlashBesideDisallowSlashStarDollar", "User-agent: *\nAllow: /\nDisallow: /*$\n", "CCBot", Blocked, Star},
		{"EqualLengthAllowTiesDisallowSlashStar", "User-agent: *\nAllow: /p\nDisallow: /*\n", "CCBot", Partial, Star},
		{"AllowDirBesideDisallowSlashStar", "User-agent: *\nAllow: /public/\nDisallow: /*\n", "CCBot", Partial, Star},
		{"AllowSlashStarDollarTiesDisallow", "User-agent: *\nDisallow: /*$\nAllow: /*$\n", "CCBot", Allowed, Star},
		{"DisallowRelativePath", "User-agent: *\nDisallow: wp-admin\n", "CCBot", Allowed, Star},
		{"DisallowRelativePathStar", "User-agent: *\nDisallow: private*\n", "CCBot", Allowed, Star},
		{"AllowRelativePathBesideDisallowAll", "User-agent: *\nDisallow: /\nAllow: wp-content/uploads/\n", "CCBot", Blocked, Star},
		{"DisallowDotSegment", "User-agent: *\nDisallow: /../private/\nDisallow: /a/%2E$\n", "CCBot", Allowed, Star},
		{"DisallowDotsAfterStar", "User-agent: *\nDisallow: /*/../q\n", "CCBot", Partial, Star},
		{"AllowDotSegmentBesideDisallowAll", "User-agent: *\nDisallow: /\nAllow: /../public/\n", "CCBot", Blocked, Star},
		{"FullUserAgent", "User-agent: GPTBot\nDisallow: /\n", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1)", Allowed, NoGroup},
	} {
		f, _ := Parse([]byte(c.body))
		got := Stance(f, []string{c.token})[0]
		if got.Token != c.token || got.Access != c.access || got.Applies != c.applies {
			t.Errorf("%s: Stance = %+v, want access %s applies %s", c.name, got, c.access, c.applies)
		}
		// The class agrees with the matcher on sample paths.
		m := NewMatcher(f)
		allowed := 0
		paths := []string{"/", "/p", "/public/", "/public/x", "/private/x", "/a", "/x", "/index.html"}
		for _, p := range paths {
			if m.Allowed(c.token, p).Allowed {
				allowed++
			}
		}
		if (c.access == Blocked && allowed != 0) || (c.access == Allowed && allowed != len(paths)) {
			t.Errorf("%s: %s, but the matcher allows %d of %d sample paths", c.name, c.access, allowed, len(paths))
		}
	}
}

func TestStances_Lines(t *testing.T) {
	f, _ := Parse([]byte("User-agent: *\nDisallow: /x\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /a\n"))
	got := NewMatcher(f).Stances([]string{"GPTBot", "CCBot", "ClaudeBot"})
	want := []TokenStance{
		{Token: "GPTBot", Access: Partial, Applies: Named, Lines: []int{4, 7}},
		{Token: "CCBot", Access: Partial, Applies: Star, Lines: []int{1}},
		{Token: "ClaudeBot", Access: Partial, Applies: Star, Lines: []int{1}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Stances = %+v\nwant %+v", got, want)
	}
}

// TestAICrawlers_Valid checks the embedded list: it parses, holds the
// crawlers the survey must know, and is in canonical form (sorted, as
// WriteAICrawlers writes it).
func TestAICrawlers_Valid(t *testing.T) {
	list, err := ReadAICrawlers(strings.NewReader(aiCrawlersCSV))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(list, AICrawlers()) || len(AITokens()) != len(list) {
		t.Errorf("AICrawlers and AITokens disagree with the file")
	}
	have := map[string]Crawler{}
	for _, c := range list {
		have[c.Token] = c
		if c.Operator == "" || c.Source == "" {
			t.Errorf("%s has no operator or source", c.Token)
		}
	}
	for _, token := range []string{"GPTBot", "OAI-SearchBot", "ChatGPT-User", "ClaudeBot", "Claude-User", "Claude-SearchBot",
		"anthropic-ai", "Google-Extended", "GoogleOther", "Applebot-Extended", "PerplexityBot", "Perplexity-User", "CCBot",
		"Bytespider", "Amazonbot", "meta-externalagent", "FacebookBot", "cohere-ai", "Diffbot", "YouBot", "Timpibot",
		"ImagesiftBot", "omgili", "DuckAssistBot", "MistralAI-User"} {
		if _, ok := have[token]; !ok {
			t.Errorf("%s is missing from aicrawlers.csv", token)
		}
	}
	if c := have["GPTBot"]; c.Operator != "OpenAI" || c.Purpose != "training" {
		t.Errorf("GPTBot = %+v, want OpenAI training", c)
	}
	var buf bytes.Buffer
	if err := WriteAICrawlers(&buf, list); err != nil {
		t.Fatal(err)
	}
	if buf.String() != aiCrawlersCSV {
		t.Errorf("aicrawlers.csv is not in canonical form (sorted by token, as WriteAICrawlers writes it)")
	}
}

// TestAICrawlers_UniqueCaseInsensitive: robots.txt tokens are
// case-insensitive, so the list may not hold one twice.
func TestAICrawlers_UniqueCaseInsensitive(t *testing.T) {
	seen := map[string]string{}
	for _, c := range AICrawlers() {
		key := strings.ToLower(c.Token)
		if prev, dup := seen[key]; dup {
			t.Errorf("%q and %q are the same token", prev, c.Token)
		}
		seen[key] = c.Token
	}
}

func TestReadAICrawlers_Errors(t *testing.T) {
	const header = "token,operator,purpose,source\n"
	for name, body := range map[string]string{
		"duplicate":    header + "GPTBot,OpenAI,training,x\ngptbot,OpenAI,training,x\n",
		"not a token":  header + "Kangaroo Bot,x,training,x\n",
		"version":      header + "iaskspider/2.0,x,training,x\n",
		"purpose":      header + "GPTBot,OpenAI,scraping,x\n",
		"header":       "name,operator,purpose,source\n",
		"empty":        "",
		"short record": header + "GPTBot,OpenAI\n",
	} {
		if _, err := ReadAICrawlers(strings.NewReader(body)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestWriteAICrawlers_Sorted(t *testing.T) {
	var buf bytes.Buffer
	list := []Crawler{{"b", "B", "other", "x"}, {"A", "A", "training", "y"}, {"c,d", "C", "other", "z"}}
	if err := WriteAICrawlers(&buf, list[:2]); err != nil {
		t.Fatal(err)
	}
	if want := "token,operator,purpose,source\nA,A,training,y\nb,B,other,x\n"; buf.String() != want {
		t.Errorf("WriteAICrawlers = %q, want %q", buf.String(), want)
	}
}

func TestMatchesEveryPath(t *testing.T) {
	for in, want := range map[string]bool{"/": true, "*": true, "/*": true, "/**$": true, "*$": true, "/*$": true,
		"/$": false, "": false, "$": false, "/a": false, "*/": false, "*.jpg": false} {
		if got := MatchesEveryPath(in); got != want {
			t.Errorf("MatchesEveryPath(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestStances_AgreeWithStance checks that Stances, which classifies the
// tokens no group names once for all of them, gives every known AI crawler
// of every corpus file the stance that Stance gives it alone, and that a
// token asked in another case gets the same groups.
func TestStances_AgreeWithStance(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "corpus", "*"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("corpus: %v, %d files", err, len(paths))
	}
	paths = append(paths, filepath.Join("testdata", "bench-50k.robots.txt"))
	bodies := map[string][]byte{"inline": []byte("User-agent: *\nDisallow: /x\n\nuser-agent: gptbot\nuser-agent: CCBOT\nDisallow: /\n")}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		bodies[filepath.Base(p)] = b
	}
	tokens := AITokens()
	upper := make([]string, len(tokens))
	for i, tok := range tokens {
		upper[i] = strings.ToUpper(tok)
	}
	for name, body := range bodies {
		f, _ := Parse(body)
		m := NewMatcher(f)
		checkStancesAgree(t, name, m, tokens)
		checkStancesAgree(t, name, m, upper)
	}
}

// checkStancesAgree reports each of tokens to which m.Stances gives another
// stance than m.Stance gives it alone. The reference asks in lower case, as
// the groups are keyed; the stance keeps the token as asked.
func checkStancesAgree(t *testing.T, name string, m *Matcher, tokens []string) {
	t.Helper()
	for i, got := range m.Stances(tokens) {
		want := m.Stance(strings.ToLower(tokens[i]))
		want.Token = tokens[i]
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Stances gives %s %+v, Stance %+v", name, tokens[i], got, want)
		}
	}
}
