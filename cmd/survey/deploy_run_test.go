package main

import (
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/agentpolicy/survey/internal/simcrawl"
)

// TestDeploy_ShardedCrawls runs the sharded crawls of deploy/ as their
// schedulers would, against the simulated web, and compares each merged
// database with one unsharded crawl of the same web: same rows.
//
// Neither Slurm nor Kubernetes runs here. The Slurm scripts run unchanged
// under a stand-in for sbatch (testdata/slurm/sbatch), checked against
// Slurm 22.05, that starts the array's tasks with Slurm's variables, in the
// directory submit.sh runs from, writes their logs as Slurm does and
// honours the merge's dependency; one task is requeued, another fails. The
// Kubernetes manifests are decoded strictly into the Kubernetes API types
// (an unknown or misspelt field fails), and their pods' command lines run
// as the kubelet would start them: the image's entrypoint (survey) with the
// container's args, JOB_COMPLETION_INDEX set, the shared volume at its
// mount path. In both, one task is killed with SIGKILL and started again,
// as a requeued task or a replacement pod is.
func TestDeploy_ShardedCrawls(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web with every shard of two deployments")
	}
	seedsPath, sim := withoutSeeds(simFlags(t, 640, 23))
	ref := t.TempDir()
	args := append([]string{"crawl", "--seeds", seedsPath, "--out", ref, "--crawl-id", "unsharded"}, sim...)
	if code, out, errs := runSurvey(t, "", args...); code != exitOK {
		t.Fatalf("unsharded crawl: exit %d\n%s\n%s", code, out, errs)
	}
	refDB := filepath.Join(ref, "survey.duckdb")

	t.Run("slurm", func(t *testing.T) {
		// As a user would: in a work directory, relative paths. The
		// first submission's task 3 loses its node and is requeued, and
		// task 5 is killed (failed, not requeued): the merge runs all the
		// same and refuses the unfinished shard. Submitting again with the
		// same variables finishes shard 5 and merges.
		work, scripts, bin := slurmWork(t)
		copyFile(t, seedsPath, filepath.Join(work, "seeds.txt"))
		env := append(schedulerFreeEnv(),
			"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
			"SURVEY="+surveyWrapper(t, bin, sim),
			"SEEDS=seeds.txt", "OUT=out", "CRAWL_ID=deploy-slurm",
			"SBATCH_STATE="+filepath.Join(work, "sbatch"),
			fmt.Sprintf("SBATCH_SLOTS=%d", clusterSlots),
		)
		submit := func(extra ...string) {
			t.Helper()
			cmd := exec.Command("bash", filepath.Join(scripts, "submit.sh"))
			cmd.Dir = work
			cmd.Env = append(env, extra...)
			submitted, err := cmd.CombinedOutput()
			if err != nil {
				logs, _ := filepath.Glob(filepath.Join(work, "logs", "*.out"))
				t.Fatalf("deploy/slurm/submit.sh: %v\n%s\n%s", err, submitted, readAll(logs))
			}
			t.Logf("deploy/slurm/submit.sh:\n%s", submitted)
		}
		submit("SBATCH_REQUEUE_TASK=3", "SBATCH_FAIL_TASK=5", "SBATCH_KILL_WHEN=out/_state/shard-%aof8.json")
		// Jobs 1 (the array; its tasks 0-6 are jobs 2-8) and 9 (the merge).
		logs, _ := filepath.Glob(filepath.Join(work, "logs", "*.out"))
		if len(logs) != 9 {
			t.Fatalf("want 8 task logs and the merge's in %s/logs, got %d:\n%s", work, len(logs), readAll(logs))
		}
		requeued := readAll([]string{filepath.Join(work, "logs", "crawl-1_3.out")})
		if !strings.Contains(requeued, "requeued ***") || !strings.Contains(requeued, "resuming it") {
			t.Errorf("task 3's log should keep its first run's end (--open-mode=append) and show the second resuming the shard:\n%s", requeued)
		}
		merge := readAll([]string{filepath.Join(work, "logs", "merge-9.out")})
		if !strings.Contains(merge, "shard 5/8 in out is not complete") {
			t.Errorf("the merge after a failed task 5 should run and name shard 5/8 as not complete:\n%s", merge)
		}
		if _, err := os.Stat(filepath.Join(work, "out", "survey.duckdb")); err == nil {
			t.Errorf("the merge built a database of an incomplete crawl:\n%s", merge)
		}

		submit()
		if merge := readAll([]string{filepath.Join(work, "logs", "merge-18.out")}); !strings.Contains(merge, "merged 1 directory") {
			t.Errorf("the second submission's merge:\n%s", merge)
		}
		sameAsUnsharded(t, refDB, filepath.Join(work, "out", "survey.duckdb"), 8)
	})

	t.Run("slurm one shard out of time", func(t *testing.T) {
		// SHARDS=1, the task stopped by its time limit (SIGTERM): the
		// crawl stops cleanly, the merge refuses the unfinished shard, and
		// no database of the part crawled is left where the merge's goes.
		work, scripts, bin := slurmWork(t)
		copyFile(t, seedsPath, filepath.Join(work, "seeds.txt"))
		cmd := exec.Command("bash", filepath.Join(scripts, "submit.sh"))
		cmd.Dir = work
		cmd.Env = append(schedulerFreeEnv(),
			"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
			"SURVEY="+surveyWrapper(t, bin, sim),
			"SEEDS=seeds.txt", "OUT=out", "CRAWL_ID=deploy-slurm", "SHARDS=1",
			"SBATCH_STATE="+filepath.Join(work, "sbatch"),
			"SBATCH_TIMEOUT_TASK=0", "SBATCH_KILL_WHEN=out/_state/shard-%aof1.json",
		)
		submitted, err := cmd.CombinedOutput()
		logs, _ := filepath.Glob(filepath.Join(work, "logs", "*.out"))
		if err != nil {
			t.Fatalf("deploy/slurm/submit.sh: %v\n%s\n%s", err, submitted, readAll(logs))
		}
		if all := readAll(logs); !strings.Contains(all, "interrupted") || !strings.Contains(all, "shard 0/1 in out is not complete") {
			t.Errorf("want the task interrupted and the merge refusing its shard:\n%s", all)
		}
		if _, err := os.Stat(filepath.Join(work, "out", "survey.duckdb")); err == nil {
			t.Errorf("out/survey.duckdb holds the part of the crawl done before the time limit; only the merge should build it:\n%s", readAll(logs))
		}
	})

	t.Run("slurm refuses rejected seed lines", func(t *testing.T) {
		// A seed line the crawl rejects makes its task exit 1, a failed
		// task to Slurm: submit.sh checks the list and submits nothing.
		work, scripts, bin := slurmWork(t)
		good, err := os.ReadFile(seedsPath)
		if err != nil {
			t.Fatal(err)
		}
		bad := filepath.Join(work, "seeds.txt")
		if err := os.WriteFile(bad, append(good, "not a domain!\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", filepath.Join(scripts, "submit.sh"))
		cmd.Dir = work
		cmd.Env = append(schedulerFreeEnv(),
			"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
			"SURVEY="+surveyWrapper(t, bin, sim),
			"SEEDS="+bad, "OUT="+filepath.Join(work, "out"), "CRAWL_ID=deploy-slurm",
			"SBATCH_STATE="+filepath.Join(work, "sbatch"),
		)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "survey seeds --print "+bad+" > clean.txt") {
			t.Errorf("submit.sh of a seed list with a rejected line: %v\n%s", err, out)
		}
		if _, err := os.Stat(filepath.Join(work, "sbatch", "last")); err == nil {
			t.Errorf("submit.sh submitted jobs for a seed list the crawl would reject lines of:\n%s", out)
		}
	})

	t.Run("slurm refuses what would fail every task", func(t *testing.T) {
		// Under Slurm each of these failed all 8 tasks, after they had
		// waited in the queue (and the merge waited for ever).
		for _, tc := range []struct {
			name string
			env  []string
			want string
		}{
			{"no CRAWL_ID", []string{"CRAWL_ID="}, "set CRAWL_ID"},
			{"no survey binary", []string{"SURVEY=bin/no-such-survey"}, `no survey binary at "bin/no-such-survey"`},
			{"unreadable seed list", []string{"SEEDS=no-such-seeds.txt"}, "cannot read the seed list no-such-seeds.txt"},
			{"seed list without a seed", []string{"SEEDS=empty.txt"}, "empty.txt holds no seed survey can crawl (above), so there is nothing to submit"},
			{"output directory under a file", []string{"OUT=seeds.txt/out"}, "cannot write the output directory seeds.txt/out"},
			{"zero shards", []string{"SHARDS=0"}, `SHARDS is "0"`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				work, scripts, bin := slurmWork(t)
				copyFile(t, seedsPath, filepath.Join(work, "seeds.txt"))
				if err := os.WriteFile(filepath.Join(work, "empty.txt"), []byte("# no seed\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command("bash", filepath.Join(scripts, "submit.sh"))
				cmd.Dir = work
				cmd.Env = append(append(schedulerFreeEnv(),
					"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
					"SURVEY="+surveyWrapper(t, bin, sim),
					"SEEDS=seeds.txt", "OUT=out", "CRAWL_ID=deploy-slurm",
					"SBATCH_STATE="+filepath.Join(work, "sbatch"),
				), tc.env...)
				out, err := cmd.CombinedOutput()
				if err == nil || !strings.Contains(string(out), tc.want) {
					t.Errorf("submit.sh: %v, want an error saying %q:\n%s", err, tc.want, out)
				}
				if _, err := os.Stat(filepath.Join(work, "sbatch", "last")); err == nil {
					t.Errorf("submit.sh submitted jobs:\n%s", out)
				}
			})
		}
	})

	t.Run("kubernetes", func(t *testing.T) {
		var crawlJob, mergeJob batchv1.Job
		var claim corev1.PersistentVolumeClaim
		decodeStrict(t, "../../deploy/kubernetes/crawl-job.yaml", &crawlJob)
		decodeStrict(t, "../../deploy/kubernetes/merge-job.yaml", &mergeJob)
		decodeStrict(t, "../../deploy/kubernetes/storage.yaml", &claim)
		if !slices.Contains(claim.Spec.AccessModes, corev1.ReadWriteMany) {
			t.Errorf("storage.yaml: the shards share the volume, so it must be ReadWriteMany; it is %v", claim.Spec.AccessModes)
		}
		if m := crawlJob.Spec.CompletionMode; m == nil || *m != batchv1.IndexedCompletion {
			t.Fatalf("crawl-job.yaml: completionMode is %v, want Indexed (JOB_COMPLETION_INDEX is only set then)", m)
		}
		dockerfile, err := os.ReadFile("../../deploy/Dockerfile")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(dockerfile), `ENTRYPOINT ["/usr/local/bin/survey"]`) || !strings.Contains(string(dockerfile), "USER 65534:65534") {
			t.Errorf("deploy/Dockerfile: want survey as the entrypoint and user 65534, as the manifests assume")
		}
		shards := int(ptrOr(crawlJob.Spec.Completions, 1))
		crawlPod := podOf(t, "crawl-job.yaml", crawlJob, claim.Name)
		mergePod := podOf(t, "merge-job.yaml", mergeJob, claim.Name)
		if !slices.Contains(crawlPod.args, fmt.Sprintf("--shards=%d", shards)) {
			t.Errorf("crawl-job.yaml: completions is %d but the args are %v", shards, crawlPod.args)
		}
		if crawlPod.args[0] != "crawl" || mergePod.args[0] != "merge" {
			t.Fatalf("the pods run survey %s and survey %s, want crawl and merge", crawlPod.args[0], mergePod.args[0])
		}

		volume := t.TempDir() // the PersistentVolume
		seeds, err := os.ReadFile(seedsPath)
		if err != nil {
			t.Fatal(err)
		}
		crawlArgs := append(append([]string{"crawl"}, sim...), crawlPod.at(volume)[1:]...)
		if i := slices.IndexFunc(crawlArgs, func(a string) bool { return strings.HasPrefix(a, "--seeds=") }); i >= 0 {
			if err := os.WriteFile(strings.TrimPrefix(crawlArgs[i], "--seeds="), seeds, 0o644); err != nil {
				t.Fatal(err)
			}
		}

		// The Job's pods, as many at a time as the parallelism allows and
		// the cluster has room for; index 2's first pod is killed and
		// replaced.
		parallel := make(chan struct{}, min(int(ptrOr(crawlJob.Spec.Parallelism, 1)), clusterSlots))
		var wg sync.WaitGroup
		failures := make([]string, shards)
		for i := range shards {
			wg.Add(1)
			go func() {
				defer wg.Done()
				parallel <- struct{}{}
				defer func() { <-parallel }()
				// pod runs one pod; kill, if set, is the file whose appearance
				// (the shard's state: the crawl has started) gets it killed.
				pod := func(kill string) (int, string) {
					cmd := child(t, crawlArgs...)
					cmd.Env = append(schedulerFreeEnv(), childEnv+"=1", fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
					var out strings.Builder
					cmd.Stdout, cmd.Stderr = &out, &out
					if err := cmd.Start(); err != nil {
						return -1, err.Error()
					}
					done := make(chan struct{})
					defer close(done)
					if kill != "" {
						go func() {
							for {
								select {
								case <-done:
									return
								case <-time.After(5 * time.Millisecond):
								}
								if _, err := os.Stat(kill); err == nil {
									time.Sleep(100 * time.Millisecond)
									cmd.Process.Signal(syscall.SIGKILL)
									return
								}
							}
						}()
					}
					cmd.Wait()
					return cmd.ProcessState.ExitCode(), out.String()
				}
				if i == 2 {
					code, out := pod(filepath.Join(volume, "out", "_state", fmt.Sprintf("shard-2of%d.json", shards)))
					t.Logf("index 2: first pod ended with exit %d (-1: killed); a new pod starts\n%s", code, out)
				}
				if code, out := pod(""); code != exitOK {
					failures[i] = fmt.Sprintf("index %d: exit %d\n%s", i, code, out)
				}
			}()
		}
		wg.Wait()
		if msg := strings.Join(slices.DeleteFunc(failures, func(s string) bool { return s == "" }), "\n"); msg != "" {
			t.Fatalf("crawl-job.yaml: pods failed:\n%s", msg)
		}
		if code, out, errs := runSurvey(t, "", mergePod.at(volume)...); code != exitOK {
			t.Fatalf("merge-job.yaml: exit %d\n%s\n%s", code, out, errs)
		}
		db := strings.TrimPrefix(mergePod.at(volume)[slices.IndexFunc(mergePod.args, func(a string) bool { return strings.HasPrefix(a, "--db=") })], "--db=")
		sameAsUnsharded(t, refDB, db, shards)
	})
}

// clusterSlots is how many tasks or pods the simulated cluster runs at
// once, as a small cluster would: each shard starts all its 80 domains at
// once (the deployment's concurrency is 500), and four shards are already
// 320 domains' first requests on a two-core machine that also serves the
// simulated web.
const clusterSlots = 4

// withoutSeeds splits crawl flags into the seed file and the other flags.
func withoutSeeds(flags []string) (string, []string) {
	var seeds string
	var rest []string
	for i := 0; i < len(flags); i++ {
		if flags[i] == "--seeds" {
			seeds = flags[i+1]
			i++
			continue
		}
		rest = append(rest, flags[i])
	}
	return seeds, rest
}

// slurmWork returns a work directory holding copies of deploy/slurm
// (scripts) and of the stand-in for sbatch (bin, for PATH).
func slurmWork(t *testing.T) (work, scripts, bin string) {
	t.Helper()
	work = t.TempDir()
	scripts, bin = filepath.Join(work, "slurm"), filepath.Join(work, "bin")
	for dst, src := range map[string]string{scripts: "../../deploy/slurm", bin: "testdata/slurm"} {
		if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	return work, scripts, bin
}

// schedulerFreeEnv is the test's environment without the variables that
// name a shard, in case the tests themselves run as a Slurm task or in an
// Indexed Job's pod.
func schedulerFreeEnv() []string {
	return slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "SLURM_") || strings.HasPrefix(kv, "JOB_COMPLETION_INDEX=") || strings.HasPrefix(kv, childEnv+"=")
	})
}

// surveyWrapper writes an executable that runs survey (this test binary)
// with its arguments, adding the simulated web's flags to survey crawl.
func surveyWrapper(t *testing.T, dir string, sim []string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	quoted := make([]string, len(sim))
	for i, s := range sim {
		quoted[i] = "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	script := fmt.Sprintf(`#!/bin/sh
# survey for the deployment test: the test binary, reaching the simulated web.
export %s=1
if [ "$1" = crawl ]; then
  shift
  exec '%s' -test.run='^$' -- crawl %s "$@"
fi
exec '%s' -test.run='^$' -- "$@"
`, childEnv, self, strings.Join(quoted, " "), self)
	path := filepath.Join(dir, "survey")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// readAll returns the contents of the files at paths, each under its name.
func readAll(paths []string) string {
	var b strings.Builder
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		fmt.Fprintf(&b, "--- %s\n%s", filepath.Base(p), data)
	}
	return b.String()
}

// decodeStrict decodes a manifest into its Kubernetes API type, failing on
// unknown fields.
func decodeStrict(t *testing.T, path string, into any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(b, into); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// podCommand is the command line of a Job's pod: survey (the image's
// entrypoint) with the container's args, which name paths under the shared
// volume's mount path.
type podCommand struct {
	args  []string
	mount string
}

// at returns the args with the mount path replaced by dir, where the
// volume is.
func (p podCommand) at(dir string) []string {
	out := make([]string, len(p.args))
	for i, a := range p.args {
		out[i] = strings.ReplaceAll(a, p.mount, dir)
	}
	return out
}

// podOf checks a Job's pod template (one container running the image's
// entrypoint, the shared claim mounted, the volume writable by the image's
// user) and returns its command line.
func podOf(t *testing.T, name string, job batchv1.Job, claim string) podCommand {
	t.Helper()
	spec := job.Spec.Template.Spec
	if len(spec.Containers) != 1 {
		t.Fatalf("%s: %d containers, want 1", name, len(spec.Containers))
	}
	c := spec.Containers[0]
	if len(c.Command) != 0 || len(c.Args) == 0 {
		t.Fatalf("%s: the container must run the image's entrypoint (survey) with args; command %v, args %v", name, c.Command, c.Args)
	}
	if spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("%s: restartPolicy %q, want Never (a failed shard is retried by a new pod)", name, spec.RestartPolicy)
	}
	if sc := spec.SecurityContext; sc == nil || sc.FSGroup == nil || *sc.FSGroup != 65534 {
		t.Errorf("%s: the pod needs fsGroup 65534 to write the volume as the image's user", name)
	}
	if len(c.VolumeMounts) != 1 {
		t.Fatalf("%s: %d volume mounts, want 1", name, len(c.VolumeMounts))
	}
	m := c.VolumeMounts[0]
	i := slices.IndexFunc(spec.Volumes, func(v corev1.Volume) bool { return v.Name == m.Name })
	if i < 0 || spec.Volumes[i].PersistentVolumeClaim == nil || spec.Volumes[i].PersistentVolumeClaim.ClaimName != claim {
		t.Fatalf("%s: the mount %s is not the claim %s of storage.yaml", name, m.Name, claim)
	}
	return podCommand{args: c.Args, mount: m.MountPath}
}

func ptrOr[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

// sameAsUnsharded compares a merged database with the unsharded crawl's and
// checks that it holds every shard.
func sameAsUnsharded(t *testing.T, ref, merged string, shards int) {
	t.Helper()
	simcrawl.WantSame(t, ref, merged, "the merged shards differ from the unsharded crawl")
	db, err := sql.Open("duckdb", merged+"?access_mode=read_only")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n, complete int
	if err := db.QueryRow(`SELECT count(DISTINCT shard), count(DISTINCT shard) FILTER (WHERE status = 'complete') FROM crawls`).Scan(&n, &complete); err != nil {
		t.Fatal(err)
	}
	if n != shards || complete != shards {
		t.Errorf("crawls holds %d shards (%d complete), want %d", n, complete, shards)
	}
}
