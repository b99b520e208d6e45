package agentsmd_test

import (
	"fmt"

	"github.com/agentpolicy/survey/extract/agentsmd"
)

func ExampleParse() {
	body := []byte(`# AGENTS.md

## Identity
- site: example.com

## Rate Limits
- requests-per-minute: +30

## Restrictions
- disallowed-paths: /admin/**, internal/*
`)
	res, diags := agentsmd.Parse(body, agentsmd.Source{})
	fmt.Println(res.Effective, res.Identity.Site, res.RateLimits.RequestsPerMinute == nil)
	for _, d := range diags {
		fmt.Println(d.Line, d.Code)
	}
	// Output:
	// policy example.com true
	// 7 agents-md.invalid-integer
	// 10 agents-md.relative-pattern
}

func ExampleResult_Evaluate() {
	res, _ := agentsmd.Parse([]byte(`# AGENTS.md
## Identity
- site: example.com
## Restrictions
- disallowed-paths: /admin/**
- read-only-paths: /admin/help, /blog/*
- require-human-approval: /checkout/*
`), agentsmd.Source{})
	for _, q := range [][2]string{{"/admin/users", "GET"}, {"/admin/help", "GET"}, {"/blog/post", "POST"}, {"/checkout/pay", "GET"}, {"/shop", "POST"}} {
		d := res.Evaluate(q[0], q[1])
		fmt.Println(q[1], q[0], d.Verdict, d.Allowed, d.Line)
	}
	// Output:
	// GET /admin/users disallowed false 5
	// GET /admin/help read-only true 6
	// POST /blog/post read-only false 6
	// GET /checkout/pay human-approval false 7
	// POST /shop allowed true 0
}

func ExampleEffectiveLocation() {
	root := agentsmd.Assess([]byte("# AGENTS.md\n## Setup\n- Install: `npm ci`\n## Testing\n- Run `npm test`\n"), agentsmd.Source{Location: agentsmd.LocationRoot, Scheme: "https"})
	wellKnown := agentsmd.Assess([]byte("# AGENTS.md\n## Identity\n- site: example.com\n"), agentsmd.Source{Location: agentsmd.LocationWellKnown, Scheme: "https"})
	fmt.Printf("root %+v\n", root)
	fmt.Println(agentsmd.EffectiveLocation(root, wellKnown))
	// Output:
	// root {Found:true Policy:false Usable:false}
	// well-known
}
