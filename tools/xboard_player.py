#!/usr/bin/env python3
"""A player at XBoard, for the README's screenshots: starts Debian's xboard
on a virtual screen (Xvfb) against `rookery xboard` exactly as the README
tells a player (the human has White), picks White's moves with a weak
Rookery (UCI, 400 nodes a move) and makes them by clicking the squares with
xdotool, as a person would; XBoard checks each click against the pieces'
Betza it was taught. At the game end it takes a screenshot (final.png).

  tools/xboard_player.py VARIANT DISPLAY RANKS SQUARE_PX [ROOKERY]

SQUARE_PX is the square pitch of XBoard's `-boardSize Medium` board for
that variant (58 for TCB's 9x9, 47 for Wild Tamerlane's 11x11; read it
off a first screenshot). Needs xboard, xvfb, xdotool and imagemagick.
Writes to /tmp/xboard-player-VARIANT/ (log, game.pgn, screenshots).
"""
import os, re, subprocess, sys, time
variant, disp, ranks, S = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
R = os.path.abspath(sys.argv[5] if len(sys.argv) > 5 else "target/release/rookery")
d = f"/tmp/xboard-player-{variant}"
os.makedirs(d, exist_ok=True)
env = dict(os.environ, DISPLAY=f":{disp}", HOME=d)
xvfb = subprocess.Popen(["Xvfb", f":{disp}", "-screen", "0", "1100x1000x24"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1)
log = f"{d}/xboard.log"
if os.path.exists(log): os.remove(log)
# The README's command line: XBoard's own chess-rule adjudications off.
ROOKERY_ENDS = ["-checkMates", "false", "-materialDraws", "false", "-ruleMoves", "0", "-repeatsToDraw", "0"]
xb = subprocess.Popen(["/usr/games/xboard", "-fcp", f"{R} xboard", "-variant", variant, "-tc", "5", "-inc", "0", *ROOKERY_ENDS,
                       "-boardSize", "Medium", "-alwaysPromoteToQueen", "true", "-saveSettingsOnExit", "false", "-saveGameFile", f"{d}/game.pgn",
                       "-debug", "-nameOfDebugFile", log], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=d)
me = subprocess.Popen([R, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def send(s): me.stdin.write(s + "\n"); me.stdin.flush()
send("uci"); send(f"setoption name UCI_Variant value {variant}"); send("isready")
while me.stdout.readline().strip() != "readyok": pass
def click(cell):
    f = ord(cell[0]) - 97; y = int(cell[1:]) - 1
    x, yy = 2 + S * f + S // 2, 102 + S * (ranks - 1 - y) + S // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(yy), "click", "1"], env=env)
    time.sleep(0.25)
def ended(text): return re.search(r"GameEnds\(\d+, [^(]", text) is not None
def shot(name): subprocess.run(["import", "-window", "root", f"{d}/{name}"], env=env)
time.sleep(5)
moves = []
n = 0
refused, nref = set(), 0
while True:
    text = open(log).read() if os.path.exists(log) else ""
    if ended(text):
        break
    engine = re.findall(r"<first : move (\S+)", text)
    if len(moves) % 2 == 1:
        if len(engine) > len(moves) // 2:
            moves.append(engine[len(moves) // 2]); continue
        time.sleep(0.3); continue
    if refused:
        # Rookery refused the last pick (a pawn step XBoard would take for
        # en passant): another legal move, from the list replay prints.
        out = subprocess.run([R, "replay", variant, *moves, "z0z0"], capture_output=True, text=True).stderr
        legal = re.search(r"legal moves: (.*)", out).group(1).split()
        m = next((x.rstrip("-") for x in legal if x.rstrip("-") not in refused), None)
        if m is None: break
    else:
        send("position startpos moves " + " ".join(moves)); send("go nodes 400")
        while True:
            l = me.stdout.readline().split()
            if l and l[0] == "bestmove": break
        m = l[1]
    if m in ("(none)", "0000"): break
    mm = re.match(r"([a-z]\d+)([a-z]\d+)(.*)", m)
    click(mm.group(1)); click(mm.group(2))
    moves.append(m); n += 1
    if n % 10 == 0: shot(f"move{n:03d}.png")
    # wait until XBoard sent our move to the engine
    t = time.time()
    while time.time() - t < 10:
        text = open(log).read()
        if len(re.findall(r">first : (?:usermove \d+ >first : )?([a-z]\d+[a-z]\d+\S*)\n", text)) >= n or ended(text): break
        time.sleep(0.2)
    else:
        print("XBoard did not take", m, "after", moves[:-1]); shot("stuck.png"); break
    if len(re.findall(r"<first : Illegal move", text)) > nref:
        print("Rookery refused", m, "after", " ".join(moves[:-1]))
        nref += 1; refused.add(m); moves.pop(); time.sleep(1); continue
    refused.clear()
time.sleep(2)
shot("final.png")
print(" ".join(moves))
print(re.findall(r"GameEnds\(.*", open(log).read())[-1] if ended(open(log).read()) else "no end")
xb.terminate(); time.sleep(1); xvfb.terminate(); send("quit")
