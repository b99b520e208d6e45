//go:build !unix

package filelock

import "os"

// tryLock takes no lock where flock is not available: TryLock then
// returns a Lock with Unsupported set, and nothing is prevented.
func tryLock(*os.File) (bool, error) { return false, errUnsupported }
