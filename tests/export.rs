//! Exporters: snapshots of every built-in in every format, a Game Courier
//! FEN parser reading our FEN Code back, the GAME Code move tables
//! interpreted and compared with the engine, the Interactive Diagram round
//! trip, TCB's diagram against its rules page, and the frozen
//! Fairy-Stockfish check (tools/fsf_export_check.py).

use std::collections::{BTreeMap, BTreeSet};

mod gc_interp;

use gc_interp::{Game, V as GcV};

use rookery::board::{square_label, Cell};
use rookery::export::{export, fairy_stockfish, game_courier, interactive_diagram, Format};
use rookery::game::perft::perft;
use rookery::game::{MoveKind, Position};
use rookery::variant::{builtin::BUILTIN, load_str, Variant};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn builtin(name: &str) -> Variant {
    let text = rookery::variant::builtin::text(name).map(String::from).unwrap_or_else(|| data(&format!("{name}.toml")));
    load_str(&text).unwrap_or_else(|e| panic!("{name}: {:?}", e.diagnostics)).0
}

fn names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(n, _)| *n).collect()
}

/// Built-ins on a files x ranks grid (every format refuses graph boards).
fn grid_names() -> Vec<&'static str> {
    names()
        .into_iter()
        .filter(|n| {
            let v = builtin(n);
            let graph = v.grid.graph().is_some();
            if graph {
                for f in Format::ALL {
                    assert!(export(&v, f).unwrap_err().problems[0].contains("graph board"), "{n}");
                }
            }
            !graph
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Snapshots

#[test]
fn snapshots_of_every_builtin_in_every_format() {
    for name in names() {
        let v = builtin(name);
        for f in Format::ALL {
            let text = match export(&v, f) {
                Ok(t) => t,
                // Where the format cannot express the game, the refusal is the output.
                Err(e) => e.to_string(),
            };
            // The universal GAME Code routine is the same in every preset:
            // it has a snapshot of its own. The verified-facts comment lists
            // the definition's checks (tested in tests/verify.rs), so a new
            // check does not change these snapshots.
            let mut text = rookery::export::facts::strip(&text)
                .replace(game_courier::UNIVERSAL, "<universal routine>\n")
                .replace(game_courier::HANDLERS, "<move and game-end handlers>\n");
            // The settings file repeats Pre-Game word for word.
            if let Some(at) = text.find("$default['pregame'] = <<<'NOW'\n") {
                let body = at + "$default['pregame'] = <<<'NOW'\n".len();
                let end = body + text[body..].find("\nNOW;").expect("heredoc end");
                assert_eq!(text[body..end].trim_end(), field(&text, "Pre-Game").trim_end(), "{name}");
                text.replace_range(body..end, "<Pre-Game as above>");
            }
            insta::assert_snapshot!(format!("{name}-{}", f.name()), text);
        }
    }
    insta::assert_snapshot!("game-courier-routine", format!("{}{}", game_courier::UNIVERSAL, game_courier::HANDLERS));
}

#[test]
fn fairy_stockfish_refuses_what_it_cannot_express() {
    let err = |n: &str| fairy_stockfish::export(&builtin(n)).unwrap_err().problems.join("\n");
    let tcb = err("tcb");
    assert!(tcb.contains("D-rider"), "{tcb}");
    assert!(tcb.contains("counter-baring"), "{tcb}");
    let wt = err("wild-tamerlane");
    assert!(wt.contains("11x11 is larger"), "{wt}");
    assert!(wt.contains("multi-leg"), "{wt}");
    let tg = err("tigrey");
    assert!(tg.contains("12x12"), "{tg}");
    assert!(tg.contains("bracket"), "{tg}");
    assert!(tg.contains("condition"), "{tg}");
    assert!(tg.contains("promotion zones"), "{tg}");
    // Ataxx's stones in a game that is not Rookery's ataxx: no parent to
    // inherit FSF's `freeDrops` from, and the refusal says so.
    let jumps = edited("ataxx", "betza = \"mDmNmA\"", "betza = \"mDmA\"");
    let e = fairy_stockfish::export(&jumps).unwrap_err().problems.join("\n");
    assert!(e.contains("drops.unlimited") && e.contains("not an ini option"), "{e}");
    assert!(e.contains("inherits it from FSF's `ataxx` only when"), "{e}");
    // Once refused by reasons that were not FSF's: gQ is FSF's own
    // grasshopper; FSF takes one check each without the FEN's count field.
    for ok in ["chess", "capablanca", "chess-zones", "chess-guard", "grasshopper", "karouk", "flipello"] {
        assert!(fairy_stockfish::export(&builtin(ok)).is_ok(), "{ok}");
    }
    // Capture-to-win is no reason by itself; TigerChess's Guard is posted
    // during the deployment, so no side starts with one.
    let tc = err("tigerchess");
    assert!(tc.contains("enters only in the deployment phase") && tc.contains("extinctionPieceTypes"), "{tc}");
    // Counter-baring: the reason names what FSF's nearest rule does differently.
    assert!(tcb.contains("extinctionOpponentPieceCount"), "{tcb}");
    let zones = fairy_stockfish::export(&builtin("chess-zones")).unwrap();
    assert!(zones.contains("mandatoryPawnPromotion = false\nimmobilityIllegal = true\n"), "{zones}");
}

#[test]
fn fairy_stockfish_flying_general_watches_ranks_too() {
    // FSF's flyingGeneral looks along ranks as well as files: exact for
    // xiangqi only because the generals keep to palaces on different ranks.
    let ok = fairy_stockfish::export(&builtin("xiangqi")).unwrap();
    assert!(ok.lines().any(|l| l == "flyingGeneral = true"), "{ok}");
    let free = edited("xiangqi", "confined-to = \"palace\"", "");
    let e = fairy_stockfish::export(&free).unwrap_err().problems.join("\n");
    assert!(e.contains("flying general on files only") && e.contains("attacks_bb(~us, ROOK"), "{e}");
    let lines = load_str(
        &rookery::variant::builtin::text("xiangqi").unwrap().replacen("confined-to = \"palace\"", "", 1).replacen(
            "flying-general = true",
            "flying-general = \"lines\"",
            1,
        ),
    )
    .unwrap()
    .0;
    let text = fairy_stockfish::export(&lines).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.lines().any(|l| l == "flyingGeneral = true"), "{text}");
}

#[test]
fn fairy_stockfish_writes_flipping_as_its_own_options() {
    // FSF's flipersi/flipello options (variant.cpp), each read from its
    // source: the flips, the enclosing drop, the opening cells, passing,
    // the full board, decided by the unweighted count.
    let ini = fairy_stockfish::export(&builtin("flipello")).unwrap_or_else(|e| panic!("{e}"));
    for line in [
        "immobile = p",
        "flipEnclosedPieces = reversi",
        "enclosingDrop = reversi",
        "enclosingDropStart = d4 e4 d5 e5",
        "passOnStalemate = true",
        "adjudicateFullBoard = true",
        "materialCounting = unweighted",
        "stalematePieceCount = true",
    ] {
        assert!(ini.lines().any(|l| l == line), "{line}\n{ini}");
    }
    // Reversi has no passing: FSF's default (no passOnStalemate) is its rule.
    let flipersi = fairy_stockfish::export(&builtin("flipersi")).unwrap();
    assert!(!flipersi.contains("passOnStalemate"), "{flipersi}");
    // Opening cells without a drop condition: FSF reads enclosingDropStart
    // only inside its enclosingDrop rule.
    let free = edited("flipello", "drops = \"must-flip\"", "drops = \"any\"");
    let e = fairy_stockfish::export(&free).unwrap_err().problems.join("\n");
    assert!(e.contains("enclosingDropStart only with enclosingDrop"), "{e}");
    // Two rules that need one FSF key with different values are refused.
    let odds = edited("flipello", "bare-king = \"none\"", "bare-king = \"none\"\ndraw-odds = \"black\"");
    let e = fairy_stockfish::export(&odds).unwrap_err().problems.join("\n");
    assert!(e.contains("`materialCounting` with different values"), "{e}");
}

#[test]
fn fairy_stockfish_janggi_family_inherits_from_fsfs_janggi() {
    // The palace diagonals exist only for FSF's built-in types: the four
    // janggi rule sets are sections inheriting from its `janggi`, with the
    // end rules that differ as options.
    let ini = |n: &str| fairy_stockfish::export(&builtin(n)).unwrap_or_else(|e| panic!("{e}"));
    let body = |n: &str| {
        ini(n).lines().filter(|l| !l.starts_with('#') && !l.starts_with("startFen")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(body("janggi"), "[rookery-janggi:janggi]");
    assert_eq!(body("janggicasual"), "[rookery-janggicasual:janggi]\nbikjangRule = false\nmaterialCounting = none");
    assert_eq!(body("janggitraditional"), "[rookery-janggitraditional:janggi]\nmaterialCounting = none");
    assert_eq!(
        body("janggimodern"),
        "[rookery-janggimodern:janggi]\nbikjangRule = false\nnMoveRule = 100\nnFoldRule = 4\nmoveRepetitionIllegal = true"
    );
    // FSF's count also decides the n-move rule and repetitions: a count
    // that decides passing only is refused, not written as FSF's.
    let only_passing = edited("janggi", "counting-decides = [\"move-rule\", \"repetition\"]", "");
    let e = fairy_stockfish::export(&only_passing).unwrap_err().problems.join("\n");
    assert!(e.contains("decides passing only"), "{e}");
    // Other points than FSF's janggi count.
    let points = edited("janggi", "R = 13, C = 7", "R = 12, C = 7");
    let e = fairy_stockfish::export(&points).unwrap_err().problems.join("\n");
    assert!(e.contains("other points"), "{e}");
    // A piece that differs: no inheritance, the palace lines are refused
    // with the reason.
    let horse = edited("janggi", "[pieces.horse]", "[pieces.horse]\n# edited");
    assert!(fairy_stockfish::export(&horse).is_ok(), "a comment changes nothing");
    let chariot = edited("janggicasual", "betza = \"R\"", "betza = \"RN\"");
    let e = fairy_stockfish::export(&chariot).unwrap_err().problems.join("\n");
    assert!(e.contains("palace diagonal") && e.contains("only for its built-in types"), "{e}");
    // An end rule the parent's options do not map is refused.
    let stalemate = edited("janggi", "stalemate = \"loss\"", "stalemate = \"draw\"");
    let e = fairy_stockfish::export(&stalemate).unwrap_err().problems.join("\n");
    assert!(e.contains("end rules that differ from FSF's `janggi`"), "{e}");
}

#[test]
fn fairy_stockfish_ataxx_supply_and_petrified() {
    let ini = |n: &str| fairy_stockfish::export(&builtin(n)).unwrap_or_else(|e| panic!("{e}"));
    let body = |n: &str| {
        ini(n).lines().filter(|l| !l.starts_with('#') && !l.starts_with("startFen")).collect::<Vec<_>>().join("\n")
    };
    // FSF's `freeDrops` and supply's narrowed drop points exist only in its
    // built-ins: sections inheriting from them.
    assert_eq!(body("ataxx"), "[rookery-ataxx:ataxx]");
    assert_eq!(body("supply"), "[rookery-supply:supply]");
    // An end rule the parent has as an option is written...
    let rep = edited("ataxx", "repetition = 3", "repetition = 4");
    let text = fairy_stockfish::export(&rep).unwrap();
    assert!(text.contains("[rookery-ataxx:ataxx]\nnFoldRule = 4\n"), "{text}");
    // ... any other difference is refused, with what only the parent has.
    let soldier = edited("supply", "betza = \"fW\"", "betza = \"fsW\"");
    let e = fairy_stockfish::export(&soldier).unwrap_err().problems.join("\n");
    assert!(e.contains("Soldier may be dropped") && e.contains("narrows the drop points in C++"), "{e}");
    let stalemate = edited("ataxx", "stalemate = \"loss\"", "stalemate = \"draw\"");
    let e = fairy_stockfish::export(&stalemate).unwrap_err().problems.join("\n");
    assert!(e.contains("end rules that differ from FSF's `ataxx`"), "{e}");
    // Petrified: our move-only king is FSF's king with its own Betza, not
    // FSF's petrified commoner, whose steps count as attacks (checked in
    // the frozen hand-made positions of export-fsf-petrified.moves).
    let p = ini("petrified");
    for line in ["king = k:mK", "petrifyOnCaptureTypes = qrbn", "castling = true"] {
        assert!(p.lines().any(|l| l == line), "no {line:?} in\n{p}");
    }
    assert!(!p.contains("commoner") && !p.contains("extinction"), "{p}");
}

#[test]
fn fairy_stockfish_writes_wolfs_double_step_region_and_promotions() {
    // FSF's `i` moves are by square (doubleStepRegion), any set of squares;
    // the pawn's two promotions share one region; the sergeant is a pawn
    // type that does not take en passant.
    let ini = fairy_stockfish::export(&builtin("wolf")).unwrap_or_else(|e| panic!("{e}"));
    for line in [
        "customPiece3 = s:fWfFifmnD",
        "doubleStepRegionWhite = *2 b3 c3 f3 g3",
        "doubleStepRegionBlack = b8 c8 f8 g8 *9",
        "promotedPieceType = p:e",
        "promotionPieceTypes = qwfrb",
        "enPassantTypes = p",
    ] {
        assert!(ini.lines().any(|l| l == line), "{line}\n{ini}");
    }
    assert_eq!(ini.matches("promotionRegionWhite").count(), 1, "{ini}");
    // A piece-promotion zone on other squares than the pawns' zone.
    let apart = edited(
        "wolf",
        "piece-zone = { white = [10], black = [1] }",
        "piece-zone = { white = [9, 10], black = [1, 2] }",
    );
    let e = fairy_stockfish::export(&apart).unwrap_err().problems.join("\n");
    assert!(e.contains("on different squares"), "{e}");
}

#[test]
fn fairy_stockfish_en_passant_by_other_pawns() {
    // Berolina's pawn takes en passant as FSF's enPassantTypes piece; Pawn
    // Sideways's region-bound double step is FSF's `i` move.
    let ber = fairy_stockfish::export(&builtin("berolina")).unwrap();
    assert!(ber.contains("customPiece1 = p:mfFcfeWimfnA\n") && ber.contains("enPassantTypes = p\n"), "{ber}");
    let side = fairy_stockfish::export(&builtin("pawnsideways")).unwrap();
    assert!(side.contains("p:fsmWfceFifmnD\n") && !side.contains("doubleStep = false"), "{side}");
    // FSF would let the plain diagonal capture take en passant too.
    let plain = edited("berolina", "mfFcfeWimfnA", "mfFcfeWcFimfnA");
    let e = fairy_stockfish::export(&plain).unwrap_err().problems.join("\n");
    assert!(e.contains("captures without `e`"), "{e}");
    // A long quiet step that is not initial leaves e.p. squares in ours only.
    let long = edited("berolina", "mfFcfeWimfnA", "mfFcfeWmfnA");
    let e = fairy_stockfish::export(&long).unwrap_err().problems.join("\n");
    assert!(e.contains("not an initial (`i`) move leaves en-passant squares"), "{e}");
}

#[test]
fn interactive_diagram_refusals_say_why_the_id_cannot() {
    let err = |n: &str| interactive_diagram::export(&builtin(n)).unwrap_err().problems.join("\n");
    // Every rule line carries the reason after a colon.
    for (name, why) in [
        ("crazyhouse", "holdingsType"),
        ("xiangqi", "JavaScript"),
        ("xiangqi", "multi-leg King capture"),
        ("shogi", "Shogi-style promotion"),
        ("3check", "no ID parameter"),
        ("kingofthehill", "no ID parameter"),
    ] {
        let e = err(name);
        assert!(e.contains(why), "{name}: {why:?} not in {e}");
    }
}

/// A built-in's text with one substring replaced (the replacement must apply).
fn edited(name: &str, from: &str, to: &str) -> Variant {
    let text = rookery::variant::builtin::text(name).unwrap();
    assert!(text.contains(from), "{name}: {from:?}");
    load_str(&text.replacen(from, to, 1)).unwrap_or_else(|e| panic!("{name}: {:?}", e.diagnostics)).0
}

#[test]
fn fairy_stockfish_writes_hands_regions_and_goals() {
    let ini = |n: &str| fairy_stockfish::export(&builtin(n)).unwrap_or_else(|e| panic!("{e}"));
    let has = |n: &str, lines: &[&str]| {
        let text = ini(n);
        for l in lines {
            assert!(text.lines().any(|x| x == *l), "{n}: no line {l:?} in\n{text}");
        }
    };
    has("crazyhouse", &["pieceDrops = true", "capturesToHand = true", "dropLoop = false"]);
    has("loop", &["dropLoop = true"]);
    has("pocketknight", &["capturesToHand = false"]);
    has(
        "shogi",
        &["shogiPawn = p", "dropNoDoubled = p", "shogiPawnDropMateIllegal = true", "immobilityIllegal = true"],
    );
    has("shogi", &["promotedPieceType = s:v b:h r:d p:t n:o l:y", "promotionRegionWhite = *7 *8 *9"]);
    has("grand", &["promotionLimit = q:1 c:1 a:1 r:2 b:2 n:2"]);
    has("xiangqi", &["soldier = p", "soldierPromotionRank = 6", "flyingGeneral = true"]);
    has(
        "xiangqi",
        &["mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3", "mobilityRegionBlackCustomPiece1 = *6 *7 *8 *9 *10"],
    );
    has("3check", &["checkCounting = true"]);
    // Atomic: FSF allows no king with blastOnCapture; its own atomic makes
    // the king a commoner, royal by extinction.
    has(
        "atomic",
        &["king = -", "commoner = k", "blastOnCapture = true", "extinctionPseudoRoyal = true", "castlingKingPiece = k"],
    );
    // Placement: compulsory drops, the bishops on both colours, and a king
    // and rooks dropped on their castling cells that may castle.
    has(
        "placement",
        &["mustDrop = true", "dropOppositeColoredBishop = true", "castlingDroppedPiece = true", "dropRegionWhite = *1"],
    );
    // The game-end and royalty families: FSF's own settings of these games.
    has("antichess", &["king = -", "commoner = k", "mustCapture = true", "extinctionValue = win"]);
    has("giveaway", &["castlingKingPiece = k", "extinctionPieceTypes = *"]);
    has("losers", &["checkmateValue = win", "extinctionPieceCount = 1"]);
    has("suicide", &["stalematePieceCount = true"]);
    has("coregal", &["extinctionPieceTypes = q", "extinctionPseudoRoyal = true", "extinctionPieceCount = 64"]);
    has("racingkings", &["checking = false", "flagMove = true", "flagRegionBlack = *8"]);
    // Counting rules: FSF's countingRule, its pawns, rooks, khons
    // (`silver`) and knights our kinds; Shatar's mate rules; Shatranj's
    // bare king by opponent count and claim.
    has("makpong", &["makpongRule = true", "countingRule = makruk", "pawn = p", "silver = s", "doubleStep = false"]);
    has("cambodian", &["cambodianMoves = true", "countingRule = cambodian"]);
    has("asean", &["silver = b", "countingRule = asean"]);
    has("shatar", &["bers = j", "shatarMateRule = true", "extinctionValue = draw"]);
    has("shatranj", &["extinctionOpponentPieceCount = 2", "extinctionClaim = true"]);
    // Walls: FSF's wallingRule and region; the wall piece is FSF's `*`.
    has("duck", &["wallingRule = duck", "castlingKingPiece = k"]);
    has("amazons", &["wallingRule = arrow"]);
    has("isolation", &["wallingRule = static", "wallingRegionWhite = a1 b1 d1 e1 f1 *2 *3 *4 *5 *6 *7 a8 b8 c8 e8 f8"]);
    assert!(!ini("duck").lines().any(|l| l.ends_with(" = *")), "the wall is no FSF piece");
    // The repetition's value and the perpetual check (optional ends).
    has("empire", &["nFoldValue = loss", "castling = true"]);
    has("shogi", &["perpetualCheckIllegal = true"]);
    // Dobutsu: promotion forced wherever the chick could enter the zone.
    has("dobutsu", &["mandatoryPiecePromotion = true"]);
    assert!(!ini("dobutsu").contains("immobilityIllegal"));
    // Synochess: the cannon that never hops over a cannon is FSF's janggiCannon.
    has("synochess", &["janggiCannon = c"]);
    // Limits other than FSF's fixed table, or a pawn FSF does not count as
    // one, are refused with the difference.
    let limits = edited("makruk", "{ piece = \"S\", moves = 44 }", "{ piece = \"S\", moves = 45 }");
    let e = fairy_stockfish::export(&limits).unwrap_err().problems.join("\n");
    assert!(e.contains("other limits than FSF's fixed ones") && e.contains("1+ silver 45"), "{e}");
    let pawns = edited("makruk", "pawns = [\"P\"]", "pawns = [\"P\", \"M\"]");
    let e = fairy_stockfish::export(&pawns).unwrap_err().problems.join("\n");
    assert!(e.contains("FSF's counts its `pawn` type, here 1 kind(s), ours 2 kind(s)"), "{e}");
    let mates = edited(
        "shatar",
        "checkmate-needs-check-by = [\"R\", \"N\", \"J\"]",
        "checkmate-needs-check-by = [\"R\", \"N\"]",
    );
    let e = fairy_stockfish::export(&mates).unwrap_err().problems.join("\n");
    assert!(e.contains("shatarMateRule"), "{e}");
    has("armageddon", &["materialCounting = blackdrawodds"]);
    has("horde", &["doubleStepRegionWhite = *1 *2", "enPassantRegionWhite = *6", "enPassantRegionBlack = *3"]);
    has("shako", &["castlingRank = 2", "castlingRookKingsideFile = i", "castlingRookQueensideFile = b"]);
    has("seirawan", &["gating = true", "seirawanGating = true"]);
    // Spartan: choices per side, the king limited for Black only, the
    // hoplite's initial leap by rank (it moves only forward), two pseudo-royal
    // kings with duple check.
    has(
        "spartan",
        &[
            "promotionPieceTypesWhite = qrbn",
            "promotionPieceTypesBlack = gwlck",
            "promotionLimit = k:2",
            "customPiece5 = h:fmFfcWimA",
            "doubleStepRegionBlack = *7",
            "dupleCheck = true",
        ],
    );
    // An initial move of a piece that can come back to its start rank
    // (unmoved is not "on the start rank") is refused.
    let back = edited("spartan", "betza = \"fmFfcWimA\"", "betza = \"fmFfcWbmWimA\"");
    let e = fairy_stockfish::export(&back).unwrap_err().problems.join("\n");
    assert!(e.contains("can come back to its start rank"), "{e}");
    // Ouk Chatrang's first moves are FSF's cambodianMoves, but only exactly:
    // the king's right lost to a knight's line is refused.
    let cambodian = ini("cambodian");
    for l in ["gating = true", "cambodianMoves = true", "fers = m"] {
        assert!(cambodian.lines().any(|x| x == l), "cambodian: no line {l:?}");
    }
    let knight_line = edited("cambodian", "unmoved-lost-on-line-with = [\"R\"]", "unmoved-lost-on-line-with = [\"N\"]");
    let e = fairy_stockfish::export(&knight_line).unwrap_err().problems.join("\n");
    assert!(e.contains("cambodianMoves") && e.contains("King's leap"), "{e}");
    has("kingofthehill", &["flagPiece = k", "flagRegionWhite = d4 e4 d5 e5", "flagRegionBlack = d4 e4 d5 e5"]);
    // Chessgi's double step is by rank (a region-bound special move), as
    // FSF's pawn's; a pawn may be dropped on the first rank.
    has(
        "chessgi",
        &["pawn = p", "doubleStepRegionWhite = *2", "doubleStepRegionBlack = *7", "firstRankPawnDrops = true"],
    );
    // A pawn whose double step needs it unmoved cannot be dropped behind its
    // double-step rank: there FSF's double step (by rank) differs.
    let unmoved = edited(
        "crazyhouse",
        "ranks = { white = [2, 3, 4, 5, 6, 7], black = [2, 3, 4, 5, 6, 7] }",
        "ranks = { white = [1, 2, 3, 4, 5, 6, 7], black = [2, 3, 4, 5, 6, 7, 8] }",
    );
    let e = fairy_stockfish::export(&unmoved).unwrap_err().problems.join("\n");
    assert!(e.contains("double-step"), "{e}");
    // What FSF has no option for is refused, each with its reason.
    let refused = |v: &Variant, why: &str| {
        let e = fairy_stockfish::export(v).unwrap_err().problems.join("\n");
        assert!(e.contains(why), "{why:?} not in {e}");
    };
    // A sideways step from a region that is not whole ranks from a rank on.
    refused(&edited("xiangqi", "region = \"across-river\"", "region = \"palace\""), "region-bound moves are");
    // Two goals.
    let two = "[[goals]]\npiece = \"K\"\nregion = \"hill\"\n";
    refused(&edited("kingofthehill", two, &format!("{two}\n{two}")), "2 region goals");
    // Knights droppable only on the first rank, the other pieces anywhere:
    // FSF has one drop region for all pieces but pawns.
    refused(
        &edited(
            "crazyhouse",
            "promoted-captured = \"demote\"",
            "promoted-captured = \"demote\"\n\n[[drops.where]]\npieces = [\"N\"]\nranks = { white = [1], black = [8] }",
        ),
        "where the Knight may be dropped",
    );
}

// ---------------------------------------------------------------------------
// Game Courier FEN Code, read back with GC's own rules.

/// A cell of a GC board as GC reads the FEN: no cell, empty, or a label.
#[derive(Clone, Debug, PartialEq, Eq)]
enum GcCell {
    Missing,
    Empty,
    Piece(String),
}

/// Parses a GC FEN Code with `cols` cells per rank, top rank first:
/// digits (greedy) are empty cells, `-` a missing cell, `{…}` a multi-letter
/// label, any other character a one-letter label, `*` fills the rank with
/// empty cells, and a `/` before a rank is full makes the rest of it missing.
/// Returns the ranks, top first.
fn parse_gc_fen(fen: &str, cols: usize) -> Vec<Vec<GcCell>> {
    let mut ranks: Vec<Vec<GcCell>> = Vec::new();
    let mut cur: Vec<GcCell> = Vec::new();
    let cs: Vec<char> = fen.chars().collect();
    let mut i = 0;
    let push = |cur: &mut Vec<GcCell>, ranks: &mut Vec<Vec<GcCell>>, c: GcCell| {
        cur.push(c);
        if cur.len() == cols {
            ranks.push(std::mem::take(cur));
        }
    };
    let mut just_closed = false;
    while i < cs.len() {
        let c = cs[i];
        if c.is_ascii_digit() {
            let mut n = 0usize;
            while i < cs.len() && cs[i].is_ascii_digit() {
                n = n * 10 + cs[i].to_digit(10).unwrap() as usize;
                i += 1;
            }
            for _ in 0..n {
                push(&mut cur, &mut ranks, GcCell::Empty);
            }
            just_closed = cur.is_empty();
            continue;
        }
        match c {
            '/' => {
                if !cur.is_empty() {
                    while !cur.is_empty() {
                        push(&mut cur, &mut ranks, GcCell::Missing);
                    }
                } else {
                    assert!(just_closed || ranks.is_empty(), "a '/' at the start of a rank in {fen}");
                }
                just_closed = false;
                i += 1;
                continue;
            }
            '*' => {
                push(&mut cur, &mut ranks, GcCell::Empty);
                while !cur.is_empty() {
                    push(&mut cur, &mut ranks, GcCell::Empty);
                }
            }
            '-' => push(&mut cur, &mut ranks, GcCell::Missing),
            '{' => {
                let end = cs[i..].iter().position(|&x| x == '}').expect("closing brace") + i;
                let label: String = cs[i + 1..end].iter().collect();
                push(&mut cur, &mut ranks, GcCell::Piece(label));
                i = end;
            }
            c => push(&mut cur, &mut ranks, GcCell::Piece(c.to_string())),
        }
        just_closed = cur.is_empty();
        i += 1;
    }
    assert!(cur.is_empty(), "the last rank of {fen} is incomplete");
    ranks
}

fn field<'a>(sheet: &'a str, name: &str) -> &'a str {
    let head = format!("===== {name} =====\n");
    let at = sheet.find(&head).unwrap_or_else(|| panic!("no field {name}")) + head.len();
    let rest = &sheet[at..];
    let end = rest.find("\n===== ").unwrap_or(rest.len());
    rest[..end].trim_end()
}

#[test]
fn gc_fen_parser_reads_the_reference_fens() {
    // Xiang Hex, real preset (research/gc-presets): 9 columns, 79 cells, 32 pieces.
    let x = parse_gc_fen("rnefg/pc3f/2p3e/4p2n/6pcr/P7p/RCP6/-N2P4/--E3P2/---F3CP/----GFENR", 9);
    assert_eq!(x.len(), 11);
    let cells = x.iter().flatten().filter(|c| **c != GcCell::Missing).count();
    let pieces = x.iter().flatten().filter(|c| matches!(c, GcCell::Piece(_))).count();
    assert_eq!((cells, pieces), (79, 32));
    // Tiger Chess (derived), braces and run-on form give the same board.
    let a = parse_gc_fen(
        "r{.w}{.p}tbqkbt{.p}{.w}r/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/R{.W}{.P}TBQKBT{.P}{.W}R",
        12,
    );
    let b = parse_gc_fen("r{.w}{.p}tbqkbt{.p}{.w}r24pppppppppppp48PPPPPPPPPPPP24R{.W}{.P}TBQKBT{.P}{.W}R", 12);
    assert_eq!(a, b);
    assert_eq!(a.iter().flatten().filter(|c| matches!(c, GcCell::Piece(_))).count(), 48);
    assert_eq!(a[0][1], GcCell::Piece(".w".into()));
    // Three spellings of the chess start.
    let c1 = parse_gc_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 8);
    assert_eq!(c1, parse_gc_fen("rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR", 8));
    assert_eq!(c1, parse_gc_fen("rnbqkbnr/pppppppp/****/PPPPPPPP/RNBQKBNR", 8));
}

/// Checks a FEN Code against the variant: ranks × files, holes, pieces.
fn check_fen_code(v: &Variant, fen: &str, labels: &[(String, String)]) {
    let g = &v.grid;
    let ranks = parse_gc_fen(fen, g.files() as usize);
    assert_eq!(ranks.len(), g.ranks() as usize, "{}: rank count of {fen}", v.name);
    let setup = Position::start(v);
    let mut cells = 0;
    for (i, row) in ranks.iter().enumerate() {
        let y = g.ranks() - 1 - i as u32;
        for (x, cell) in row.iter().enumerate() {
            let x = x as u32;
            let want = match g.at(x as i32, y as i32) {
                None => GcCell::Missing,
                Some(c) => {
                    cells += 1;
                    match setup.at(c) {
                        0 => GcCell::Empty,
                        code => {
                            let (k, s) = (rookery::game::code_kind(code) as usize, rookery::game::code_side(code));
                            GcCell::Piece(if s == 0 { labels[k].0.clone() } else { labels[k].1.clone() })
                        }
                    }
                }
            };
            assert_eq!(*cell, want, "{}: {} in {fen}", v.name, square_label(x, y));
        }
    }
    assert_eq!(cells, g.len(), "{}: cell count", v.name);
}

#[test]
fn gc_fen_code_reads_back_as_the_setup() {
    for name in grid_names().into_iter().chain(["tcb-wd"]) {
        let v = builtin(name);
        let sheet = game_courier::export(&v).unwrap();
        let lab = game_courier::labels(&v);
        let fen = field(&sheet, "FEN Code");
        assert_eq!(field(&sheet, "Max Columns"), v.grid.files().to_string());
        check_fen_code(&v, fen, &lab.kinds);
        assert!(!fen.contains('{'), "single-letter labels need no braces: {fen}");
    }
    // TCB: the holes and the 65 cells of the rules page.
    let v = builtin("tcb");
    let fen = game_courier::fen_code(&v, &game_courier::labels(&v).kinds);
    assert_eq!(fen, "r-h-k-h-r/-npqpqpn-/pp1p1p1pp/-7-/9/-7-/PP1P1P1PP/-NPQPQPN-/R-H-K-H-R");
    let cells = parse_gc_fen(&fen, 9).iter().flatten().filter(|c| **c != GcCell::Missing).count();
    assert_eq!(cells, 65);
}

#[test]
fn gc_fen_code_braces_multi_letter_labels() {
    let v = builtin("tcb");
    let labels: Vec<(String, String)> =
        v.pieces.iter().map(|p| (format!(".{}", p.letter), format!(".{}", p.letter.to_ascii_lowercase()))).collect();
    let fen = game_courier::fen_code(&v, &labels);
    assert!(fen.starts_with("{.r}-{.h}-{.k}-{.h}-{.r}/"), "{fen}");
    check_fen_code(&v, &fen, &labels);
}

// ---------------------------------------------------------------------------
// The GAME Code's move tables, interpreted with the universal routine's
// algorithm (this mirrors `UNIVERSAL`/`HANDLERS` in game_courier.rs step by
// step) and compared with the engine's legal moves along random games.

/// The tables as the Pre-Game code gives them: read back by calling the
/// code's own lookup subroutines (`Leg`, `WStart`, `BStart`, `Royal`,
/// `Pawn`, `IsHoleAt`, `PromoCheck`) in the GAME Code interpreter.
struct Tab {
    legs: Vec<i64>,
    start: [Vec<usize>; 2],
    royal: Vec<bool>,
    pawn: Vec<bool>,
    /// `PromoCheck` per (cell, side, chosen kind): 0 no zone, 1 allowed,
    /// 2 must promote, 3 wrong choice.
    promo: BTreeMap<(Sq, usize, Option<usize>), u8>,
    hasep: bool,
    /// `nfiles`, `nranks` and `IsHoleAt`, read by `Inside`.
    nfiles: i32,
    nranks: i32,
    holes: BTreeSet<Sq>,
}

impl Tab {
    /// `Inside`: a cell is on the board when its 0-based file and rank are
    /// within `nfiles` x `nranks` and it is not a hole.
    fn inside(&self, s: Sq) -> bool {
        s.0 >= 0 && s.1 >= 0 && s.0 < self.nfiles && s.1 < self.nranks && !self.holes.contains(&s)
    }
}

/// A number a lookup subroutine of the code returns.
fn lookup(g: &mut Game, name: &str, args: &[i64]) -> i64 {
    match g.call(name, args.iter().map(|&a| GcV::N(a)).collect()).unwrap() {
        GcV::N(n) => n,
        other => panic!("{name} {args:?}: {other:?}"),
    }
}

fn read_tables(pre: &str, v: &Variant) -> Tab {
    let get = |name: &str| -> String {
        let head = format!("\nset {name} ");
        let at = pre.find(&head).unwrap_or_else(|| panic!("no `set {name}`")) + head.len();
        pre[at..at + pre[at..].find(";\n").unwrap()].to_string()
    };
    let mut g = Game::new(pre, BTreeMap::new());
    let nk = v.pieces.len() as i64;
    let start: [Vec<usize>; 2] =
        ["WStart", "BStart"].map(|n| (0..nk).map(|k| lookup(&mut g, n, &[k]) as usize).collect());
    // A kind's table: `nmoves`, then per move its flags and a leg subtree
    // that starts with its size; the tables end where the last one does.
    let mut end = 0;
    for &s in start.iter().flatten() {
        let n = lookup(&mut g, "Leg", &[s as i64]);
        let mut at = s as i64 + 1;
        for _ in 0..n {
            at += 1 + lookup(&mut g, "Leg", &[at + 1]);
        }
        end = end.max(at);
    }
    let legs = (0..end).map(|p| lookup(&mut g, "Leg", &[p])).collect();
    let flags = |g: &mut Game, n: &str| (0..nk).map(|k| lookup(g, n, &[k]) != 0).collect::<Vec<_>>();
    let (nfiles, nranks): (i32, i32) = (get("nfiles").parse().unwrap(), get("nranks").parse().unwrap());
    let mut holes = BTreeSet::new();
    for (x, y) in (0..nranks).flat_map(|y| (0..nfiles).map(move |x| (x, y))) {
        if lookup(&mut g, "IsHoleAt", &[x as i64, y as i64]) != 0 {
            holes.insert((x, y));
        }
    }
    let mut promo = BTreeMap::new();
    for c in 0..v.grid.len() as Cell {
        let s = sq(v, c);
        for side in 1..=2 {
            for k in std::iter::once(None).chain((0..nk as usize).map(Some)) {
                let args =
                    vec![GcV::S(v.grid.label(c).into()), GcV::N(side as i64), GcV::N(k.map_or(-1, |k| k as i64))];
                let GcV::N(r) = g.call("PromoCheck", args).unwrap() else { panic!("PromoCheck") };
                promo.insert((s, side, k), r as u8);
            }
        }
    }
    Tab {
        legs,
        royal: flags(&mut g, "Royal"),
        pawn: flags(&mut g, "Pawn"),
        start,
        promo,
        hasep: get("hasep") == "1",
        nfiles,
        nranks,
        holes,
    }
}

type Sq = (i32, i32);

/// The interpreter's state: the GAME Code's board (`space`), its flags
/// (unmoved pieces), en-passant cells and the globals of `Found`'s modes.
#[derive(Clone)]
struct Board {
    /// (kind, side) per square; side 1 White, 2 Black (the code's numbering).
    pieces: BTreeMap<Sq, (usize, usize)>,
    /// `setflag`ged squares: pieces that have not moved.
    flags: BTreeSet<Sq>,
    /// `ep1`..`ep4`.
    ep: Vec<Sq>,
    epvictim: Option<Sq>,
    /// `fmode`: 1 check an entered move, 2 attack test, 3 list legal moves.
    fmode: u8,
    want: Sq,
    ok: bool,
    ffound: Option<Found>,
    hit: bool,
    attacktarget: Option<Sq>,
    curfrom: Sq,
    curside: usize,
    /// What `setlegal` received.
    setlegal: BTreeSet<(Sq, Sq)>,
    nlegal: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Found {
    to: Sq,
    kind: u8,
    extra: Sq,
    extra2: Sq,
}

/// `Bits`: the 1, 2, 4, 8, 16 bits of `n` by comparisons and subtraction.
fn bits(n: i64) -> [bool; 5] {
    let b16 = n >= 16;
    let n = n - 16 * b16 as i64;
    let b8 = n >= 8;
    let n = n - 8 * b8 as i64;
    let b4 = n >= 4;
    let n = n - 4 * b4 as i64;
    let b2 = n >= 2;
    let b1 = n - 2 * b2 as i64 != 0;
    [b1, b2, b4, b8, b16]
}

impl Board {
    /// `SideOf space c` (0 empty).
    fn side_of(&self, c: Sq) -> usize {
        self.pieces.get(&c).map_or(0, |p| p.1)
    }

    fn occ(&self, c: Sq, from: Sq, side: usize) -> u8 {
        if c == from {
            return 0;
        }
        if self.fmode == 2 && self.attacktarget == Some(c) {
            return 2;
        }
        match self.side_of(c) {
            0 => 0,
            s if s == side => 1,
            _ => 2,
        }
    }

    fn found(&mut self, t: &Tab, f: Found) {
        match self.fmode {
            2 => {
                if Some(f.to) == self.attacktarget {
                    self.hit = true;
                }
            }
            1 => {
                if f.to == self.want && !self.ok {
                    self.ok = true;
                    self.ffound = Some(f);
                }
            }
            _ => self.try_legal(t, f),
        }
    }

    fn walk_leg(&mut self, t: &Tab, at: usize, pos: Sq, from: Sq, side: usize) {
        let l = &t.legs;
        let sgn = if side == 2 { -1 } else { 1 };
        let (dx, dy) = (l[at + 1] as i32 * sgn, l[at + 2] as i32 * sgn);
        let range = l[at + 3] as u32;
        let [m1, m2, m4, m8, m16] = bits(l[at + 4]);
        let nvia = l[at + 5] as usize;
        let nchild = l[at + 6 + 2 * nvia] as usize;
        let plain = |to: Sq| Found { to, kind: 0, extra: (0, 0), extra2: (0, 0) };
        let mut cur = pos;
        let mut steps = 0;
        while range == 0 || steps < range {
            let nxt = (cur.0 + dx, cur.1 + dy);
            if !t.inside(nxt) {
                return;
            }
            for i in 0..nvia {
                let s = (cur.0 + l[at + 6 + 2 * i] as i32 * sgn, cur.1 + l[at + 7 + 2 * i] as i32 * sgn);
                if !t.inside(s) || self.occ(s, from, side) != 0 {
                    return;
                }
            }
            steps += 1;
            cur = nxt;
            let o = self.occ(cur, from, side);
            if m16 {
                if o != 0 {
                    let after = match range {
                        1 => 1,
                        0 => 0,
                        r => r - steps,
                    };
                    let mut s = 0;
                    while after == 0 || s < after {
                        cur = (cur.0 + dx, cur.1 + dy);
                        if !t.inside(cur) {
                            return;
                        }
                        s += 1;
                        match self.occ(cur, from, side) {
                            0 => {
                                if m1 && self.fmode != 2 {
                                    self.found(t, plain(cur));
                                }
                            }
                            o => {
                                if o == 2 && m2 {
                                    self.found(t, plain(cur));
                                }
                                return;
                            }
                        }
                    }
                    return;
                }
            } else if o == 0 {
                if m1 && self.fmode != 2 {
                    self.found(t, plain(cur));
                }
                if m4 && self.fmode != 2 && self.ep.contains(&cur) {
                    let victim = self.epvictim.unwrap();
                    self.found(t, Found { to: cur, kind: 1, extra: victim, extra2: (0, 0) });
                }
                if m8 {
                    let mut child = at + 7 + 2 * nvia;
                    for _ in 0..nchild {
                        self.walk_leg(t, child, cur, from, side);
                        child += l[child] as usize;
                    }
                }
            } else {
                if o == 2 && m2 {
                    self.found(t, plain(cur));
                }
                return;
            }
        }
    }

    fn castle(&mut self, t: &Tab, at: usize, from: Sq, side: usize) {
        let l = &t.legs;
        let sgn = if side == 2 { -1 } else { 1 };
        let (dx, dy, travel) = (l[at + 1] as i32 * sgn, l[at + 2] as i32 * sgn, l[at + 3] as usize);
        if travel < 2 {
            return;
        }
        let mut ray = Vec::new();
        let mut cur = (from.0 + dx, from.1 + dy);
        while t.inside(cur) {
            ray.push(cur);
            cur = (cur.0 + dx, cur.1 + dy);
        }
        let n = ray.len();
        if n <= travel {
            return;
        }
        let partner = ray[n - 1];
        if self.occ(partner, from, side) != 1 || !self.flags.contains(&partner) {
            return;
        }
        if ray[..n - 1].iter().any(|c| self.pieces.contains_key(c)) {
            return;
        }
        for &c in &ray[..travel] {
            if self.attacked(t, c, side) {
                return;
            }
        }
        self.found(t, Found { to: ray[travel - 1], kind: 2, extra: partner, extra2: ray[travel - 2] });
    }

    fn moves(&mut self, t: &Tab, from: Sq, side: usize, incheck: bool) {
        let (k, _) = self.pieces[&from];
        let l = &t.legs;
        let mut at = if side == 1 { t.start[0][k] } else { t.start[1][k] };
        let n = l[at];
        at += 1;
        for _ in 0..n {
            let [f1, f2, f4, _, _] = bits(l[at]);
            let p = at + 1;
            let size = l[p] as usize;
            let skip = f1 && !self.flags.contains(&from) || f2 && (incheck || self.fmode == 2);
            if !skip && f4 {
                if self.fmode != 2 && !incheck && t.royal[k] {
                    self.castle(t, p, from, side);
                }
            } else if !skip {
                self.walk_leg(t, p, from, from, side);
            }
            at = p + size;
        }
    }

    fn attacked(&mut self, t: &Tab, target: Sq, side: usize) -> bool {
        let saved = (self.fmode, self.attacktarget, self.hit);
        let enemy = if side == 1 { 2 } else { 1 };
        self.fmode = 2;
        self.attacktarget = Some(target);
        self.hit = false;
        let cells: Vec<Sq> = self.pieces.keys().copied().collect();
        for c in cells {
            if self.hit {
                break;
            }
            if self.side_of(c) == enemy {
                self.moves(t, c, enemy, false);
            }
        }
        let result = self.hit;
        (self.fmode, self.attacktarget, self.hit) = saved;
        result
    }

    fn in_check(&mut self, t: &Tab, side: usize) -> bool {
        let royals: Vec<Sq> =
            self.pieces.iter().filter(|(_, &(k, s))| s == side && t.royal[k]).map(|(&c, _)| c).collect();
        royals.into_iter().any(|c| self.attacked(t, c, side))
    }

    /// `TryLegal`: make the move with empty/add, test check, unmake, and
    /// `setlegal` it if the mover's king is safe.
    fn try_legal(&mut self, t: &Tab, f: Found) {
        let from = self.curfrom;
        let mover = self.pieces[&from];
        let captured = self.pieces.get(&f.to).copied();
        let mut partner = None;
        if f.kind == 1 {
            partner = self.pieces.remove(&f.extra);
        }
        if f.kind == 2 {
            partner = self.pieces.remove(&f.extra);
            self.pieces.insert(f.extra2, partner.unwrap());
        }
        self.pieces.remove(&from);
        self.pieces.insert(f.to, mover);
        let incheck = self.in_check(t, self.curside);
        self.pieces.remove(&f.to);
        if let Some(c) = captured {
            self.pieces.insert(f.to, c);
        }
        self.pieces.insert(from, mover);
        if f.kind == 1 {
            self.pieces.insert(f.extra, partner.unwrap());
        }
        if f.kind == 2 {
            self.pieces.remove(&f.extra2);
            self.pieces.insert(f.extra, partner.unwrap());
        }
        if !incheck {
            self.setlegal.insert((from, f.to));
            self.nlegal += 1;
        }
    }

    /// `LegalMoves`: every legal move of `side` through `setlegal`.
    fn legal_moves(&mut self, t: &Tab, side: usize) -> usize {
        let incheck = self.in_check(t, side);
        self.nlegal = 0;
        self.setlegal.clear();
        self.fmode = 3;
        self.curside = side;
        let cells: Vec<Sq> = self.pieces.keys().copied().collect();
        for c in cells {
            if self.side_of(c) == side {
                self.curfrom = c;
                self.moves(t, c, side, incheck);
            }
        }
        self.fmode = 0;
        self.nlegal
    }

    /// `PromoCheck`: 0 no zone, 1 allowed, 2 must promote, 3 wrong choice.
    fn promo_check(&self, t: &Tab, to: Sq, side: usize, newkind: Option<usize>) -> u8 {
        t.promo[&(to, side, newkind)]
    }

    /// `HandleMove`: is the entered move legal? (GC has already made it;
    /// the routine takes it back, finds it in the tables, then replays it.)
    fn handle_move(&mut self, t: &Tab, from: Sq, to: Sq, promo: Option<usize>, side: usize) -> Result<Found, String> {
        let (k, s) = self.pieces[&from];
        if s != side {
            return Err("You may only move your own pieces.".into());
        }
        let incheck = self.in_check(t, side);
        self.fmode = 1;
        self.want = to;
        self.ok = false;
        self.ffound = None;
        self.moves(t, from, side, incheck);
        self.fmode = 0;
        let f = self.ffound.ok_or("That is not a legal move for this piece.")?;
        let captured = self.pieces.remove(&to);
        self.pieces.remove(&from);
        self.pieces.insert(to, (promo.unwrap_or(k), side));
        if f.kind == 1 {
            self.pieces.remove(&f.extra);
        }
        if f.kind == 2 {
            let pl = self.pieces.remove(&f.extra).unwrap();
            self.pieces.insert(f.extra2, pl);
        }
        let pc = if t.pawn[k] { self.promo_check(t, to, side, promo) } else { 0 };
        let bad = match pc {
            0 if promo.is_some() => Some("Only a pawn in a promotion zone may change into another piece."),
            2 => Some("This pawn must promote here."),
            3 => Some("A pawn may not promote to that piece here."),
            _ => None,
        };
        let bad = bad.or_else(|| self.in_check(t, side).then_some("You may not leave your king in check."));
        if let Some(why) = bad {
            // GC's `die` rejects the move and the whole run; nothing to restore.
            return Err(why.into());
        }
        self.flags.remove(&from);
        self.flags.remove(&to);
        if f.kind != 0 {
            self.flags.remove(&f.extra);
        }
        self.ep.clear();
        self.epvictim = None;
        if t.pawn[k] && t.hasep && captured.is_none() && f.kind == 0 {
            self.set_ep(t, from, to);
        }
        Ok(f)
    }

    fn set_ep(&mut self, t: &Tab, from: Sq, to: Sq) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let n = dx.abs().max(dy.abs());
        if n < 2 || dx != 0 && dy != 0 && dx.abs() != dy.abs() {
            return;
        }
        let mut c = from;
        for _ in 1..n.min(5) {
            c = (c.0 + dx.signum(), c.1 + dy.signum());
            if t.inside(c) {
                self.epvictim = Some(to);
                self.ep.push(c);
            }
        }
    }
}

fn sq(v: &Variant, c: Cell) -> Sq {
    let (x, y) = v.grid.coords(c);
    (x as i32, y as i32)
}

#[test]
fn gc_move_tables_give_the_engines_legal_moves() {
    let mut checked = 0;
    // Legal moves seen: en passant, castling, promotions, others.
    let mut kinds = [0u32; 4];
    for name in grid_names().into_iter().chain(["tcb-wd"]) {
        let v = builtin(name);
        if !gc_special_rules(&v).is_empty() {
            continue; // deployment, rule modules …: not in the tables
        }
        if game_courier::tables(&v).unenforced.iter().any(|u| u.starts_with("the moves of")) {
            continue; // moves the sheet says it does not check (grasshopper's hops)
        }
        let sheet = game_courier::export(&v).unwrap();
        let pre = field(&sheet, "Pre-Game");
        let t = read_tables(pre, &v);
        let games = if v.grid.len() > 100 { 6 } else { 12 };
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15 ^ name.len() as u64;
        for _ in 0..games {
            let mut pos = Position::start(&v);
            let mut b = Board {
                pieces: BTreeMap::new(),
                flags: BTreeSet::new(),
                ep: vec![],
                epvictim: None,
                fmode: 0,
                want: (0, 0),
                ok: false,
                ffound: None,
                hit: false,
                attacktarget: None,
                curfrom: (0, 0),
                curside: 0,
                setlegal: BTreeSet::new(),
                nlegal: 0,
            };
            for c in 0..v.grid.len() as Cell {
                let code = pos.at(c);
                if code != 0 {
                    let s = sq(&v, c);
                    let side = rookery::game::code_side(code) as usize + 1;
                    b.pieces.insert(s, (rookery::game::code_kind(code) as usize, side));
                    b.flags.insert(s);
                }
            }
            // Pre-Game sets a flag on every occupied cell (the unmoved pieces).
            let flagged: BTreeSet<String> = b.flags.iter().map(|s| square_label(s.0 as u32, s.1 as u32)).collect();
            assert_eq!(setflag_cells(pre), flagged, "{name}");
            for _ply in 0..100 {
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                let side = pos.side() as usize + 1;
                // Post-Game: the list given to `setlegal` is the engine's (from, to) pairs.
                let n = b.legal_moves(&t, side);
                let engine: BTreeSet<(Sq, Sq)> = legal.iter().map(|m| (sq(&v, m.from), sq(&v, m.to))).collect();
                if b.setlegal != engine || (n == 0) != legal.is_empty() {
                    let show = |s: &BTreeSet<(Sq, Sq)>| {
                        s.iter()
                            .map(|(a, c)| {
                                format!(
                                    "{}{}",
                                    square_label(a.0 as u32, a.1 as u32),
                                    square_label(c.0 as u32, c.1 as u32)
                                )
                            })
                            .collect::<Vec<_>>()
                    };
                    panic!(
                        "{name}: {}\n  setlegal only: {:?}\n  engine only: {:?}",
                        pos.fen(),
                        show(&b.setlegal.difference(&engine).copied().collect()),
                        show(&engine.difference(&b.setlegal).copied().collect())
                    );
                }
                // Post-Move: every engine move is accepted, wrong promotion pieces are not.
                for m in &legal {
                    let (from, to) = (sq(&v, m.from), sq(&v, m.to));
                    let promo = (m.promo != 0).then(|| m.promo as usize - 1);
                    let r = b.clone().handle_move(&t, from, to, promo, side);
                    assert!(r.is_ok(), "{name}: {} {m:?}: {r:?}", pos.fen());
                    if promo.is_some() {
                        for k in 0..v.pieces.len() {
                            let ok =
                                legal.iter().any(|o| o.from == m.from && o.to == m.to && o.promo as usize == k + 1);
                            let r = b.clone().handle_move(&t, from, to, Some(k), side);
                            assert_eq!(r.is_ok(), ok, "{name}: {} promotion to {k}: {r:?}", pos.fen());
                        }
                    }
                }
                checked += 1;
                for m in &legal {
                    kinds[match (m.kind, m.promo) {
                        (MoveKind::EnPassant, _) => 0,
                        (MoveKind::Castle, _) => 1,
                        (_, 0) => 3,
                        _ => 2,
                    }] += 1;
                }
                if legal.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = legal[(seed % legal.len() as u64) as usize];
                let promo = (m.promo != 0).then(|| m.promo as usize - 1);
                let f = b.handle_move(&t, sq(&v, m.from), sq(&v, m.to), promo, side).unwrap();
                assert_eq!(
                    f.kind,
                    match m.kind {
                        MoveKind::EnPassant => 1,
                        MoveKind::Castle => 2,
                        _ => 0,
                    },
                    "{name}: {m:?}"
                );
                pos.make(m);
            }
        }
    }
    eprintln!("{checked} positions compared; moves seen (e.p., castling, promotion, other): {kinds:?}");
    assert!(checked > 3000, "{checked}");
    assert!(kinds.iter().all(|&n| n > 0), "every kind of move is exercised: {kinds:?}");
}

/// The rules outside the move model that the GC tables leave out
/// ([`game_courier::outside_rules`]).
fn gc_special_rules(v: &Variant) -> Vec<String> {
    game_courier::outside_rules(v)
}

/// The cells of the `setflag` line of Pre-Game.
fn setflag_cells(pre: &str) -> BTreeSet<String> {
    let line = pre.lines().find(|l| l.starts_with("setflag ") && !l.starts_with("setflag rules")).expect("setflag");
    line.trim_start_matches("setflag ").trim_end_matches(';').split_whitespace().map(String::from).collect()
}

#[test]
fn gc_sheet_says_what_it_does_not_enforce() {
    for name in grid_names() {
        let v = builtin(name);
        let sheet = game_courier::export(&v).unwrap();
        let t = game_courier::tables(&v);
        // Every built-in's moves fit the tables (but the janggi cannon's
        // hop along the palace diagonal, a hop in a first leg); only
        // repetition (and the rules outside the move model, if any) are
        // left out.
        let extra = gc_special_rules(&v);
        let gaps = t.unenforced.iter().filter(|u| u.starts_with("the moves of")).count();
        // ... and the grasshopper's hop over a hurdle anywhere on its line.
        let expected = match name {
            n if n.starts_with("janggi") => 4,
            "grasshopper" => 1,
            _ => 0,
        };
        assert_eq!(gaps, expected, "{name}: {:?}", t.unenforced);
        let chess960 = v.free_castling.is_some() as usize;
        assert_eq!(t.unenforced.len(), 1 + gaps + extra.len() + chess960, "{name}: {:?}", t.unenforced);
        assert!(t.unenforced.iter().any(|u| u.contains("repetition")));
        assert!(sheet.contains("Enforcement: PARTIAL"), "{name}");
        assert!(field(&sheet, "Rules (HTML)").contains("Not fully enforced"), "{name}");
        assert!(!field(&sheet, "Pre-Game").contains("setflag rules"), "{name}: rules flag on a partial preset");
        for f in ["Game", "Rules URL", "Settings", "Files", "Rank Labels", "Sides", "Shape", "Set Group", "Set"] {
            assert!(!field(&sheet, f).is_empty(), "{name}: {f}");
        }
        assert_eq!(field(&sheet, "Post-Move 1"), "gosub HandleMove 1;");
        assert_eq!(field(&sheet, "Post-Move 2"), "gosub HandleMove 2;");
        assert!(sheet.contains("$default['code'] = '") || sheet.contains("$default['code'] = <<<'NOW'"));
    }
    // A piece the tables cannot express is reported, and its other moves kept.
    let text = rookery::variant::builtin::text("chess").unwrap().replace("betza = \"N\"", "betza = \"NjR\"");
    let v = load_str(&text).unwrap().0;
    let t = game_courier::tables(&v);
    assert!(t.unenforced.iter().any(|u| u.contains("Knight") && u.contains("(j)")), "{:?}", t.unenforced);
}

// ---------------------------------------------------------------------------
// Interactive Diagram

/// What makes two definitions the same game.
fn same_game(a: &Variant, b: &Variant) {
    let n = &a.name;
    assert_eq!((a.grid.files(), a.grid.ranks()), (b.grid.files(), b.grid.ranks()), "{n}: board");
    for y in 0..a.grid.ranks() {
        for x in 0..a.grid.files() {
            assert_eq!(a.grid.is_hole(x, y), b.grid.is_hole(x, y), "{n}: hole {}", square_label(x, y));
        }
    }
    assert_eq!(a.pieces.len(), b.pieces.len(), "{n}: piece count");
    for p in &a.pieces {
        let q = b.pieces.iter().find(|q| q.letter == p.letter).unwrap_or_else(|| panic!("{n}: no {}", p.letter));
        assert_eq!(p.betza, q.betza, "{n}: {}", p.letter);
        assert_eq!((p.royal, p.pawn), (q.royal, q.pawn), "{n}: {} flags", p.letter);
        assert_eq!(p.specials, q.specials, "{n}: {} specials", p.letter);
    }
    assert_eq!(a.setup_fen, b.setup_fen, "{n}: setup");
    let zones = |v: &Variant| {
        v.zones
            .iter()
            .map(|z| {
                let ch: Vec<char> = z.choices.iter().map(|&k| v.pieces[k as usize].letter).collect();
                (z.ranks.clone(), ch, z.mandatory)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(zones(a), zones(b), "{n}: promotion");
    let r = |v: &Variant| {
        (
            v.rules.stalemate,
            v.rules.bare_king,
            v.rules.counter_baring,
            v.rules.bare_king_first,
            v.rules.move_rule,
            v.rules.repetition,
        )
    };
    assert_eq!(r(a), r(b), "{n}: rules");
    assert_eq!(format!("{:?}", a.extinction), format!("{:?}", b.extinction), "{n}: extinction");
}

/// Perft(2) of `v` and of its re-import `w` from the positions of one
/// pseudo-random game of `v` (every 3rd ply, up to ply 24): the FEN of each
/// is loaded into both definitions, so castling rights, e.p. squares and
/// promoted pieces met along the way are compared too.
fn same_perft_along_a_game(v: &Variant, w: &Variant, name: &str) {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15 ^ name.len() as u64;
    let mut p = Position::start(v);
    let mut moves = Vec::new();
    for ply in 1..=24 {
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        p.make(moves[(seed % moves.len() as u64) as usize]);
        if ply % 3 == 0 {
            let fen = p.fen();
            let mut a = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e:?}"));
            let mut b = Position::from_fen(w, &fen).unwrap_or_else(|e| panic!("{name} re-imported: {fen}: {e:?}"));
            assert_eq!(perft(&mut a, 2), perft(&mut b, 2), "{name}: perft(2) from {fen}");
        }
    }
}

#[test]
fn interactive_diagram_round_trip_for_every_builtin() {
    let (mut exported, mut refused) = (Vec::new(), Vec::new());
    for name in grid_names().into_iter().chain(["tcb-wd"]) {
        let v = builtin(name);
        let text = match interactive_diagram::export(&v) {
            Ok(t) => t,
            Err(e) => {
                // Only what the ID has no way to show may stop the export.
                let special = rookery::export::special_rules(&v);
                for p in &e.problems {
                    assert!(
                        special.iter().any(|s| p.starts_with(&format!("{s}: ")))
                            || [
                                "betza-black",
                                "not in check",
                                "promotion by rank",
                                "bracket move",
                                "royal piece types"
                            ]
                            .iter()
                            .any(|w| p.contains(w)),
                        "{name}: {p}"
                    );
                }
                refused.push(name);
                continue;
            }
        };
        let toml = interactive_diagram::import(&text, "ignored").unwrap_or_else(|e| panic!("{name}: {e}"));
        let (w, warnings) = load_str(&toml).unwrap_or_else(|e| panic!("{name}: {:?}\n{toml}", e.diagnostics));
        assert!(warnings.iter().all(|d| d.severity != rookery::variant::Severity::Error));
        same_game(&v, &w);
        // The re-imported game plays the same: perft from the start.
        let depth = if v.grid.len() > 81 { 2 } else { 3 };
        let (a, b) = (perft(&mut Position::start(&v), depth), perft(&mut Position::start(&w), depth));
        assert_eq!(a, b, "{name}: perft({depth}) of the re-imported description");
        same_perft_along_a_game(&v, &w, name);
        exported.push(name);
        assert_eq!(
            (&v.name, &v.title, &v.author, v.year, &v.rules_url),
            (&w.name, &w.title, &w.author, w.year, &w.rules_url)
        );
        assert_eq!((&v.description, &v.reconstructed, v.a1_light), (&w.description, &w.reconstructed, w.a1_light));
        // Exporting the import gives the same text again.
        assert_eq!(interactive_diagram::export(&w).unwrap(), text, "{name}");
    }
    eprintln!("ID round trip: exported {exported:?}, refused {refused:?}");
    for n in ["chess", "capablanca", "tcb", "wild-tamerlane", "shatranj", "courier"] {
        assert!(exported.contains(&n), "{n} must export");
    }
}

/// The outcome after every ply of pseudo-random games from `fens`, in `v`
/// and in `w`, is the same.
fn same_outcomes(v: &Variant, w: &Variant, fens: &[&str]) -> usize {
    use rookery::game::Game;
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut ended = 0;
    for fen in fens {
        for _ in 0..20 {
            let mut a = Game::new(Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}")));
            let mut b = Game::new(Position::from_fen(w, fen).unwrap());
            let mut moves = Vec::new();
            for _ in 0..40 {
                let (oa, ob) = (a.outcome(), b.outcome());
                assert_eq!(oa, ob, "{}: {fen} then {}", v.name, a.pos.fen());
                if oa.is_some() {
                    ended += 1;
                    break;
                }
                a.legal_moves(&mut moves);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = moves[(seed % moves.len() as u64) as usize];
                a.play(m);
                b.play(m);
            }
        }
    }
    ended
}

#[test]
fn interactive_diagram_writes_shatranjs_bare_king_as_baring() {
    // H. G. Muller: "For cases like Shatranj, a short-cut baring=0 is
    // recognized" (chessvariants.com, reply 40388). Our form of the rule is
    // an [extinction] table; the description says `baring=0` and names the
    // table for the import.
    let fens: [(&str, &[&str]); 2] = [
        (
            "shatranj",
            &[
                "8/8/8/4k3/8/8/8/R3K3 b - - 0 40",
                "8/8/3q4/4k3/8/8/8/R3K3 w - - 0 40",
                "8/8/3q4/4k3/8/2N5/8/R3K3 w - - 0 40",
                "8/2p5/3r4/4k3/8/8/1PN5/4K3 w - - 0 40",
            ],
        ),
        ("courier", &["12/12/12/5k6/12/12/12/R4K6 b - - 0 40", "12/12/4r7/5k6/12/12/12/R4K6 w - - 0 40"]),
    ];
    for (name, fens) in fens {
        let v = builtin(name);
        let text = interactive_diagram::export(&v).unwrap();
        let (keys, _, _) = keys_and_pieces(&text);
        assert_eq!(keys["baring"], "0", "{name}");
        assert!(!text.contains("rookeryCounterBaring"), "{name}");
        let w = load_str(&interactive_diagram::import(&text, "x").unwrap()).unwrap().0;
        assert!(!w.rules.bare_king && w.extinction.as_ref().is_some_and(|e| e.claim), "{name}");
        assert!(same_outcomes(&v, &w, fens) > 0, "{name}: no game reached an end");
    }
    // A bare-king rule other than the ID's one meaning of `baring=` is refused.
    for (from, to, why) in [
        ("counter-baring = true", "counter-baring = false", "counter-baring = false"),
        ("bare-king-first = true", "bare-king-first = false", "bare-king-first = false"),
    ] {
        let e = interactive_diagram::export(&edited("tcb", from, to)).unwrap_err().problems.join("\n");
        assert!(e.contains(why) && e.contains("reply 40388"), "{e}");
    }
    // The same item without the rookery line is TCB's reading (bare-king).
    let v = builtin("shatranj");
    let text = interactive_diagram::export(&v).unwrap();
    let plain: String =
        text.lines().filter(|l| !l.starts_with("rookeryExtinction")).map(|l| format!("{l}\n")).collect();
    let w = load_str(&interactive_diagram::import(&plain, "x").unwrap()).unwrap().0;
    assert!(w.rules.bare_king && w.extinction.is_none());
}

#[test]
fn interactive_diagram_royal_is_the_pieces_number() {
    // `royal=` is the 1-based number of the royal piece in the piece list
    // (the ID reads it with parseInt; a letter would make nothing royal).
    for name in ["chess", "capablanca", "tcb", "wild-tamerlane"] {
        let text = interactive_diagram::export(&builtin(name)).unwrap();
        let (keys, _, _) = keys_and_pieces(&text);
        let n: usize = keys["royal"].parse().unwrap_or_else(|_| panic!("{name}: royal={}", keys["royal"]));
        let pieces: Vec<Vec<String>> = interactive_diagram::items(&text)
            .into_iter()
            .filter_map(|it| match it {
                interactive_diagram::Item::Piece(f) if f[0] != "hole" => Some(f),
                _ => None,
            })
            .collect();
        assert_eq!(pieces[n - 1][0], "King", "{name}");
        // No hole item before the royal piece, whether or not the ID counts it.
        let hole_at = text.find("hole::::").unwrap_or(text.len());
        assert!(text.find("King:K:").unwrap() < hole_at, "{name}");
    }
}

#[test]
fn interactive_diagram_refusals_state_true_reasons() {
    let err = |n: &str| interactive_diagram::export(&builtin(n)).unwrap_err().problems.join("\n");
    let tg = err("tigrey");
    // Per-rank promotion lists cannot be written as promoZone/promoChoice: refused, not approximated.
    assert!(tg.contains("promotion by rank"), "{tg}");
    assert!(tg.contains("King's leap") && tg.contains("not in check"), "{tg}");
    // The Gryphon's bracket move has a checked chain form, so it is no reason.
    assert!(!tg.contains("[F?fsR]"), "{tg}");
    // An immobile piece is no reason: it is written `O0`, a piece without moves.
    let tc = err("tigerchess");
    assert!(!tc.contains("immobile"), "{tc}");
    // The ID documentation's body is missing from every stored copy: the
    // reasons say so rather than that the ID lacks the feature.
    let xq = err("xiangqi");
    assert!(xq.contains("Piece Confinement and Irregular Promotions") && xq.contains("no stored copy"), "{xq}");
    assert!(!xq.contains("confines pieces only through"), "{xq}");
    let sh = err("shogi");
    assert!(sh.contains("missing from every stored copy"), "{sh}");
    let mut text = rookery::variant::builtin::text("chess").unwrap().to_string();
    text.push_str("\n[pieces.wall]\nname = \"Wall\"\nletter = \"W\"\nimmobile = true\n");
    let text = text.replace("fen = \"rnbqkbnr/pppppppp/8/8/8/", "fen = \"rnbqkbnr/pppppppp/8/8/3W4/");
    let v = load_str(&text).unwrap_or_else(|e| panic!("{:?}", e.diagnostics)).0;
    let id = interactive_diagram::export(&v).unwrap();
    assert!(id.contains("Wall:W:O0:"), "{id}");
    let w = load_str(&interactive_diagram::import(&id, "x").unwrap()).unwrap().0;
    assert!(w.pieces.iter().find(|p| p.letter == 'W').unwrap().immobile);
    assert_eq!(perft(&mut Position::start(&v), 3), perft(&mut Position::start(&w), 3));
}

#[test]
fn interactive_diagram_bracket_chains_are_the_same_moves() {
    use rookery::probe::{probe, Probe};
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for (bracket, chain) in interactive_diagram::BRACKET_CHAINS {
        for _ in 0..200 {
            let from = square_label(next(12) as u32, next(12) as u32);
            let mut friends = Vec::new();
            let mut enemies = Vec::new();
            for _ in 0..next(20) {
                let s = square_label(next(12) as u32, next(12) as u32);
                if s != from && !friends.contains(&s) && !enemies.contains(&s) {
                    if next(2) == 0 {
                        friends.push(s);
                    } else {
                        enemies.push(s);
                    }
                }
            }
            let pr = |b: &str| {
                let mut m = probe(&Probe {
                    betza: b.to_string(),
                    files: 12,
                    ranks: 12,
                    from: from.clone(),
                    black: false,
                    friends: friends.clone(),
                    enemies: enemies.clone(),
                    holes: vec![],
                    virgin: false,
                    virgin_friends: vec![],
                })
                .unwrap();
                m.sort_by(|a, b| (&a.to, a.kind).cmp(&(&b.to, b.kind)));
                m.into_iter().map(|m| (m.to, m.kind)).collect::<Vec<_>>()
            };
            assert_eq!(
                pr(bracket),
                pr(chain),
                "{bracket} vs {chain} from {from}, friends {friends:?}, enemies {enemies:?}"
            );
        }
    }
}

/// Keys, hole squares and pieces (fields by ID) of a description.
type Parsed = (BTreeMap<String, String>, BTreeSet<String>, BTreeMap<String, Vec<String>>);

fn keys_and_pieces(text: &str) -> Parsed {
    let mut keys = BTreeMap::new();
    let mut holes = BTreeSet::new();
    let mut pieces = BTreeMap::new();
    for it in interactive_diagram::items(text) {
        match it {
            interactive_diagram::Item::Key(k, v) => {
                keys.insert(k, v);
            }
            interactive_diagram::Item::Piece(f) if f[0] == "hole" => holes.extend(f[4].split(',').map(String::from)),
            interactive_diagram::Item::Piece(f) => {
                pieces.insert(f[1].clone(), f);
            }
        }
    }
    (keys, holes, pieces)
}

#[test]
fn tcb_diagram_matches_its_rules_page_field_by_field() {
    let page = data("export-tcb-diagram.txt");
    let ours = interactive_diagram::export(&builtin("tcb")).unwrap();
    let (pk, ph, pp) = keys_and_pieces(&page);
    let (ok, oh, op) = keys_and_pieces(&ours);
    assert_eq!(pk.len(), 10, "{pk:?}");
    for (k, v) in &pk {
        if k == "royal" {
            // The page writes `royal=K`, which the ID reads with parseInt as
            // no piece; we write the King's number in our list (6).
            assert_eq!((v.as_str(), ok[k].as_str()), ("K", "6"));
            continue;
        }
        assert_eq!(ok.get(k), Some(v), "key {k}");
    }
    assert_eq!(ph, oh, "holes");
    assert_eq!(ph.len(), 16);
    assert_eq!(pp.keys().collect::<Vec<_>>(), op.keys().collect::<Vec<_>>(), "piece IDs");
    for (id, f) in &pp {
        let g = &op[id];
        assert_eq!(f.len(), 5, "{f:?}");
        assert!(f[0].eq_ignore_ascii_case(&g[0]), "{id}: name {} vs {}", f[0], g[0]);
        for i in 1..5 {
            assert_eq!(f[i], g[i], "{id}: field {i}");
        }
    }
    // Extra keys are ours only (rookery…), and the page imports as our TCB.
    assert!(ok.keys().filter(|k| !pk.contains_key(*k)).all(|k| k.starts_with("rookery")));
    let toml = interactive_diagram::import(&page, "tcb").unwrap();
    let w = load_str(&toml).unwrap_or_else(|e| panic!("{:?}\n{toml}", e.diagnostics)).0;
    let mut v = builtin("tcb");
    // The page has no draw rules; ours are project defaults (50, 3), as the importer's.
    v.name = w.name.clone();
    same_game(&v, &w);
}

#[test]
fn interactive_diagram_import_understands_the_usual_shorthands() {
    // From the Interactive Diagram article: ranges, empty IDs and Betza,
    // mirror symmetry, royal by number.
    let text = "files=10 ranks=8 symmetry=mirror royal=8 Pawn::::a2-j2 Knight:N:::b1,i1 Bishop::::d1,g1 \
                Rook::::a1,j1 Archbishop:A:BN::c1 Chancellor:C:RN::h1 Queen::::e1 King::::f1";
    let toml = interactive_diagram::import(text, "mini capa").unwrap();
    let v = load_str(&toml).unwrap_or_else(|e| panic!("{:?}\n{toml}", e.diagnostics)).0;
    assert_eq!(v.name, "mini-capa");
    assert_eq!(v.setup_fen, "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
    assert!(v.pieces.iter().find(|p| p.letter == 'K').unwrap().royal);
    assert!(v.pieces.iter().find(|p| p.letter == 'P').unwrap().pawn);
    assert_eq!(v.zones.len(), 1);
    assert_eq!(v.zones[0].ranks, [vec![7], vec![0]]);
    // Black by rotation; a piece on a hole is an error.
    let rot = interactive_diagram::import("files=3 ranks=3 symmetry=rotate King:K:K::a1", "r").unwrap();
    assert!(rot.contains("fen = \"2k/3/K2 w - - 0 1\""), "{rot}");
    let bad = interactive_diagram::import("files=3 ranks=3 hole::::a1 King:K:K::a1,,c3", "x").unwrap_err();
    assert!(bad.problems[0].contains("not a square of the board"), "{bad}");
    // `baring=N` (N > 0) counts only some piece types: not our bare-king rule.
    let part = interactive_diagram::import("files=3 ranks=3 baring=1 baring=0 Pawn:P:fW::b1 King:K:K::a1", "b");
    let part = part.unwrap_err().problems.join("\n");
    assert!(part.contains("baring=1") && !part.contains("baring=0:"), "{part}");
    let all = interactive_diagram::import("files=3 ranks=3 baring=0 Pawn:P:fW::b1 King:K:K::a1", "b").unwrap();
    assert!(all.contains("bare-king = \"loss\""), "{all}");
}

// ---------------------------------------------------------------------------
// Fairy-Stockfish: the frozen pyffish check (tools/fsf_export_check.py).

/// Perft in FSF's convention for capture-to-win pieces: FSF writes them as
/// extinction, which ends the game on the capture, so no moves follow it;
/// our perft goes on, as our game's end after such a capture is decided by
/// `Game::outcome`, not by move generation. Equal to `perft` otherwise.
fn fsf_perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let v = pos.variant();
    let wins = |code: u8| code != 0 && v.pieces[rookery::game::code_kind(code) as usize].capture_wins.is_some();
    moves
        .iter()
        .map(|&m| {
            let u = pos.make(m);
            let n = if wins(u.captured()) || wins(u.captured_extra()) { 0 } else { fsf_perft(pos, depth - 1) };
            pos.unmake(m, u);
            n
        })
        .sum()
}

#[test]
fn fairy_stockfish_sections_match_the_frozen_pyffish_check() {
    // Every section tools/fsf_export_check.py froze: the built-ins the
    // exporter writes, and the test definitions.
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let n = e.unwrap().file_name().into_string().unwrap();
            n.strip_prefix("export-fsf-").and_then(|r| r.strip_suffix(".ini")).map(String::from)
        })
        .collect();
    names.sort();
    for must in
        ["capablanca", "chess", "chess-zones", "tcb-wd", "crazyhouse", "shogi", "xiangqi", "kingofthehill", "3check"]
    {
        assert!(names.iter().any(|n| n == must), "{must}: {names:?}");
    }
    // A built-in the exporter writes has been checked by the script.
    for n in self::names() {
        if fairy_stockfish::export(&builtin(n)).is_ok() {
            assert!(
                names.iter().any(|m| m == n),
                "{n} exports to FSF but has no frozen check: run `python3 tools/fsf_export_check.py --only {n}`"
            );
        }
    }
    let mut checked = 0;
    let mut perfts = 0;
    for name in &names {
        let v = builtin(name);
        let ini = fairy_stockfish::export(&v).unwrap();
        assert_eq!(
            ini,
            data(&format!("export-fsf-{name}.ini")),
            "{name}: the export changed since tools/fsf_export_check.py checked it; rerun the script"
        );
        let text = data(&format!("export-fsf-{name}.moves"));
        for block in text.split("\n\n") {
            let mut fen = None;
            let mut moves = None;
            let mut counts = Vec::new();
            for line in block.lines().filter(|l| !l.starts_with('#')) {
                if let Some(f) = line.strip_prefix("fen ") {
                    fen = Some(f.to_string());
                }
                if let Some(m) = line.strip_prefix("moves ") {
                    moves = Some(m.split_whitespace().map(String::from).collect::<BTreeSet<_>>());
                }
                if let Some(p) = line.strip_prefix("perft ") {
                    let (d, n) = p.split_once(' ').unwrap();
                    counts.push((d.parse::<u32>().unwrap(), n.parse::<u64>().unwrap()));
                }
            }
            let (Some(fen), Some(want)) = (fen, moves) else { continue };
            let mut pos = Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let ours: BTreeSet<String> =
                legal.iter().map(|m| rookery::game::notation::move_text(&pos, m, &legal)).collect();
            assert_eq!(ours, want, "{name}: {fen}");
            for (d, n) in counts {
                assert_eq!(fsf_perft(&mut pos, d), n, "{name}: perft({d}) of {fen}");
                perfts += 1;
            }
            checked += 1;
        }
    }
    // At least 20 a section: some add hand-made positions.
    assert!(checked >= 20 * names.len(), "{checked}");
    assert!(perfts >= 3 * names.len() - 1, "{perfts}");
    eprintln!("FSF export: {names:?}, {checked} positions, {perfts} perft counts");
}

// ---------------------------------------------------------------------------
// The command line.

fn rookery(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).args(args).output().unwrap()
}

#[test]
fn cli_export_and_import() {
    let dir = std::env::temp_dir().join(format!("rookery-export-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let id = dir.join("tcb.txt");
    let out = rookery(&["export", "tcb", "--format", "interactive-diagram", "-o", id.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    let toml = dir.join("tcb.toml");
    let out = rookery(&["import", "--from", "interactive-diagram", id.to_str().unwrap(), "-o", toml.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let w = load_str(&std::fs::read_to_string(&toml).unwrap()).unwrap().0;
    same_game(&builtin("tcb"), &w);
    // The exported TOML works as a DEF for every other subcommand.
    let out = rookery(&["perft", toml.to_str().unwrap(), "2"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "nodes 1564");
    // A format that cannot express the game: exit 1 and the reasons.
    let out = rookery(&["export", "tcb", "--format", "fairy-stockfish"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("D-rider") && err.contains("counter-baring"), "{err}");
    let out = rookery(&["export", "chess", "--format", "game-courier"]);
    assert!(String::from_utf8_lossy(&out.stdout)
        .contains("===== FEN Code =====\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n"));
    let out = rookery(&["export", "no-such-game", "--format", "game-courier"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// The whole GAME Code the export writes: the universal routine and the
/// handlers, and the generated Pre-Game of variants that use every part of
/// the generator (castling and en passant, holes, promotion cells, zones
/// of one side, counter-baring).
fn gc_code() -> String {
    let mut code = format!("{}{}", game_courier::UNIVERSAL, game_courier::HANDLERS);
    for name in ["chess", "tcb", "troitzky", "spartan", "shogi"] {
        let sheet = game_courier::export(&builtin(name)).unwrap();
        code.push_str(field(&sheet, "Pre-Game"));
        code.push('\n');
    }
    code
}

#[test]
fn gc_constructs_are_listed_with_their_sources() {
    // docs/game-courier.md lists every construct of the exported GAME Code
    // with its source: every statement's command must be in its table.
    let doc = std::fs::read_to_string(format!("{}/docs/game-courier.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let code = gc_code();
    let mut commands = BTreeSet::new();
    for line in code.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let head = line.split([' ', ';', ':']).next().unwrap();
        commands.insert(head.to_string());
    }
    assert!(commands.len() >= 15, "{commands:?}");
    for c in &commands {
        let listed = doc.lines().any(|l| {
            l.starts_with('|')
                && (l.contains(&format!("`{c} "))
                    || l.contains(&format!("`{c}`"))
                    || l.contains(&format!("`{c};"))
                    || l.contains(&format!("`{c}:")))
        });
        assert!(listed, "`{c}` is used by the GAME Code but not listed in docs/game-courier.md");
    }
    // No construct is without a source: `elem`, the last one, is gone with
    // the array literals it read (the tables are lookup subroutines).
    let unsourced: Vec<&str> =
        doc.lines().filter(|l| l.starts_with('|') && l.contains("**no source found**")).collect();
    assert!(unsourced.is_empty(), "{unsourced:?}");
    assert!(!code.contains("elem ") && !code.contains('(') && !code.contains(')'), "an array in the GAME Code");
    for gone in ["won", "lost", "drawn"] {
        assert!(!commands.contains(gone), "`{gone}` has no source: the game is ended with `say` and `die`");
    }
}

#[test]
fn gc_expression_operators_are_listed_with_their_sources() {
    // Every operator or function inside an expression (after `set NAME`,
    // `if`, `return`) must be one docs/game-courier.md lists; GC's
    // `onboard`, `abs`, `sign`, `max`, `neg` and `count`, which no source
    // here documents, were replaced by the routine's own subroutines and by
    // lists that carry their length first.
    let doc = std::fs::read_to_string(format!("{}/docs/game-courier.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let code = gc_code();
    let mut ops = BTreeSet::new();
    for line in code.lines().map(|l| l.trim().trim_end_matches([';', ':'])) {
        let expr = match line.split_whitespace().collect::<Vec<_>>()[..] {
            ["set", _, ref rest @ ..]
            | ["if", ref rest @ ..]
            | ["do", "while", ref rest @ ..]
            | ["return", ref rest @ ..] => rest.to_vec(),
            _ => continue,
        };
        let mut words = expr.iter();
        while let Some(w) = words.next() {
            if *w == "sub" {
                words.next(); // the subroutine's name
            }
            let value = w.starts_with('#') || *w == "@" || w.parse::<i64>().is_ok() || w.starts_with('"');
            let preprocessor = ["origin", "dest", "moved", "old"].contains(w);
            if !value && !preprocessor && !w.ends_with('"') {
                ops.insert(w.to_string());
            }
        }
    }
    // No `<`, `>` or `>=`: no source names them; the code writes them
    // with `<=` (F2004c) and `not` (F2023).
    let expected =
        ["!=", "*", "+", "-", "<=", "==", "and", "file", "flag", "not", "or", "rank", "space", "sub", "where"];
    assert_eq!(ops.iter().map(String::as_str).collect::<Vec<_>>(), expected);
    for op in &ops {
        let listed = [format!("`{op}"), format!(" {op} "), format!(" {op}`")].iter().any(|f| doc.contains(f.as_str()));
        assert!(listed, "{op} is not in the docs");
    }
}

#[test]
fn gc_commands_get_no_expressions() {
    // Only commands that set variables or control the flow interpret
    // expressions (Fergus Duniho, 2023): every other command's arguments
    // must be variables, literals or preprocessor words.
    let code = gc_code();
    let plain = |a: &str| {
        a.starts_with('#')
            || a == "@"
            || a.parse::<i64>().is_ok()
            || ["origin", "dest", "moved", "old"].contains(&a)
            || a.starts_with('"')
            || a.ends_with('"')
            || a.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == ':' || c == '!')
    };
    let mut seen = BTreeSet::new();
    for line in code.lines().map(str::trim) {
        let Some((cmd, rest)) = line.trim_end_matches(';').split_once(' ') else { continue };
        if ["add", "empty", "move", "setlegal", "gosub", "unsetflag", "setflag", "die", "say"].contains(&cmd) {
            seen.insert(cmd);
            // A quoted message is one literal argument.
            let unquoted: String = rest.split('"').step_by(2).collect::<Vec<_>>().join(" \"msg\" ");
            let args: Vec<&str> = unquoted.split_whitespace().collect();
            let args = if cmd == "gosub" { &args[1..] } else { &args[..] };
            for a in args {
                assert!(plain(a), "`{line}`: argument {a:?} is an expression");
            }
            // No operator or function name among the arguments.
            for op in ["elem", "space", "where", "+", "-", "*", "sub", "count", "=="] {
                assert!(!args.contains(&op), "`{line}` passes an expression ({op})");
            }
        }
    }
    for c in ["add", "empty", "setlegal", "gosub", "unsetflag"] {
        assert!(seen.contains(c), "{c} is used");
    }
    // Constructs without a source available here are not used.
    for banned in [
        "elseif", "local ", "push ", "store;", "restore;", " spaces:", "match ", "diff ", "merge ", "onboard", " abs ",
        " sign ", " max ", " neg ", "do while", "loop;", " count ", "won ", "lost ", "drawn ", "elem ",
    ] {
        assert!(!code.contains(banned), "{banned:?} in the routine");
    }
    // Post-Game fills GC's legal-move list.
    assert!(code.contains("setlegal #curfrom #to;"));
    let sheet = game_courier::export(&builtin("chess")).unwrap();
    // GC takes a preset to spot check, checkmate and stalemate when both
    // Post-Game blocks contain the strings "check" and "stalemate" (Fergus
    // Duniho, 2017, chessvariants.com comments on item 34551).
    for f in ["Post-Game 1", "Post-Game 2"] {
        let text = field(&sheet, f);
        assert_eq!(text, "gosub gameendcheckstalemate;");
        assert!(text.contains("check") && text.contains("stalemate"), "{text}");
    }
}

/// FSF's Betza parser (`from_betza`, piece.cpp) pairs direction letters its
/// own way: pairs it has no entry for (`sf`, `vs`, any with `h`) give no
/// moves, and on K and Q it restricts the W and F parts separately. Those
/// pieces are refused with the reason; the pairs it reads as we do (checked
/// against pyffish, one atom at a time) are written.
#[test]
fn fsf_refuses_directions_its_parser_reads_otherwise() {
    let chess = include_str!("../definitions/chess.toml");
    let with = |betza: &str| {
        let text = chess.replacen("betza = \"N\"", &format!("betza = \"{betza}\""), 1);
        fairy_stockfish::export(&load_str(&text).unwrap().0)
    };
    for (betza, why) in [
        ("sfN", "reads the directions as `sf`"),
        ("vsN", "reads the directions as `vs`"),
        ("hN", "reads the directions as `hh`"),
        ("fK", "W and F parts separately"),
        ("NfQ", "W and F parts separately"),
    ] {
        let e = with(betza).expect_err(betza);
        assert!(e.problems.iter().any(|p| p.contains(why)), "{betza}: {:?}", e.problems);
    }
    for betza in ["fN", "fsN", "frNlbN", "vN", "sN", "ffNbbN", "fbN"] {
        let ini = with(betza).unwrap_or_else(|e| panic!("{betza}: {:?}", e.problems));
        assert!(ini.contains(&format!("n:{betza}")), "{betza}: {ini}");
    }
}

#[test]
fn black_only_promotion_zones_are_worded_per_side() {
    // Spartan, Chigorin and Sortofalmost have zones that hold only Black's
    // ranks: the GC rules text and the ID refusal name Black's rank, and
    // never leave the rank out ("On rank  (Black: …)", "ranks  ->").
    for (name, black) in [
        ("spartan", "For Black on rank 1"),
        ("chigorin", "For Black on rank 1"),
        ("sortofalmost", "For Black on rank 1"),
    ] {
        let v = builtin(name);
        let rules = field(&game_courier::export(&v).unwrap(), "Rules (HTML)").to_string();
        assert!(!rules.contains("rank  ") && !rules.contains("rank ("), "{name}: {rules}");
        assert!(rules.contains(black), "{name}: {rules}");
        let id = interactive_diagram::export(&v).unwrap_err().problems.join("\n");
        assert!(!id.contains("ranks  ->") && !id.contains("ranks ->"), "{name}: {id}");
    }
    let id = interactive_diagram::export(&builtin("sortofalmost")).unwrap_err().problems.join("\n");
    assert!(id.contains("Black's ranks 1 -> "), "{id}");
}
