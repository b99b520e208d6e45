package crawl

import (
	"fmt"
	"net/netip"
)

// GuardError is returned when the crawler refuses to connect to an address.
type GuardError struct {
	Host string     // the host name or literal being connected to
	Addr netip.Addr // the refused address
	Why  string     // e.g. "loopback", "private"
}

func (e *GuardError) Error() string {
	if e.Host != "" && e.Host != e.Addr.String() {
		return fmt.Sprintf("address guard: %s resolves to %s address %s", e.Host, e.Why, e.Addr)
	}
	return fmt.Sprintf("address guard: refusing to connect to %s address %s", e.Why, e.Addr)
}

// guard decides which addresses may be connected to.
type guard struct {
	allowPrivate bool
	allowed      netip.AddrPort // the --connect-to address, always allowed
}

// nonPublic lists the special-purpose ranges (RFC 6890 and successors) that
// are not reachable on the public Internet and that a crawler given
// untrusted names must never be steered into, besides those netip
// classifies (loopback, private, link-local, multicast, unspecified).
var nonPublic = []struct {
	prefix netip.Prefix
	why    string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "this-network"},
	{netip.MustParsePrefix("100.64.0.0/10"), "shared (CGNAT)"},
	{netip.MustParsePrefix("192.0.0.0/24"), "IETF protocol"},
	{netip.MustParsePrefix("198.18.0.0/15"), "benchmarking"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved"},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "local NAT64"},
	{netip.MustParsePrefix("2001:2::/48"), "benchmarking"},
}

// classify returns why an address is not public, or "".
func classifyAddr(a netip.Addr) string {
	a = a.Unmap()
	switch {
	case a.IsLoopback():
		return "loopback"
	case a.IsPrivate():
		return "private"
	case a.IsLinkLocalUnicast():
		return "link-local"
	case a.IsMulticast(), a.IsLinkLocalMulticast(), a.IsInterfaceLocalMulticast():
		return "multicast"
	case a.IsUnspecified():
		return "unspecified"
	case a.Is4() && a == netip.AddrFrom4([4]byte{255, 255, 255, 255}):
		return "broadcast"
	}
	for _, p := range nonPublic {
		if p.prefix.Contains(a) {
			return p.why
		}
	}
	return ""
}

// check returns a *GuardError when the crawler may not connect to addr:port.
func (g guard) check(host string, addr netip.Addr, port uint16) error {
	if g.allowPrivate {
		return nil
	}
	if g.allowed.IsValid() && g.allowed.Addr() == addr.Unmap() && g.allowed.Port() == port {
		return nil
	}
	if why := classifyAddr(addr); why != "" {
		return &GuardError{Host: host, Addr: addr.Unmap(), Why: why}
	}
	return nil
}

// checkResolved is check for an address obtained from DNS, before any
// rerouting; the port does not matter.
func (g guard) checkResolved(host string, addr netip.Addr) error {
	if g.allowPrivate {
		return nil
	}
	if why := classifyAddr(addr); why != "" {
		return &GuardError{Host: host, Addr: addr.Unmap(), Why: why}
	}
	return nil
}
