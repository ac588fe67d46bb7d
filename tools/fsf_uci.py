"""A UCI session with a Fairy-Stockfish binary, for its `go perft`: shared by
the tools that freeze or check FSF's perft counts (fsf_hands.py,
fsf_export_check.py), so that each speaks UCI the same way."""

import shlex
import subprocess


class Uci:
    """One FSF binary over UCI, set to `variant` (from the ini file
    `ini_path` through VariantPath, if given). `binary` may be a command
    line (split as the shell would: `env NAME=VALUE rookery uci` drives
    Rookery the same way)."""

    def __init__(self, binary, variant, ini_path=None):
        self.p = subprocess.Popen(shlex.split(binary), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        # Asked once, first: a later `uci` resets the variant to chess.
        self.name = self.wait("id name")[len("id name "):]
        self.wait("uciok")
        if ini_path:
            self.send(f"setoption name VariantPath value {ini_path}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        """The next line that starts with `prefix` (stripped)."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the FSF binary ended unexpectedly")
            if line.startswith(prefix):
                return line.strip()

    def perft(self, fen, depth):
        """perft(depth) from `fen`, by the binary's `go perft`."""
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait("Nodes searched:").split(":")[1])

    def close(self):
        self.send("quit")
        self.p.wait()
