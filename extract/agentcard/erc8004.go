package agentcard

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
)

// erc8004Type opens the `type` of an ERC-8004 ("Trustless Agents") agent
// registration file: "https://eips.ethereum.org/EIPS/eip-8004#registration-v1",
// or another fragment of the EIP's URL that publishers write.
const erc8004Type = "https://eips.ethereum.org/EIPS/eip-8004#"

// isERC8004 recognises an ERC-8004 agent registration file by its type.
// Agents registered on chain publish it, some at
// /.well-known/agent-card.json.
func isERC8004(root canonjson.Value) bool {
	return strings.HasPrefix(str(root, "type"), erc8004Type)
}

// readERC8004 records the endpoints of an ERC-8004 registration file: each
// entry of `services` (or of `endpoints`, its name in the EIP's drafts)
// whose `endpoint` is an http(s) URL, with its `name`, lower-cased, as the
// protocol ("a2a", "mcp", "web") and its `version`. The EIP also lists
// identifiers that are no URLs there (an ENS name, a DID, a CAIP-10 wallet
// address); they are no endpoints to fetch, and are left out. An entry
// that is no object or has no string `endpoint`, which the EIP gives every
// service, is agent-card.endpoint-missing-url; it is not checked further:
// the EIP leaves the services open.
func readERC8004(card *Card, root canonjson.Value, diags *diag.List) {
	for _, member := range []string{"services", "endpoints"} {
		list, ok := root.Get(member)
		if !ok || list.Kind != canonjson.Array {
			continue
		}
		for i, e := range list.Elems {
			ep, ok := e.Get("endpoint")
			if e.Kind != canonjson.Object || !ok || ep.Kind != canonjson.String {
				diags.Add(codeEndpointNoURL, e.Line, "%s[%d] has no string `endpoint`, which ERC-8004 gives every service", member, i)
				continue
			}
			if u, err := url.Parse(ep.Str); err != nil || (u.Scheme != "http" && u.Scheme != "https") {
				continue
			}
			card.Endpoints = append(card.Endpoints, Endpoint{Protocol: strings.ToLower(str(e, "name")), URL: ep.Str,
				Version: str(e, "version"), Source: fmt.Sprintf("%s[%d]", member, i), Line: ep.Line})
		}
	}
}
