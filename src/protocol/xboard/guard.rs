//! Moves XBoard 4.9.1 would put on its board otherwise than Rookery does.
//!
//! XBoard takes any move of its Pawn type that changes file onto an empty
//! cell, from the far half of the board, for an en-passant capture and
//! removes the piece behind the destination (`ApplyMove`, backend.c: with
//! legality testing on always, else right after a double step onto that
//! file). A taught pawn whose non-capturing move changes file (TCB's
//! diagonal step, pawnsideways' sideways step) would so lose XBoard a
//! piece Rookery keeps, and the two boards would part. The other way
//! round, XBoard applies an en-passant capture only from the far half: a
//! pawn that captures en passant from its own half (Torpedo's pawns step
//! two from anywhere, so h4xg5 can take a pawn that went g6-g4) just moves
//! there, and the passed pawn stays on XBoard's board. Rookery therefore
//! never plays such a move in a taught variant and refuses it from XBoard
//! as illegal (XBoard then takes it back): the game stays one game, at the
//! price of that move.

use super::offer::plays_own;
use super::slot_table;
use crate::game::{code_kind, Game, Move, MoveKind, Position};
use crate::search::{Limits, Searcher};

/// What XBoard would do otherwise than Rookery after `m`, if anything:
/// the cell of the piece it would remove although Rookery's move does not
/// capture it, or keep although Rookery captures it en passant, with the
/// reason in words.
pub fn misapplied(pos: &Position<'_>, m: &Move) -> Option<(u16, &'static str)> {
    let v = pos.variant();
    let plain = m.kind == MoveKind::Normal && m.promo == 0 && pos.at(m.to) == 0;
    if !(plain || m.kind == MoveKind::EnPassant) || pos.at(m.from) == 0 || plays_own(v) {
        return None;
    }
    let pawn = slot_table(v)[0]?;
    if code_kind(pos.at(m.from)) as usize != pawn {
        return None;
    }
    let ((fx, fy), (tx, ty)) = (v.grid.coords(m.from), v.grid.coords(m.to));
    let half = v.grid.ranks() / 2;
    let white = pos.side() == crate::game::WHITE;
    let far = if white { fy >= half } else { fy < half };
    if m.kind == MoveKind::EnPassant {
        return (!far).then_some((
            m.extra,
            "XBoard would leave the pawn on {} there: it captures en passant only from the far half",
        ));
    }
    if fx == tx || !far {
        return None;
    }
    let behind = if white { ty as i32 - 1 } else { ty as i32 + 1 };
    let c = v.grid.at(tx as i32, behind)?;
    (pos.at(c) != 0).then_some((c, "XBoard would remove the piece on {} as if en passant"))
}

/// The best move XBoard applies as Rookery does, when the search's choice
/// `best` is one it would not: each other legal move is searched briefly
/// and the best kept (`None` if there is no other move).
pub fn safe_move(searcher: &mut Searcher, game: &Game<'static>) -> Option<Move> {
    let mut legal = Vec::new();
    game.pos.clone().legal_moves(&mut legal);
    let mover = game.pos.side();
    let mut best: Option<(i32, Move)> = None;
    for m in legal.into_iter().filter(|m| misapplied(&game.pos, m).is_none()) {
        let mut g = game.clone();
        g.play(m);
        let score = match g.outcome() {
            Some(o) if o.winner == Some(mover) => i32::MAX / 2,
            Some(o) if o.winner.is_some() => -i32::MAX / 2,
            Some(_) => 0,
            None => searcher.search(&mut g, Limits::nodes(3000), &mut |_| {}).map_or(0, |(_, r)| -r.score),
        };
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, m));
        }
    }
    best.map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::load_str;

    fn pawnsideways() -> &'static crate::variant::Variant {
        let text = crate::variant::builtin::text("pawnsideways").unwrap();
        Box::leak(Box::new(load_str(text).unwrap().0))
    }

    #[test]
    fn the_step_with_a_piece_behind_is_found_and_avoided() {
        let v = pawnsideways();
        // White's pawn on e5 may step to d5 (knight behind, on d4) or f5
        // (nothing behind) or e6; the king is boxed in by its own pawns.
        let pos = Position::from_fen(v, "4k3/8/8/4P3/3N4/8/PPP5/K7 w - - 0 1").unwrap();
        let mut legal = Vec::new();
        pos.clone().legal_moves(&mut legal);
        let text = |m: &Move| format!("{}{}", v.grid.label(m.from), v.grid.label(m.to));
        let bad: Vec<String> = legal.iter().filter(|m| misapplied(&pos, m).is_some()).map(text).collect();
        assert_eq!(bad, ["e5d5"]);
        let game = Game::new(pos);
        let mut searcher = Searcher::new(v, 1);
        let m = safe_move(&mut searcher, &game).unwrap();
        assert!(misapplied(&game.pos, &m).is_none(), "{}", text(&m));
    }
}

#[cfg(test)]
mod torpedo {
    use super::*;
    use crate::variant::load_str;

    #[test]
    fn an_en_passant_capture_from_the_own_half_is_found() {
        let v = Box::leak(Box::new(load_str(crate::variant::builtin::text("torpedo").unwrap()).unwrap().0));
        // Black's pawn went g6-g4 past White's h4 pawn, which may take it
        // en passant on g5 from its own half (XBoard would keep g4's pawn);
        // in the far half (h5xg6 after g7-g5) XBoard applies it as Rookery.
        for (fen, from, want) in
            [("4k3/8/8/8/6pP/8/8/4K3 w - g5 0 1", "h4", Some("g4")), ("4k3/8/8/6pP/8/8/8/4K3 w - g6 0 1", "h5", None)]
        {
            let pos = Position::from_fen(v, fen).unwrap();
            let mut legal = Vec::new();
            pos.clone().legal_moves(&mut legal);
            let ep = legal.iter().find(|m| m.kind == MoveKind::EnPassant && v.grid.label(m.from) == from);
            let ep = ep.unwrap_or_else(|| panic!("{fen}: no e.p. capture"));
            assert_eq!(misapplied(&pos, ep).map(|(c, _)| v.grid.label(c)), want, "{fen}");
        }
    }
}
