package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/tasks"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/view"
	"github.com/spf13/cobra"
)

// viewFlags are the view command's options.
type viewFlags struct {
	compile    compileFlags
	seed, addr string
	port       int
}

// viewJSON is what view --json prints once the server listens.
type viewJSON struct {
	Model    string   `json:"model"`
	URL      string   `json:"url"`
	Warnings []string `json:"warnings"`
}

func init() {
	var f viewFlags
	c := &cobra.Command{
		Use:   "view MODEL",
		Short: "Serve an interactive 3D view of the assembled mechanism on a local web server",
		Long: "Assemble MODEL and serve a page that draws it in 3D (bodies, joint axes, spanning tree, cut joints\n" +
			"with their live closure residuals, sites, actuator ports) with one slider per independent coordinate:\n" +
			"moving a slider runs the closure tracker on the server. The server listens on 127.0.0.1 (--addr) and\n" +
			"runs until interrupted (Ctrl-C).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runView(cmd, args[0], &f) },
	}
	f.compile.register(c)
	c.Flags().StringVar(&f.seed, "seed", "", "named seed to assemble from (default: the model's default seed)")
	c.Flags().StringVar(&f.addr, "addr", "127.0.0.1", "address to listen on (the default serves this machine only)")
	c.Flags().IntVar(&f.port, "port", 8765, "TCP port (0: any free port)")
	root.AddCommand(c)
}

// runView assembles the model, starts the server and serves until interrupted.
func runView(cmd *cobra.Command, arg string, f *viewFlags) error {
	if f.port < 0 || f.port > 65535 {
		return cli.Usage(fmt.Errorf("--port %d: must be in [0, 65535]", f.port))
	}
	s, err := assembleModel(cmd, arg, f.seed, &f.compile)
	if err != nil {
		return err
	}
	srv, err := view.NewServer(s.d.Model(), s.d)
	if err != nil {
		return cli.Invalid(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	addr := net.JoinHostPort(f.addr, strconv.Itoa(f.port))
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return cli.Invalid(fmt.Errorf("cannot serve on %s: %v (is the port in use? choose another with --port, or --port 0 for any free port)", addr, err))
	}
	url := "http://" + ln.Addr().String() + "/"
	if jsonOut {
		if err := cli.WriteJSON(cmd.OutOrStdout(), viewJSON{Model: srv.Scene.Model, URL: url, Warnings: srv.Scene.Warnings}); err != nil {
			ln.Close()
			return err
		}
	} else {
		warn(cmd, srv.Scene.Warnings)
		if ip := net.ParseIP(f.addr); ip == nil || !ip.IsLoopback() {
			fmt.Fprintf(cmd.ErrOrStderr(), "warning: --addr %s serves the viewer beyond this machine\n", f.addr)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "viewing %s at %s (Ctrl-C to stop)\n", srv.Scene.Model, url)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return cli.Invalid(fmt.Errorf("serving %s: %w", url, err))
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return cli.Invalid(err)
	}
	return nil
}

// writeReplay writes replay.html into dir for the task's rollouts on the graph g (the
// runs whose logs hold the tree coordinates) and returns files with it appended. A replay
// that cannot be made is a warning on stderr: the logs and metrics are the results.
func writeReplay(cmd *cobra.Command, dir string, g *cmg.Graph, res *tasks.Result, files []string) []string {
	m, err := robocompiler.Compile(g, robocompiler.Options{})
	if err != nil {
		warn(cmd, []string{"replay.html not written: " + err.Error()})
		return files
	}
	var runs []view.Run
	for _, r := range res.Runs {
		runs = append(runs, view.Run{Name: r.Name, Log: r.Log})
	}
	if err := view.WriteReplay(filepath.Join(dir, "replay.html"), m, runs...); err != nil {
		warn(cmd, []string{"replay.html not written: " + err.Error()})
		return files
	}
	return append(files, "replay.html")
}
