// Package survey measures how web sites tell automated agents what they may
// do. The packages below it form one pipeline: seeds, crawl, classify,
// extract, sink and queries, driven by the registry of locations and formats
// in package registry.
package survey

import (
	"runtime/debug"
	"sync"
)

// Version is the version of the survey tool. It appears in the default
// User-Agent; datasets and reports record BuildVersion.
const Version = "0.1.0"

// ProjectURL is where site owners can read what the crawler is and how to
// reach the people running it. It is part of the default User-Agent.
const ProjectURL = "https://github.com/agentpolicy/survey"

// BuildVersion is Version with the source revision the binary was built
// from, when the Go toolchain recorded one (a "go build" in a git
// checkout): "0.1.0+8d84fca1b2c3", with ".dirty" when the checkout had
// uncommitted changes. It is what a dataset records as the tool and parser
// version, so that rows written by different builds of one release can be
// told apart. Without a recorded revision (go run, go test) it is Version.
var BuildVersion = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return Version
	}
	var rev string
	var dirty bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	return withRevision(Version, rev, dirty)
})

// withRevision appends a source revision, shortened to 12 characters, to a
// version.
func withRevision(version, rev string, dirty bool) string {
	if rev == "" {
		return version
	}
	v := version + "+" + rev[:min(12, len(rev))]
	if dirty {
		v += ".dirty"
	}
	return v
}
