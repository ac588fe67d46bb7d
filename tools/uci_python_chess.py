#!/usr/bin/env python3
"""`rookery uci` driven by a real UCI client: python-chess's engine module
(`pip install chess`, 1.11.2), which validates every best move with its own
move generator. Plays 60 plies at 50 ms a move in each variant python-chess
implements (chess, crazyhouse, 3check, atomic, king of the hill, antichess,
horde, racing kings; python-chess sends `UCI_Variant` itself), then checks an
infinite analysis stopped by the client, mate scores for both sides and
`go nodes`/`depth`/clock limits. A benchmark-style check, not a test.

  tools/uci_python_chess.py [ROOKERY]
"""
import chess, chess.engine, chess.variant, sys, time
R = sys.argv[1] if len(sys.argv) > 1 else "target/release/rookery"
eng = chess.engine.SimpleEngine.popen_uci([R, "uci"], debug=False)
print("options:", sorted(eng.options.keys()), eng.options["UCI_Variant"].var[:5], "...")
boards = [chess.Board(), chess.variant.CrazyhouseBoard(), chess.variant.ThreeCheckBoard(), chess.variant.AtomicBoard(),
          chess.variant.KingOfTheHillBoard(), chess.variant.AntichessBoard(), chess.variant.HordeBoard(), chess.variant.RacingKingsBoard()]

for b0 in boards:
    b = b0.copy()
    plies = 0
    bad = None
    while not b.is_game_over() and plies < 60:
        r = eng.play(b, chess.engine.Limit(time=0.05))
        if r.move is None or r.move not in b.legal_moves:
            bad = r.move; break
        b.push(r.move); plies += 1
    print(type(b0).__name__, b0.uci_variant, "plies", plies, "bad", bad, "over", b.is_game_over(), b.result() if b.is_game_over() else "", b.fen())
# infinite analysis + stop
b = chess.Board()
with eng.analysis(b) as an:
    t = time.time()
    for info in an:
        if time.time() - t > 0.5: break
    an.stop()
print("analysis stop ok", info.get("depth"), info.get("score"))
# mate score
b = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
i = eng.analyse(b, chess.engine.Limit(depth=5))
print("mate", i["score"], i.get("pv"))
b = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3r2K1 b - - 0 1")
i = eng.analyse(b, chess.engine.Limit(depth=5))
print("mate black", i["score"])
# go nodes / depth / clock
for lim in [chess.engine.Limit(nodes=1000), chess.engine.Limit(depth=3), chess.engine.Limit(white_clock=1.0, black_clock=1.0, white_inc=0.1, black_inc=0.1, remaining_moves=10)]:
    t=time.time(); r = eng.play(chess.Board(), lim, info=chess.engine.INFO_ALL); print(lim, r.move, r.info.get("nodes"), r.info.get("depth"), round(time.time()-t,2))
eng.quit()
