package crawl

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"time"
)

// dialer opens connections for the transport: it resolves names through the
// cache, refuses guarded addresses, and reroutes to --connect-to.
type dialer struct {
	nd        net.Dialer
	res       *resolver // nil: names are not resolved (ConnectTo without Resolver)
	guard     guard
	connectTo string
}

// timingKey carries a *timing in a request's context, so that the dialer can
// report how long resolution took.
type timingKey struct{}

// errBadPort is the dialer's error for a port out of range (0 among
// them) or not a number: a redirect's Location can name one (seeds are
// checked before).
var errBadPort = errors.New("bad port")

// DialContext connects to addr ("host:port").
func (d *dialer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	port64, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil || port64 == 0 {
		return nil, fmt.Errorf("%w in %q", errBadPort, addr)
	}
	port := uint16(port64)

	if ip, err := netip.ParseAddr(host); err == nil {
		// An IP literal (from a seed or a redirect) is never rerouted.
		if err := d.guard.check(host, ip, port); err != nil {
			return nil, err
		}
		return d.nd.DialContext(ctx, network, addr)
	}

	var targets []string
	if d.res != nil {
		start := time.Now()
		addrs, err := d.res.lookup(ctx, host)
		if t, ok := ctx.Value(timingKey{}).(*timing); ok {
			t.addDNS(time.Since(start))
		}
		if err != nil {
			return nil, err
		}
		var refused error
		for _, a := range addrs {
			if err := d.guard.checkResolved(host, a); err != nil {
				refused = err
				continue
			}
			targets = append(targets, net.JoinHostPort(a.Unmap().String(), portStr))
		}
		if len(targets) == 0 {
			return nil, refused
		}
	}
	if d.connectTo != "" {
		return d.nd.DialContext(ctx, network, d.connectTo)
	}
	if d.res == nil {
		return nil, fmt.Errorf("no resolver for %s", host)
	}
	var last error
	for _, t := range targets {
		c, err := d.nd.DialContext(ctx, network, t)
		if err == nil {
			return c, nil
		}
		last = err
		if ctx.Err() != nil {
			break
		}
	}
	return nil, last
}
