import pyffish as sf, random, subprocess
v='janggimodern'; s=sf.start_fen(v); rng=random.Random(3)
agree=dis=ends=0
for g in range(60):
    moves=[]
    for _ in range(rng.randint(4,30)):
        lm=sorted(sf.legal_moves(v,s,moves))
        if not lm: break
        moves.append(rng.choice(lm))
    # then one side shuffles a piece back and forth, the other plays random / shuffles
    lm=sorted(sf.legal_moves(v,s,moves))
    if not lm: continue
    a=rng.choice(lm); seq=[]
    for k in range(12):
        mv = a if k%4==0 else (a[2:]+a[:2] if k%4==2 else None)
        if mv is None:
            opp=sorted(sf.legal_moves(v,s,moves+seq)); 
            if not opp: break
            mv=rng.choice(opp) if rng.random()<0.5 else opp[0]
        if mv not in sf.legal_moves(v,s,moves+seq): break
        seq.append(mv)
        end,val=sf.is_optional_game_end(v,s,moves+seq)
        out=subprocess.run(["target/release/rookery","replay",v]+moves+seq,capture_output=True,text=True).stdout
        res=[l for l in out.splitlines() if l.startswith("result")]
        ours = res[0] if res else None
        fsf_mr = end and abs(val)>=32000-300
        our_mr = ours is not None and "move repetition" in ours
        if fsf_mr: ends+=1
        if fsf_mr==our_mr: agree+=1
        else: dis+=1; print("DIFF", moves+seq, end, val, ours)
        if end: break
print("agree",agree,"diff",dis,"fsf move-repetition ends",ends)
