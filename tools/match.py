#!/usr/bin/env python3
"""Play a match between two engines over UCI or CECP (XBoard).

Rookery is the arbiter: every move is checked by one `rookery replay
--stdin` process kept for the whole match (an illegal move loses the game
and stops the match, as does a crash or a silent engine), and the game
result comes from it. Colours alternate; each
pair of games starts from the same short random opening (seeded), so the
engines play both sides of it. Prints each game, the score and an Elo
estimate with a 95% error bar.

Example (Rookery against Fairy-Stockfish at 200 ms a move, 40 games):

  tools/match.py --rookery target/release/rookery --variant chess \
      --engine "uci:target/release/rookery uci" \
      --engine "uci:/work/fsf/stockfish" --movetime 200 --games 40

`--tc 10+0.1` (seconds; `40/20` for 40 moves in 20 s) plays on real clocks
instead: each engine gets both clocks (UCI `go wtime … btime … winc … binc
… movestogo …`, CECP `level` and `time`/`otim`), the wall time of each
move is taken off its clock, and an engine whose clock falls below zero
loses on time. The PGN then has each move's time as a comment (`{0.35s}`,
read by `tools/time_use.py`).

`--depth 9` has both engines search to a fixed depth (UCI `go depth 9`)
instead, and `--depth-add 2:2` gives engine 2 two plies more: what a ply
is worth to one engine, or how two engines compare at equal nominal depth
whatever each spends to get there (docs/tuning.md, "What a ply is worth").

`--sprt 0,10` stops the match as soon as a sequential probability ratio
test (GSPRT, normal approximation over the win/draw/loss frequencies,
α = β = 0.05) accepts engine 1 being 10 Elo better (H1) or accepts it
being no better (H0, Elo 0); `--games` stays the most that is played.
The log-likelihood ratio and its bounds (±2.94) are printed with every
game. A clear gain or loss stops the match early; a change within a few
Elo of zero usually runs to `--games` either way.

`--def FILE` plays a TOML definition (`--engine-variant N:NAME` gives the
name engine N knows it by, `--engine-option N:NAME=VALUE` sets a UCI option,
e.g. FSF's `VariantPath`).
"""

import argparse
import math
import random
import shlex
import subprocess
import sys
import time


class EngineError(Exception):
    """An engine crashed, fell silent or answered nonsense."""


def uci_go(movetime_ms, nodes=None, clocks=None, depth=None):
    """The UCI `go` command for one move: on the clocks where given, else
    to a fixed depth, else within a node budget, else a fixed time.

    >>> uci_go(200)
    'go movetime 200'
    >>> uci_go(200, nodes=20000)
    'go nodes 20000'
    >>> uci_go(200, nodes=20000, depth=9)
    'go depth 9'
    >>> uci_go(200, clocks=(60000, 59000, 100, None))
    'go wtime 60000 btime 59000 winc 100 binc 100'
    >>> uci_go(200, clocks=(60000, 59000, 0, 12))
    'go wtime 60000 btime 59000 winc 0 binc 0 movestogo 12'
    """
    if clocks:
        w, b, inc, mtg = clocks
        return f"go wtime {w} btime {b} winc {inc} binc {inc}" + (f" movestogo {mtg}" if mtg else "")
    if depth:
        return f"go depth {depth}"
    return f"go nodes {nodes}" if nodes else f"go movetime {movetime_ms}"


class Engine:
    """One engine process, spoken to over UCI or CECP."""

    def __init__(self, spec, variant, options, timeout):
        self.proto, cmd = spec.split(":", 1)
        if self.proto not in ("uci", "xboard"):
            raise SystemExit(f"engine protocol must be uci or xboard: {spec}")
        self.name = cmd
        self.variant = variant
        # Wall time spent in best_move and the moves made (time use report).
        self.spent = 0.0
        self.moves_made = 0
        self.timeout = timeout
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        if self.proto == "uci":
            self.send("uci")
            self.wait_for("uciok")
            for name, value in options:
                self.send(f"setoption name {name} value {value}")
            if variant != "chess":
                self.send(f"setoption name UCI_Variant value {variant}")
        else:
            self.send("xboard")
            self.send("protover 2")
            self.wait_for("feature", lambda l: "done=1" in l)
        self.sync()

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"{self.name}: {e}")

    def wait_for(self, prefix, accept=lambda l: True):
        deadline = time.time() + self.timeout
        while time.time() < deadline:
            line = self.p.stdout.readline()
            if not line:
                raise EngineError(f"{self.name} exited")
            line = line.strip()
            if line.startswith(prefix) and accept(line):
                return line
        raise EngineError(f"{self.name}: no '{prefix}' within {self.timeout} s")

    def sync(self):
        if self.proto == "uci":
            self.send("isready")
            self.wait_for("readyok")
        else:
            self.send("ping 1")
            self.wait_for("pong")

    def new_game(self, tc=None):
        if self.proto == "uci":
            self.send("ucinewgame")
        else:
            self.send("new")
            if self.variant != "chess":
                self.send(f"variant {self.variant}")
            self.send("force")
            self.send("post")
            if tc:
                mps, base, inc = tc
                self.send(f"level {mps} {int(base // 60)}:{base % 60:g} {inc:g}")
            self.played = 0
        self.sync()

    def best_move(self, moves, movetime_ms, nodes=None, clocks=None, depth=None):
        """The engine's move after `moves` from the start position, within
        `movetime_ms` or, if given, `depth` or `nodes` (UCI only:
        load-independent) or `clocks` ((white ms, black ms, increment ms,
        moves to go or None))."""
        if self.proto == "uci":
            self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            self.send(uci_go(movetime_ms, nodes, clocks, depth))
            line = self.wait_for("bestmove")
            return line.split()[1]
        for m in moves[self.played:]:
            self.send(f"usermove {m}")
        if clocks:
            mine, theirs = (clocks[0], clocks[1]) if len(moves) % 2 == 0 else (clocks[1], clocks[0])
            self.send(f"time {max(mine // 10, 0)}")
            self.send(f"otim {max(theirs // 10, 0)}")
        else:
            self.send(f"st {max(movetime_ms / 1000, 0.01)}")
        self.send("go")
        line = self.wait_for("move ")
        self.send("force")
        self.played = len(moves) + 1
        return line.split()[1]

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def legal_moves(rookery, definition, moves):
    """Legal moves after `moves` (from `rookery perft … 1 --divide`)."""
    fen = replay(rookery, definition, moves)[0]
    out = subprocess.run([rookery, "perft", definition, "1", "--divide", "--fen", fen],
                         capture_output=True, text=True, check=True).stdout
    return [l.split(":")[0] for l in out.splitlines() if ":" in l]


ARBITERS = {}


def replay(rookery, definition, moves):
    """(fen, result or None); raises ValueError on an illegal move. Asks a
    `rookery replay --stdin` process started once per binary and
    definition (starting a process per ply took about a quarter of a
    fast match's wall time)."""
    key = (rookery, definition)
    p = ARBITERS.get(key)
    if p is None or p.poll() is not None:
        p = subprocess.Popen([rookery, "replay", definition, "--stdin"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, bufsize=1)
        ARBITERS[key] = p
    p.stdin.write(" ".join(moves) + "\n")
    p.stdin.flush()
    lines = []
    while True:
        line = p.stdout.readline()
        if not line:
            raise RuntimeError(f"the arbiter ({rookery} replay {definition} --stdin) ended")
        line = line.rstrip("\n")
        if line == "done":
            break
        lines.append(line)
    if lines and lines[0].startswith("error: "):
        raise ValueError(lines[0])
    result = next((l[len("result: "):] for l in lines if l.startswith("result: ")), None)
    return lines[0], result


def elo(score, games):
    """Elo difference and 95% half-width from a score (points) in `games`."""
    p = min(max(score / games, 1e-3), 1 - 1e-3)
    diff = -400 * math.log10(1 / p - 1)
    se = math.sqrt(p * (1 - p) / games)
    lo, hi = max(p - 1.96 * se, 1e-3), min(p + 1.96 * se, 1 - 1e-3)
    return diff, (-400 * math.log10(1 / hi - 1) - -400 * math.log10(1 / lo - 1)) / 2


def llr(wins, draws, losses, elo0, elo1):
    """The log-likelihood ratio of H1 (engine 1 is `elo1` better) against
    H0 (`elo0`) after these results: the GSPRT's normal approximation,
    N·(s1 − s0)·(2·x̄ − s0 − s1) / (2·σ²), with x̄ and σ² the mean and
    variance of a game's score and s0, s1 the scores the two Elo
    differences expect. Half a game of each outcome is added first: a run
    of equal results has no variance, and without it a match won game
    after game would never be decided.

    >>> llr(180, 60, 60, 0, 10) > 2.94   # 70% over 300 games: H1
    True
    >>> llr(60, 60, 180, 0, 10) < -2.94  # 30%: H0
    True
    >>> -2.94 < llr(147, 114, 139, 0, 10) < 2.94  # 51% over 400: undecided
    True
    >>> llr(20, 0, 0, 0, 50) > 2.94      # twenty wins in a row
    True
    >>> llr(0, 0, 0, 0, 10)
    0.0
    """
    if wins + draws + losses == 0:
        return 0.0
    w, d, l = wins + 0.5, draws + 0.5, losses + 0.5
    n = w + d + l
    x = (w + d / 2) / n
    var = (w * (1 - x) ** 2 + d * (0.5 - x) ** 2 + l * x ** 2) / n
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    return n * (s1 - s0) * (2 * x - s0 - s1) / (2 * var)


def sprt_bounds(alpha=0.05, beta=0.05):
    """The LLR below which H0 is accepted and above which H1 is."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def clock_args(args, clock, ply, opening_plies):
    """What `best_move` is told of the clocks (None without --tc)."""
    if not args.tc:
        return None
    mps, _, inc = args.tc
    own_moves = (ply - opening_plies) // 2
    mtg = mps - own_moves % mps if mps else None
    return round(clock[0] * 1000), round(clock[1] * 1000), round(inc * 1000), mtg


def tick(args, clock, side, spent, own_moves):
    """Takes `spent` seconds off `side`'s clock and adds the increment (and
    the next session's time after the last move of a session); False if
    the flag fell."""
    if not args.tc:
        return True
    mps, base, inc = args.tc
    clock[side] -= spent
    if clock[side] < 0:
        return False
    clock[side] += inc + (base if mps and own_moves % mps == 0 else 0)
    return True


def play_game(args, engines, white, opening):
    moves = list(opening)
    order = [engines[white], engines[1 - white]]
    args.times = []
    clock = [args.tc[1], args.tc[1]] if args.tc else None
    for e in engines:
        e.new_game(args.tc)
    # The replay that checks each move also says whether the game is over,
    # so one replay per ply serves both.
    _, result = replay(args.rookery, args.definition, moves)
    while len(moves) < args.max_plies:
        if result:
            return result, moves
        side = len(moves) % 2
        mover = order[side]
        try:
            t0 = time.time()
            nodes = round(args.nodes * mover.nodes_scale) if args.nodes else None
            depth = args.depth + mover.depth_add if args.depth else None
            m = mover.best_move(moves, args.movetime, nodes, clock_args(args, clock, len(moves), len(opening)), depth)
            spent = time.time() - t0
            mover.spent += spent
            mover.moves_made += 1
            args.times.append(spent)
        except EngineError as e:
            return ("0-1" if side == 0 else "1-0") + f" ({e})", moves
        if not tick(args, clock, side, spent, (len(moves) - len(opening)) // 2 + 1):
            return ("0-1" if side == 0 else "1-0") + f" (time forfeit by {mover.name}: {spent:.3f} s)", moves
        try:
            _, result = replay(args.rookery, args.definition, moves + [m])
        except ValueError as e:
            return ("0-1" if side == 0 else "1-0") + f" (illegal move {m} by {mover.name}: {e})", moves
        moves.append(m)
    return "1/2-1/2 (adjudicated: move limit)", moves


def write_pgn(args, engines, white, result, moves, number):
    """Appends one game to `args.pgn`: tags, then the moves as the engines
    sent them, numbered, with the result."""
    names = [engines[white].name, engines[1 - white].name]
    score = result.split()[0]
    # Each engine move's time as a comment (`tools/time_use.py`); the
    # opening's random plies have none.
    first = len(moves) - len(getattr(args, "times", []))
    note = lambda i: f" {{{args.times[i - first]:.3f}s}}" if args.tc and i >= first else ""
    body = " ".join((f"{i // 2 + 1}. " if i % 2 == 0 else "") + m + note(i) for i, m in enumerate(moves))
    with open(args.pgn, "a") as f:
        f.write(f'[Event "match.py"]\n[Round "{number}"]\n[White "{names[0]}"]\n[Black "{names[1]}"]\n'
                f'[Variant "{args.variant}"]\n[Result "{score}"]\n[Termination "{result}"]\n\n{body} {score}\n\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rookery", default="target/release/rookery", help="the arbiter binary")
    ap.add_argument("--variant", default="chess", help="variant name the engines know")
    ap.add_argument("--def", dest="definition", help="definition for the arbiter (default: --variant)")
    ap.add_argument("--engine", action="append", required=True, help="PROTO:COMMAND, twice")
    ap.add_argument("--engine-variant", action="append", default=[], help="N:NAME variant name for engine N")
    ap.add_argument("--engine-option", action="append", default=[], help="N:NAME=VALUE UCI option")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--movetime", type=int, default=200, help="milliseconds per move")
    ap.add_argument("--tc", help="real clocks: BASE+INC seconds (10+0.1) or MOVES/BASE+INC (40/20)")
    ap.add_argument("--nodes", type=int, help="nodes per move instead of --movetime (UCI engines only): "
                    "an A/B result that does not depend on the machine's load")
    ap.add_argument("--nodes-scale", action="append", default=[],
                    help="N:FACTOR engine N gets FACTOR times --nodes: an equal-time match without the machine's "
                    "load, FACTOR being the other engine's cost per node over this one's (e.g. callgrind instructions)")
    ap.add_argument("--depth", type=int, help="search depth per move instead of --movetime or --nodes (UCI engines "
                    "only): two engines' strength at equal nominal depth, whatever each spends to get there")
    ap.add_argument("--depth-add", action="append", default=[],
                    help="N:PLIES engine N searches PLIES more than --depth (what a ply is worth to one engine)")
    ap.add_argument("--opening-plies", type=int, default=4, help="random plies before the engines play")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sprt", help="ELO0,ELO1: stop when a sequential test accepts one (e.g. 0,10)")
    ap.add_argument("--pgn", help="append every game to this file (PGN tags, moves in the engines' notation)")
    args = ap.parse_args()
    sprt = None
    if args.sprt:
        try:
            elo0, elo1 = (float(x) for x in args.sprt.split(","))
        except ValueError:
            raise SystemExit(f"--sprt {args.sprt}: give two Elo differences, e.g. 0,10")
        if elo1 <= elo0:
            raise SystemExit(f"--sprt {args.sprt}: the second must be above the first")
        sprt = (elo0, elo1, *sprt_bounds())
    if len(args.engine) != 2:
        raise SystemExit("give --engine twice")
    args.definition = args.definition or args.variant
    names = [args.variant, args.variant]
    for ev in args.engine_variant:
        n, name = ev.split(":", 1)
        names[int(n) - 1] = name
    opts = [[], []]
    for eo in args.engine_option:
        n, kv = eo.split(":", 1)
        opts[int(n) - 1].append(kv.split("=", 1))
    args.tc_text = args.tc
    if args.tc:
        moves_part, _, rest = args.tc.rpartition("/")
        base, _, inc = rest.partition("+")
        args.tc = (int(moves_part or 0), float(base), float(inc or 0))
    if args.nodes and any(not e.startswith("uci:") for e in args.engine):
        raise SystemExit("--nodes needs two UCI engines")
    if args.depth is not None and args.depth < 1:
        raise SystemExit(f"--depth {args.depth}: give 1 or more")
    if args.depth and any(not e.startswith("uci:") for e in args.engine):
        raise SystemExit("--depth needs two UCI engines")
    timeout = max(30, args.movetime / 100, args.tc[1] * 2 if args.tc else 0)
    engines = [Engine(args.engine[i], names[i], opts[i], timeout) for i in range(2)]
    for e in engines:
        e.nodes_scale = 1.0
        e.depth_add = 0
    for da in args.depth_add:
        n, plies = da.split(":", 1)
        engines[int(n) - 1].depth_add = int(plies)
    for ns in args.nodes_scale:
        n, factor = ns.split(":", 1)
        engines[int(n) - 1].nodes_scale = float(factor)
    rng = random.Random(args.seed)
    points = 0.0
    wins = draws = losses = forfeits = 0
    opening = []
    try:
        for g in range(args.games):
            if g % 2 == 0:
                opening = []
                for _ in range(args.opening_plies):
                    legal = legal_moves(args.rookery, args.definition, opening)
                    if not legal:
                        break
                    opening.append(rng.choice(sorted(legal)))
            white = g % 2  # engine 1 is White in even games
            result, moves = play_game(args, engines, white, opening)
            score = result.split()[0]
            forfeits += "time forfeit" in result
            first = {"1-0": 1.0, "0-1": 0.0}.get(score, 0.5)
            first = first if white == 0 else 1 - first
            points += first
            wins += first == 1.0
            draws += first == 0.5
            losses += first == 0.0
            if args.pgn:
                write_pgn(args, engines, white, result, moves, g + 1)
            print(f"game {g + 1}: engine 1 {'White' if white == 0 else 'Black'}: {result} "
                  f"after {len(moves)} plies; engine 1 {points}/{g + 1}", flush=True)
            if "illegal" in result or "exited" in result or "no '" in result:
                print("stopping: " + result, flush=True)
                break
            if sprt:
                elo0, elo1, lower, upper = sprt
                ratio = llr(wins, draws, losses, elo0, elo1)
                print(f"sprt [{elo0:g}, {elo1:g}]: LLR {ratio:.2f} ({lower:.2f}, {upper:.2f})", flush=True)
                # (Decided only after a whole pair: both sides of an opening.)
                if g % 2 == 1 and not lower < ratio < upper:
                    verdict = f"H1 (engine 1 at least {elo1:g} Elo better)" if ratio >= upper else \
                        f"H0 (engine 1 not better than {elo0:g} Elo)"
                    print(f"sprt: {verdict} accepted after {g + 1} games", flush=True)
                    break
    finally:
        for e in engines:
            e.close()
    for i, e in enumerate(engines):
        if e.moves_made:
            print(f"engine {i + 1}: {1000 * e.spent / e.moves_made:.0f} ms per move on average "
                  f"(wall, pipe included) over {e.moves_made} moves", flush=True)
    if args.tc:
        print(f"time forfeits: {forfeits}", flush=True)
    n = wins + draws + losses
    if n:
        d, err = elo(points, n)
        print(f"engine 1 ({engines[0].name}) vs engine 2 ({engines[1].name}), {args.variant}, "
              f"{f'depth {args.depth}+{engines[0].depth_add}/{args.depth}+{engines[1].depth_add}' if args.depth else f'{args.nodes} nodes (scaled {engines[0].nodes_scale}/{engines[1].nodes_scale})/move' if args.nodes else f'clock {args.tc_text}' if args.tc else f'{args.movetime} ms/move'}: +{wins} ={draws} -{losses}, {points}/{n}, "
              f"Elo difference {d:+.0f} ± {err:.0f} (95%)")


if __name__ == "__main__":
    sys.exit(main())
