#!/usr/bin/env python3
"""Engine-vs-engine games inside Debian's XBoard 4.9.1 (under xvfb-run) for
every variant `rookery xboard` offers: a benchmark of how well the `setup`
and `piece` lines teach XBoard each variant, not a test.

  tools/xboard_games.py [--rookery PATH] [--depth D] [--jobs N]
                        [--tc MIN --inc SEC --mps N] [--ponder] [--timeout S]
                        [--out DIR] [VARIANT ...]

Each game is `xboard -fcp "rookery xboard" -scp "rookery xboard" -variant V
-matchGames 1 -searchDepth D -testLegality true -testClaims true
-checkMates false -materialDraws false -ruleMoves 0 -repeatsToDraw 0 ...`
(--adjudication xboard leaves out the last four), so
XBoard tests every move against the Betza it was taught and verifies every
result claim. `--depth 0` leaves the depth free, so the engines play on
XBoard's clock (`--tc` minutes, `--inc` seconds, `--mps` moves per
session: XBoard sends `level` and `time`/`otim`), and a flag that falls
is classified `time`. The moves are read back from XBoard's debug log and replayed
with `rookery replay`, and the game is classified:

  ok        XBoard ended it with the result Rookery gives for the same moves
  illegal   XBoard refused a move (an engine forfeited for an illegal move)
  claim     XBoard rejected a result claim ("False win/draw claim")
  differs   XBoard's result differs from Rookery's (e.g. its own adjudication)
  time      an engine lost on time (XBoard's flag)
  unended   no result within the timeout

Prints one line per variant and a summary table; keeps each game's PGN and
log under --out (default /tmp/xboard-games).
"""
import argparse, os, re, signal, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

XBOARD, XVFB = "/usr/games/xboard", "/usr/bin/xvfb-run"
# XBoard's own adjudications, on in Debian's /etc/xboard/xboard.conf, judge
# a taught variant by chess rules (a stalemate is a draw, KBK is
# insufficient material, 51 moves without capture or pawn move draw, six
# repetitions draw): turned off, as the README tells players to, so that
# Rookery's claims end every game (XBoard still checks claims between two
# engines with -testClaims).
ROOKERY_ENDS = ["-checkMates", "false", "-materialDraws", "false", "-ruleMoves", "0", "-repeatsToDraw", "0"]


def offered(rookery):
    """The variant list `rookery xboard` announces in its features."""
    out = subprocess.run([rookery, "xboard"], input="xboard\nprotover 2\nquit\n", text=True,
                         capture_output=True, timeout=60).stdout
    names = re.search(r'variants="([^"]*)"', out).group(1).split(",")
    return ["chess" if n == "normal" else n for n in names]


def ranks_of(rookery, variant):
    """The number of ranks, from the start FEN."""
    out = subprocess.run([rookery, "replay", variant], text=True, capture_output=True, timeout=60).stdout
    return out.split()[0].split("[")[0].count("/") + 1


def to_rookery(move, ranks):
    """XBoard's square notation back to Rookery's: XBoard counts the ranks of
    a ten-rank board from 0."""
    if ranks != 10:
        return move
    return re.sub(r"([a-z])(\d)(?!\d)", lambda m: f"{m.group(1)}{int(m.group(2)) + 1}", move)


def moves_from_log(log):
    """The moves the two engines played, in order, from XBoard's debug log."""
    return re.findall(r"^\d+ <(?:first|second)\s*: move (\S+)", log, re.M)


def pgn_result(pgn):
    """XBoard's result and its reason (the comment before the result)."""
    res = re.search(r'\[Result "([^"]*)"\]', pgn)
    why = re.findall(r"\{([^}]*)\}\s*(?:1-0|0-1|1/2-1/2|\*)\s*$", pgn.strip())
    return (res.group(1) if res else "none"), (why[-1] if why else "")


def rookery_result(rookery, variant, moves):
    """The result Rookery gives after `moves` (None if the game is not over),
    or the first move it refuses."""
    p = subprocess.run([rookery, "replay", variant, *moves], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        why = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "replay failed"
        return None, why[:120]
    m = re.search(r"^result: (\S+) \((.*)\)", p.stdout, re.M)
    return (m.group(1), m.group(2)) if m else (None, "not over")


def play(args, variant):
    """One game of `variant` in XBoard; returns (variant, class, detail)."""
    d = tempfile.mkdtemp(prefix=f"{variant}-", dir=args.out)
    pgn, log = f"{d}/game.pgn", f"{d}/xboard.log"
    engine = f"{args.rookery} xboard"
    xv = "normal" if variant == "chess" else variant
    cmd = [XVFB, "-a", XBOARD, "-fcp", engine, "-scp", engine, "-variant", xv, "-matchGames", "1",
           "-tc", args.tc, *(["-mps", args.mps] if args.mps != "0" else ["-inc", args.inc]), "-testLegality", args.legality,
           "-testClaims", args.legality, "-autoCallFlag", "true", "-popupExitMessage", "false", "-animateMoving", "false", "-flashCount", "0",
           "-matchPause", "100", "-saveSettingsOnExit", "false",
           "-saveGameFile", pgn, "-debug", "-nameOfDebugFile", log]
    if args.adjudication == "rookery":
        cmd[3:3] = ROOKERY_ENDS
    if args.depth:
        cmd[3:3] = ["-searchDepth", str(args.depth)]
    if args.ponder:
        cmd[3:3] = ["-ponderNextMove", "true"]
    t = time.time()
    # A session of its own, so a timeout ends xvfb-run, Xvfb, XBoard and
    # both engines together (killing xvfb-run alone leaves them running).
    p = subprocess.Popen(cmd, cwd=d, env=dict(os.environ, HOME=d), stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        p.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        return variant, "unended", f"no result in {args.timeout} s", time.time() - t
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    game = open(pgn, errors="replace").read() if os.path.exists(pgn) else ""
    ranks = ranks_of(args.rookery, variant)
    moves = [to_rookery(m, ranks) for m in moves_from_log(text)]
    xres, why = pgn_result(game)
    rres, rwhy = rookery_result(args.rookery, variant, moves)
    detail = f"{len(moves)} plies; XBoard {xres} {{{why}}}; Rookery {rres or '-'} ({rwhy})"
    low = why.lower()
    if "on time" in low:
        kind = "time"
    elif "illegal" in low or "invalid" in low:
        kind = "illegal"
    elif "false" in low and "claim" in low:
        kind = "claim"
    elif xres not in ("1-0", "0-1", "1/2-1/2"):
        kind = "unended"
    elif xres == rres:
        kind = "ok"
    else:
        kind = "differs"
    return variant, kind, detail, time.time() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--depth", type=int, default=2, help="XBoard's -searchDepth (0: none, the clock decides)")
    ap.add_argument("--ponder", action="store_true",
                    help="XBoard's -ponderNextMove true: it sends `hard`, both engines think on the other's time")
    ap.add_argument("--tc", default="10", help="XBoard's -tc: minutes (or m:ss) per session")
    ap.add_argument("--inc", default="0", help="XBoard's -inc: seconds added per move")
    ap.add_argument("--mps", default="0", help="XBoard's -mps: moves per session (0: the whole game, with --inc)")
    ap.add_argument("--legality", default="true", choices=["true", "false"],
                    help="XBoard's -testLegality and -testClaims (false: Rookery judges moves and results)")
    ap.add_argument("--adjudication", default="rookery", choices=["rookery", "xboard"],
                    help="rookery: XBoard's own chess-rule adjudications off (the README's command line); "
                         "xboard: left as Debian's xboard.conf sets them")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--out", default="/tmp/xboard-games")
    ap.add_argument("variants", nargs="*")
    args = ap.parse_args()
    args.rookery = os.path.abspath(args.rookery)
    os.makedirs(args.out, exist_ok=True)
    variants = args.variants or offered(args.rookery)
    rows = []
    with ThreadPoolExecutor(args.jobs) as pool:
        for v, kind, detail, secs in pool.map(lambda v: play(args, v), variants):
            print(f"{v:18} {kind:8} {secs:5.0f}s  {detail}", flush=True)
            rows.append(kind)
    print("\nsummary: " + ", ".join(f"{k} {rows.count(k)}" for k in
                                     ("ok", "illegal", "claim", "differs", "time", "unended") if rows.count(k)))


if __name__ == "__main__":
    sys.exit(main())
