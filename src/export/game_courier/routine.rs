//! The piece-independent GAME Code that goes into Pre-Game: the universal
//! move routine and the move and game-end handlers. Only text here; the
//! variant's tables are appended by [`super::pre_game`].

/// The piece-independent routine that goes first in Pre-Game. It reads
/// the tables set after it (`legs`, `wstart`, `bstart`, `wlabel`, `blabel`,
/// `royal`, `pawn`, `zones`, `cells`, the rule values) and the state it
/// keeps (`stm`, a flag on every unmoved piece, `ep1`..`ep4`, `epvictim`,
/// `quiet`). Every move the tables give goes to `Found`, which does what
/// `fmode` asks: 1 remember it if it reaches the entered destination, 2 note
/// an attack on `attacktarget` (which counts as enemy-occupied even when
/// empty), 3 try it on the board and hand it to `setlegal` if it leaves the
/// mover's king safe.
///
/// Written for GC's documented behaviour: commands (`add`, `empty`,
/// `setlegal`, `gosub`, `unsetflag`) get only variables, literals or
/// preprocessor words (`origin`, `dest`, `moved`, `old`), never an
/// expression, since only commands that set variables or control the flow
/// interpret expressions (Fergus Duniho, 2023); expressions are computed
/// by `set` first. Bit tests are done by comparison and subtraction
/// (`Bits`), membership by loops over `elem`/`count`; there is one loop
/// form (`do while … loop`), no `elseif`, no `push`/`match`/`diff`/`merge`,
/// no `store`/`restore` (a trial move is made and taken back with `empty`
/// and `add`). Sources of the constructs used: subroutines with named
/// parameters and `my` variables, array literals and `gosub HandleMove` from
/// H. G. Muller's GAME code (chessvariants.com comments 39772 and 39865,
/// 2020); `setlegal from to` from GC's legal-moves tutorial
/// (play/pbm/legalmoves.html); `origin`/`dest`/`moved`/`old` from the GAME
/// Code tutorial; `where` from a 2008 comment (reply 21868); `setflag`,
/// `flag`, `space`, `empty`, `say`, `die` seen in real presets (research
/// note). Not confirmed from a source available here, and to check on the
/// live site first: `do while … loop`, `if … else … endif`, `unsetflag`,
/// `onboard`, `rank`/`file`, `abs`/`sign`/`max`, `sub` called inside an
/// expression, and the game-end commands `won`/`lost`/`drawn`.
///
/// Table format, per kind: `nmoves`, then per move its flags (1 initial,
/// 2 only when not in check, 4 castling) and a leg tree; a leg is
/// `size dx dy range mode nvia (vx vy)… nchildren children…`, `size`
/// counting the whole subtree, mode bits 1 end on empty, 2 end on enemy,
/// 4 end en passant, 8 go on with the children from an empty cell,
/// 16 hop over one screen. Vectors are White's; Black negates them.
pub const UNIVERSAL: &str = r#"set fmode 0;
set want @;
set ok 0;
set fkind 0;
set fextra @;
set fextra2 @;
set hit 0;
set attacktarget @;
set curfrom @;
set curside 0;
set nlegal 0;

sub Bits n:
  set bit16 >= #n 16;
  set n - #n * 16 #bit16;
  set bit8 >= #n 8;
  set n - #n * 8 #bit8;
  set bit4 >= #n 4;
  set n - #n * 4 #bit4;
  set bit2 >= #n 2;
  set bit1 - #n * 2 #bit2;
endsub;

sub KindOf label:
  my k wl bl;
  set k 0;
  do while < #k count #wlabel:
    set wl elem #k #wlabel;
    set bl elem #k #blabel;
    if == #wl #label:
      set kindside 1;
      return #k;
    endif;
    if == #bl #label:
      set kindside 2;
      return #k;
    endif;
    set k + #k 1;
  loop;
  set kindside 0;
  return -1;
endsub;

sub SideOf label:
  my k;
  if == #label @:
    return 0;
  endif;
  set k sub KindOf #label;
  return #kindside;
endsub;

sub Occ c from side:
  my lab s;
  if == #c #from:
    return 0;
  endif;
  if == #fmode 2:
    if == #c #attacktarget:
      return 2;
    endif;
  endif;
  set lab space #c;
  if == #lab @:
    return 0;
  endif;
  set s sub SideOf #lab;
  if == #s #side:
    return 1;
  endif;
  return 2;
endsub;

sub IsEp c:
  if == #c #ep1 or == #c #ep2 or == #c #ep3 or == #c #ep4:
    return 1;
  endif;
  return 0;
endsub;

sub Found to kind extra extra2:
  if == #fmode 2:
    if == #to #attacktarget:
      set hit 1;
    endif;
    return;
  endif;
  if == #fmode 1:
    if == #to #want and not #ok:
      set ok 1;
      set fkind #kind;
      set fextra #extra;
      set fextra2 #extra2;
    endif;
    return;
  endif;
  gosub TryLegal #to #kind #extra #extra2;
endsub;

sub WalkLeg at pos from side:
  my dx dy range mode nvia nchild child steps cur nxt ok i o after s t p m1 m2 m4 m8 m16 ep;
  set p + #at 1;
  set dx elem #p #legs;
  set p + #at 2;
  set dy elem #p #legs;
  set p + #at 3;
  set range elem #p #legs;
  set p + #at 4;
  set mode elem #p #legs;
  set p + #at 5;
  set nvia elem #p #legs;
  set p + #at + 6 * 2 #nvia;
  set nchild elem #p #legs;
  gosub Bits #mode;
  set m1 #bit1;
  set m2 #bit2;
  set m4 #bit4;
  set m8 #bit8;
  set m16 #bit16;
  if == #side 2:
    set dx neg #dx;
    set dy neg #dy;
  endif;
  set cur #pos;
  set steps 0;
  do while == #range 0 or < #steps #range:
    set nxt where #cur #dx #dy;
    if not onboard #nxt:
      return;
    endif;
    set i 0;
    set ok 1;
    do while < #i #nvia:
      set p + #at + 6 * 2 #i;
      set s elem #p #legs;
      set p + #p 1;
      set t elem #p #legs;
      if == #side 2:
        set s neg #s;
        set t neg #t;
      endif;
      set s where #cur #s #t;
      if not onboard #s:
        set ok 0;
      else:
        set o sub Occ #s #from #side;
        if != #o 0:
          set ok 0;
        endif;
      endif;
      set i + #i 1;
    loop;
    if not #ok:
      return;
    endif;
    set steps + #steps 1;
    set cur #nxt;
    set o sub Occ #cur #from #side;
    if #m16:
      if != #o 0:
        set after - #range #steps;
        if == #range 1:
          set after 1;
        endif;
        if == #range 0:
          set after 0;
        endif;
        set s 0;
        do while == #after 0 or < #s #after:
          set cur where #cur #dx #dy;
          if not onboard #cur:
            return;
          endif;
          set s + #s 1;
          set o sub Occ #cur #from #side;
          if == #o 0:
            if #m1 and != #fmode 2:
              gosub Found #cur 0 @ @;
            endif;
          else:
            if == #o 2 and #m2:
              gosub Found #cur 0 @ @;
            endif;
            return;
          endif;
        loop;
        return;
      endif;
    else:
      if == #o 0:
        if #m1 and != #fmode 2:
          gosub Found #cur 0 @ @;
        endif;
        set ep sub IsEp #cur;
        if #m4 and != #fmode 2 and #ep:
          gosub Found #cur 1 #epvictim @;
        endif;
        if #m8:
          set child + #at + 7 * 2 #nvia;
          set i 0;
          do while < #i #nchild:
            gosub WalkLeg #child #cur #from #side;
            set t elem #child #legs;
            set child + #child #t;
            set i + #i 1;
          loop;
        endif;
      else:
        if == #o 2 and #m2:
          gosub Found #cur 0 @ @;
        endif;
        return;
      endif;
    endif;
  loop;
endsub;

sub Castle at from side:
  my dx dy travel cur n partner i c o hit2 p to via;
  set p + #at 1;
  set dx elem #p #legs;
  set p + #at 2;
  set dy elem #p #legs;
  set p + #at 3;
  set travel elem #p #legs;
  if == #side 2:
    set dx neg #dx;
    set dy neg #dy;
  endif;
  if < #travel 2:
    return;
  endif;
  set n 0;
  set cur where #from #dx #dy;
  set partner @;
  do while onboard #cur:
    set n + #n 1;
    set partner #cur;
    set cur where #cur #dx #dy;
  loop;
  if <= #n #travel:
    return;
  endif;
  set o sub Occ #partner #from #side;
  if != #o 1:
    return;
  endif;
  if not flag #partner:
    return;
  endif;
  set i 1;
  set cur where #from #dx #dy;
  do while < #i #n:
    if != space #cur @:
      return;
    endif;
    set cur where #cur #dx #dy;
    set i + #i 1;
  loop;
  set i 1;
  set cur where #from #dx #dy;
  do while <= #i #travel:
    set hit2 sub Attacked #cur #side;
    if #hit2:
      return;
    endif;
    if == #i - #travel 1:
      set via #cur;
    endif;
    set to #cur;
    set cur where #cur #dx #dy;
    set i + #i 1;
  loop;
  gosub Found #to 2 #partner #via;
endsub;

sub Moves from side incheck:
  my k at n m flags size p lab f1 f2 f4;
  set lab space #from;
  set k sub KindOf #lab;
  if == #side 1:
    set at elem #k #wstart;
  else:
    set at elem #k #bstart;
  endif;
  set n elem #at #legs;
  set at + #at 1;
  set m 0;
  do while < #m #n:
    set flags elem #at #legs;
    set p + #at 1;
    set size elem #p #legs;
    gosub Bits #flags;
    set f1 #bit1;
    set f2 #bit2;
    set f4 #bit4;
    if #f1 and not flag #from:
      set f4 -1;
    endif;
    if #f2 and #incheck:
      set f4 -1;
    endif;
    if #f2 and == #fmode 2:
      set f4 -1;
    endif;
    if == #f4 1:
      if != #fmode 2 and not #incheck and elem #k #royal:
        gosub Castle #p #from #side;
      endif;
    endif;
    if == #f4 0:
      gosub WalkLeg #p #from #from #side;
    endif;
    set at + #p #size;
    set m + #m 1;
  loop;
endsub;

sub Attacked target side:
  my c ci lab s enemy savedmode savedtarget savedhit result;
  set savedmode #fmode;
  set savedtarget #attacktarget;
  set savedhit #hit;
  set enemy 1;
  if == #side 1:
    set enemy 2;
  endif;
  set fmode 2;
  set attacktarget #target;
  set hit 0;
  set ci 0;
  do while < #ci count #cells and not #hit:
    set c elem #ci #cells;
    set lab space #c;
    set s sub SideOf #lab;
    if == #s #enemy:
      gosub Moves #c #enemy 0;
    endif;
    set ci + #ci 1;
  loop;
  set result #hit;
  set fmode #savedmode;
  set attacktarget #savedtarget;
  set hit #savedhit;
  return #result;
endsub;

sub InCheck side:
  my c ci lab s k r a;
  set ci 0;
  do while < #ci count #cells:
    set c elem #ci #cells;
    set lab space #c;
    set s sub SideOf #lab;
    if == #s #side:
      set k sub KindOf #lab;
      set r elem #k #royal;
      if #r:
        set a sub Attacked #c #side;
        if #a:
          return 1;
        endif;
      endif;
    endif;
    set ci + #ci 1;
  loop;
  return 0;
endsub;

sub InList x list:
  my i e;
  set i 0;
  do while < #i count #list:
    set e elem #i #list;
    if == #e #x:
      return 1;
    endif;
    set i + #i 1;
  loop;
  return 0;
endsub;

sub PromoCheck to side newkind:
  my z r rk ranks choices hit optional allowed in m;
  set hit 0;
  set optional 1;
  set allowed 0;
  set rk rank #to;
  set z 0;
  do while < #z count #zones:
    set r elem #z #zones;
    set ranks elem #side #r;
    set in sub InList #rk #ranks;
    if #in:
      set hit 1;
      set m elem 0 #r;
      if #m:
        set optional 0;
      endif;
      set choices elem 3 #r;
      set in sub InList #newkind #choices;
      if #in:
        set allowed 1;
      endif;
    endif;
    set z + #z 1;
  loop;
  if not #hit:
    return 0;
  endif;
  if == #newkind -1:
    if #optional:
      return 1;
    endif;
    return 2;
  endif;
  if #allowed:
    return 1;
  endif;
  return 3;
endsub;
"#;

/// The Post-Move routine (one per side) and the Post-Game routine, after
/// [`UNIVERSAL`] in Pre-Game.
pub const HANDLERS: &str = r#"sub HandleMove side:
  my s k newkind placed incheck pl pc;
  if != #side #stm:
    die "It is not your turn.";
  endif;
  set s sub SideOf moved;
  if != #s #side:
    die "You may only move your own pieces.";
  endif;
  set placed space dest;
  empty dest;
  add moved origin;
  if != old @:
    add old dest;
  endif;
  set incheck sub InCheck #side;
  set fmode 1;
  set want dest;
  set ok 0;
  set fkind 0;
  set fextra @;
  set fextra2 @;
  gosub Moves origin #side #incheck;
  set fmode 0;
  if not #ok:
    die "That is not a legal move for this piece.";
  endif;
  empty origin;
  add #placed dest;
  if == #fkind 1:
    empty #fextra;
  endif;
  if == #fkind 2:
    set pl space #fextra;
    empty #fextra;
    add #pl #fextra2;
  endif;
  set k sub KindOf moved;
  set newkind -1;
  if != #placed moved:
    set newkind sub KindOf #placed;
    set s sub SideOf #placed;
    if != #s #side:
      die "Promote to a piece of your own side.";
    endif;
  endif;
  set pc 0;
  if elem #k #pawn:
    set pc sub PromoCheck dest #side #newkind;
  endif;
  if == #pc 0 and != #newkind -1:
    die "Only a pawn in a promotion zone may change into another piece.";
  endif;
  if == #pc 2:
    die "This pawn must promote here.";
  endif;
  if == #pc 3:
    die "A pawn may not promote to that piece here.";
  endif;
  set incheck sub InCheck #side;
  if #incheck:
    die "You may not leave your king in check.";
  endif;
  unsetflag origin dest;
  if != #fkind 0:
    unsetflag #fextra;
  endif;
  set ep1 @;
  set ep2 @;
  set ep3 @;
  set ep4 @;
  set epvictim @;
  if elem #k #pawn and #hasep and == old @ and == #fkind 0:
    gosub SetEp origin dest;
  endif;
  if elem #k #pawn or != old @ or == #fkind 1:
    set quiet 0;
  else:
    set quiet + #quiet 1;
  endif;
  set stm 1;
  if == #side 1:
    set stm 2;
  endif;
endsub;

sub SetEp from to:
  my dx dy n i c adx ady;
  set dx - file #to file #from;
  set dy - rank #to rank #from;
  set adx abs #dx;
  set ady abs #dy;
  set n max #adx #ady;
  if < #n 2:
    return;
  endif;
  if != #dx 0 and != #dy 0 and != #adx #ady:
    return;
  endif;
  set dx sign #dx;
  set dy sign #dy;
  set c #from;
  set i 1;
  do while < #i #n and < #i 5:
    set c where #c #dx #dy;
    if onboard #c:
      set epvictim #to;
      if == #ep1 @:
        set ep1 #c;
      else:
        if == #ep2 @:
          set ep2 #c;
        else:
          if == #ep3 @:
            set ep3 #c;
          else:
            set ep4 #c;
          endif;
        endif;
      endif;
    endif;
    set i + #i 1;
  loop;
endsub;

sub TryLegal to kind extra extra2:
  my mover captured partner incheck;
  set mover space #curfrom;
  set captured space #to;
  set partner @;
  if == #kind 1:
    set partner space #extra;
    empty #extra;
  endif;
  if == #kind 2:
    set partner space #extra;
    empty #extra;
    add #partner #extra2;
  endif;
  empty #curfrom;
  add #mover #to;
  set incheck sub InCheck #curside;
  empty #to;
  if != #captured @:
    add #captured #to;
  endif;
  add #mover #curfrom;
  if == #kind 1:
    add #partner #extra;
  endif;
  if == #kind 2:
    empty #extra2;
    add #partner #extra;
  endif;
  if not #incheck:
    setlegal #curfrom #to;
    set nlegal + #nlegal 1;
  endif;
endsub;

sub LegalMoves side:
  my c ci lab s incheck;
  set incheck sub InCheck #side;
  set nlegal 0;
  set fmode 3;
  set curside #side;
  set ci 0;
  do while < #ci count #cells:
    set c elem #ci #cells;
    set lab space #c;
    set s sub SideOf #lab;
    if == #s #side:
      set curfrom #c;
      gosub Moves #c #side #incheck;
    endif;
    set ci + #ci 1;
  loop;
  set fmode 0;
  return #nlegal;
endsub;

sub Count side:
  my c ci lab s k r;
  set nroyal 0;
  set nother 0;
  set ci 0;
  do while < #ci count #cells:
    set c elem #ci #cells;
    set lab space #c;
    set s sub SideOf #lab;
    if == #s #side:
      set k sub KindOf #lab;
      set r elem #k #royal;
      if #r:
        set nroyal + #nroyal 1;
      else:
        set nother + #nother 1;
      endif;
    endif;
    set ci + #ci 1;
  loop;
endsub;

sub Result winner why:
  if == #winner 0:
    drawn #why;
    return;
  endif;
  if == #winner #stm:
    won #why;
  else:
    lost #why;
  endif;
endsub;

sub BareKing other:
  my mebare thembare;
  if not #bareking:
    return 0;
  endif;
  gosub Count #stm;
  set mebare 0;
  if == #nother 0 and > #nroyal 0:
    set mebare 1;
  endif;
  gosub Count #other;
  set thembare 0;
  if == #nother 0 and > #nroyal 0:
    set thembare 1;
  endif;
  if #mebare and #thembare:
    gosub Result 0 "Both kings are bare.";
    return 1;
  endif;
  if #thembare:
    gosub Result #stm "Bare king.";
    return 1;
  endif;
  if #mebare and not #counterbaring:
    gosub Result #other "Bare king.";
    return 1;
  endif;
  return 0;
endsub;

sub GameEnd:
  my other n incheck ended;
  set other 1;
  if == #stm 1:
    set other 2;
  endif;
  set n sub LegalMoves #stm;
  set incheck sub InCheck #stm;
  if #barekingfirst:
    set ended sub BareKing #other;
    if #ended:
      return;
    endif;
  endif;
  if == #n 0:
    if #incheck:
      gosub Result #other "Checkmate.";
      return;
    endif;
    if == #stalemate 0:
      gosub Result #other "Stalemate: the stalemated side loses.";
      return;
    endif;
    if == #stalemate 2:
      gosub Result #stm "Stalemate: the stalemated side wins.";
      return;
    endif;
    gosub Result 0 "Stalemate.";
    return;
  endif;
  set ended sub BareKing #other;
  if #ended:
    return;
  endif;
  if #moverule and >= #quiet * 2 #moverule:
    gosub Result 0 "Draw by the n-move rule.";
    return;
  endif;
  if #incheck:
    say "Check!";
  endif;
endsub;
"#;
