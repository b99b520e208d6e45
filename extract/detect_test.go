package extract

import (
	"testing"

	"github.com/agentpolicy/survey/registry"
)

func TestDetect(t *testing.T) {
	cases := []struct {
		name, body string
		want       registry.FormatID
	}{
		{"robots.txt", "", registry.Robots},
		{"https://example.com/.well-known/agents.md", "", registry.AgentsMD},
		{"site/AGENTS.md", "", registry.AgentsMD},
		{"/srv/www/Agents.TXT", "", registry.AgentsTxt},
		{"https://example.com/.well-known/did.json?x=1", "", registry.DID},
		{"agent-feed.xml", "", registry.AgentFeed},
		{"automation-preferences.txt", "", registry.Autoctl},
		{"tdmrep.json", "", registry.TDMRep},
		{"llms.txt", "", registry.LLMsTxt},
		{"ai.txt", "", registry.AITxt},
		{"agent-card.json", "", registry.AgentCard},
		{"-", "User-agent: *\nDisallow: /\n", registry.Robots},
		{"-", "# v\n*e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n/a ALLOW\n", registry.AgentsTxt},
		{"-", "# version: 1.0\n/status ALLOW\n/admin DISALLOW\n", registry.AgentsTxt}, // no hash line: not llms.txt for its "# "
		{"-", "# Notes\n\n/admin DISALLOWED\n", registry.LLMsTxt},                     // DISALLOWED is not the action
		{"-", "# AGENTS.md\n\n## Identity\n- site: x\n", registry.AgentsMD},
		{"-", "scope: /\nallowed-methods: GET\n", registry.Autoctl},
		{"-", "<!-- Automation preferences for example.com -->\n\nscope: /\nallowed-methods: GET\n", registry.Autoctl}, // the draft's sample opens so
		{"-", `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:af="https://agent-feed.dev/ns/v0">`, registry.AgentFeed},
		{"-", `{"id":"did:web:example.com","verificationMethod":[]}`, registry.DID},
		{"-", `[{"location":"/","tdm-reservation":1}]`, registry.TDMRep},
		{"-", `{"name":"Agent","url":"https://example.com/a2a","skills":[]}`, registry.AgentCard},
		{"-", "# Project\n\n> Summary\n", registry.LLMsTxt},
		{"index.html", "<!DOCTYPE html>\n<html><head><meta name=\"robots\" content=\"noai\">", registry.HomePage},
		// A saved home page is told by its name, whatever it holds.
		{"site/index.html", "", registry.HomePage},
		{"/srv/www/INDEX.HTM", "", registry.HomePage},
		{"https://example.com/index.html?x=1", "User-agent: *\nDisallow: /\n", registry.HomePage},
		{"index.html.bak", "", ""},
		{"https://example.com/", "<!-- generated -->\n<html lang=\"en\">", registry.HomePage},
		{"-", "<HEAD><title>x</title>", registry.HomePage},
		{"-", "<svg xmlns=\"http://www.w3.org/2000/svg\">", ""},
		{"-", "<htmlish>", ""},
		{"notes.bin", "\x00\x01", ""},
	}
	for _, c := range cases {
		if got := Detect(c.name, []byte(c.body)); got != c.want {
			t.Errorf("Detect(%q, %q) = %q, want %q", c.name, c.body, got, c.want)
		}
	}
}
