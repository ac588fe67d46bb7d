//! Definitions embedded in the binary, so built-in names work anywhere.

/// (name, TOML text) of every built-in definition.
pub const BUILTIN: &[(&str, &str)] = &[
    ("chess", include_str!("../../definitions/chess.toml")),
    ("capablanca", include_str!("../../definitions/capablanca.toml")),
    ("tcb", include_str!("../../definitions/tcb.toml")),
    ("wild-tamerlane", include_str!("../../definitions/wild-tamerlane.toml")),
    ("tigrey", include_str!("../../definitions/tigrey.toml")),
    ("tigerchess", include_str!("../../definitions/tigerchess.toml")),
    ("tiger-lily", include_str!("../../definitions/tiger-lily.toml")),
    ("glinski", include_str!("../../definitions/glinski.toml")),
    ("crazyhouse", include_str!("../../definitions/crazyhouse.toml")),
    ("loop", include_str!("../../definitions/loop.toml")),
    ("chessgi", include_str!("../../definitions/chessgi.toml")),
    ("pocketknight", include_str!("../../definitions/pocketknight.toml")),
    ("capahouse", include_str!("../../definitions/capahouse.toml")),
    ("shogi", include_str!("../../definitions/shogi.toml")),
    ("minishogi", include_str!("../../definitions/minishogi.toml")),
    ("grand", include_str!("../../definitions/grand.toml")),
    ("opulent", include_str!("../../definitions/opulent.toml")),
    ("xiangqi", include_str!("../../definitions/xiangqi.toml")),
    ("minixiangqi", include_str!("../../definitions/minixiangqi.toml")),
    ("3check", include_str!("../../definitions/3check.toml")),
    ("5check", include_str!("../../definitions/5check.toml")),
    ("kingofthehill", include_str!("../../definitions/kingofthehill.toml")),
    // FSF catalogue, chess-like armies and boards (helper cata).
    ("almost", include_str!("../../definitions/almost.toml")),
    ("amazon", include_str!("../../definitions/amazon.toml")),
    ("chancellor", include_str!("../../definitions/chancellor.toml")),
    ("embassy", include_str!("../../definitions/embassy.toml")),
    ("gothic", include_str!("../../definitions/gothic.toml")),
    ("janus", include_str!("../../definitions/janus.toml")),
    ("centaur", include_str!("../../definitions/centaur.toml")),
    ("modern", include_str!("../../definitions/modern.toml")),
    ("grasshopper", include_str!("../../definitions/grasshopper.toml")),
    ("nightrider", include_str!("../../definitions/nightrider.toml")),
    ("berolina", include_str!("../../definitions/berolina.toml")),
    ("pawnsideways", include_str!("../../definitions/pawnsideways.toml")),
    ("nocastle", include_str!("../../definitions/nocastle.toml")),
    ("raazuvaa", include_str!("../../definitions/raazuvaa.toml")),
    ("losalamos", include_str!("../../definitions/losalamos.toml")),
    ("gardner", include_str!("../../definitions/gardner.toml")),
    ("georgian", include_str!("../../definitions/georgian.toml")),
    ("paradigm", include_str!("../../definitions/paradigm.toml")),
    ("perfect", include_str!("../../definitions/perfect.toml")),
    ("tencubed", include_str!("../../definitions/tencubed.toml")),
    ("sortofalmost", include_str!("../../definitions/sortofalmost.toml")),
    ("chigorin", include_str!("../../definitions/chigorin.toml")),
    ("chaturanga", include_str!("../../definitions/chaturanga.toml")),
    ("fairy", include_str!("../../definitions/fairy.toml")),
    ("newzealand", include_str!("../../definitions/newzealand.toml")),
    ("hoppelpoppel", include_str!("../../definitions/hoppelpoppel.toml")),
    ("legan", include_str!("../../definitions/legan.toml")),
    ("pawnback", include_str!("../../definitions/pawnback.toml")),
    ("codrus", include_str!("../../definitions/codrus.toml")),
    ("karouk", include_str!("../../definitions/karouk.toml")),
    ("normal", include_str!("../../definitions/normal.toml")),
    ("mini", include_str!("../../definitions/mini.toml")),
    // Campmate and asymmetric armies (orda, empire, synochess; nocheckatomic, janggimodern).
    ("orda", include_str!("../../definitions/orda.toml")),
    ("ordamirror", include_str!("../../definitions/ordamirror.toml")),
    ("empire", include_str!("../../definitions/empire.toml")),
    ("synochess", include_str!("../../definitions/synochess.toml")),
    ("nocheckatomic", include_str!("../../definitions/nocheckatomic.toml")),
    ("janggimodern", include_str!("../../definitions/janggimodern.toml")),
    // Royalty and goals (several royals, extinction, compulsory capture, races).
    ("antichess", include_str!("../../definitions/antichess.toml")),
    ("giveaway", include_str!("../../definitions/giveaway.toml")),
    ("suicide", include_str!("../../definitions/suicide.toml")),
    ("losers", include_str!("../../definitions/losers.toml")),
    ("extinction", include_str!("../../definitions/extinction.toml")),
    ("kinglet", include_str!("../../definitions/kinglet.toml")),
    ("threekings", include_str!("../../definitions/threekings.toml")),
    ("misere", include_str!("../../definitions/misere.toml")),
    ("knightmate", include_str!("../../definitions/knightmate.toml")),
    ("coregal", include_str!("../../definitions/coregal.toml")),
    ("spartan", include_str!("../../definitions/spartan.toml")),
    ("racingkings", include_str!("../../definitions/racingkings.toml")),
    ("makpong", include_str!("../../definitions/makpong.toml")),
    ("horde", include_str!("../../definitions/horde.toml")),
    ("breakthrough", include_str!("../../definitions/breakthrough.toml")),
    ("armageddon", include_str!("../../definitions/armageddon.toml")),
    // Effects (atomic, duck, passing; janggi, manchu).
    ("atomic", include_str!("../../definitions/atomic.toml")),
    ("duck", include_str!("../../definitions/duck.toml")),
    ("amazons", include_str!("../../definitions/amazons.toml")),
    ("isolation", include_str!("../../definitions/isolation.toml")),
    ("isolation7x7", include_str!("../../definitions/isolation7x7.toml")),
    ("snailtrail", include_str!("../../definitions/snailtrail.toml")),
    ("joust", include_str!("../../definitions/joust.toml")),
    ("cowboys", include_str!("../../definitions/cowboys.toml")),
    ("manchu", include_str!("../../definitions/manchu.toml")),
    ("janggi", include_str!("../../definitions/janggi.toml")),
    ("janggitraditional", include_str!("../../definitions/janggitraditional.toml")),
    ("janggicasual", include_str!("../../definitions/janggicasual.toml")),
    // Castling, gating and unmoved state (seirawan, shouse, shako, gustav3, cambodian).
    ("shako", include_str!("../../definitions/shako.toml")),
    ("gustav3", include_str!("../../definitions/gustav3.toml")),
    ("omicron", include_str!("../../definitions/omicron.toml")),
    ("cambodian", include_str!("../../definitions/cambodian.toml")),
    ("seirawan", include_str!("../../definitions/seirawan.toml")),
    ("shouse", include_str!("../../definitions/shouse.toml")),
    // Counting rules and bare kings (makruk, asean, ai-wok; shatranj, courier, shatar).
    ("makruk", include_str!("../../definitions/makruk.toml")),
    ("asean", include_str!("../../definitions/asean.toml")),
    ("ai-wok", include_str!("../../definitions/ai-wok.toml")),
    ("shatranj", include_str!("../../definitions/shatranj.toml")),
    ("courier", include_str!("../../definitions/courier.toml")),
    ("shatar", include_str!("../../definitions/shatar.toml")),
    // Further hands and drops (kyotoshogi, sittuyin, placement, dobutsu).
    ("placement", include_str!("../../definitions/placement.toml")),
    ("kyotoshogi", include_str!("../../definitions/kyotoshogi.toml")),
    ("sittuyin", include_str!("../../definitions/sittuyin.toml")),
    ("dobutsu", include_str!("../../definitions/dobutsu.toml")),
    // FSF catalogue, shogi family and special mechanics (helper catb).
    ("gorogoro", include_str!("../../definitions/gorogoro.toml")),
    ("judkins", include_str!("../../definitions/judkins.toml")),
    ("euroshogi", include_str!("../../definitions/euroshogi.toml")),
    ("torishogi", include_str!("../../definitions/torishogi.toml")),
    ("checkshogi", include_str!("../../definitions/checkshogi.toml")),
    ("okisakishogi", include_str!("../../definitions/okisakishogi.toml")),
    ("yarishogi", include_str!("../../definitions/yarishogi.toml")),
    ("shoshogi", include_str!("../../definitions/shoshogi.toml")),
    ("torpedo", include_str!("../../definitions/torpedo.toml")),
    ("dragon", include_str!("../../definitions/dragon.toml")),
    ("fox-and-hounds", include_str!("../../definitions/fox-and-hounds.toml")),
    ("atomar", include_str!("../../definitions/atomar.toml")),
    ("jesonmor", include_str!("../../definitions/jesonmor.toml")),
    ("clobber", include_str!("../../definitions/clobber.toml")),
    ("clobber10", include_str!("../../definitions/clobber10.toml")),
    // FSF catalogue, round 5 (helper gc5).
    ("troitzky", include_str!("../../definitions/troitzky.toml")),
    // FSF catalogue, round 5 (helper cat5b).
    ("micro", include_str!("../../definitions/micro.toml")),
    ("wolf", include_str!("../../definitions/wolf.toml")),
    ("flipello", include_str!("../../definitions/flipello.toml")),
    ("flipersi", include_str!("../../definitions/flipersi.toml")),
    ("flipello10", include_str!("../../definitions/flipello10.toml")),
    // FSF catalogue, round 5 (helper cat5a).
    ("fischerandom", include_str!("../../definitions/fischerandom.toml")),
    ("caparandom", include_str!("../../definitions/caparandom.toml")),
    // FSF catalogue, round 6 (helper cat6b).
    ("bughouse", include_str!("../../definitions/bughouse.toml")),
    ("koedem", include_str!("../../definitions/koedem.toml")),
    ("supply", include_str!("../../definitions/supply.toml")),
    // FSF catalogue, round 6 (helper cat6a).
    ("ataxx", include_str!("../../definitions/ataxx.toml")),
    ("petrified", include_str!("../../definitions/petrified.toml")),
];

/// The text of a built-in definition.
pub fn text(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Where a definition came from and its text: a file path if one exists
/// (read with the size cap of [`crate::limits::read_file`]), else a
/// built-in name. The error says why neither works.
pub fn resolve(def: &str) -> Result<(String, String), String> {
    let path = std::path::Path::new(def);
    if path.is_file() {
        return crate::limits::read_file(def).map(|t| (def.to_string(), t));
    }
    if let Some(t) = text(def) {
        return Ok((format!("<built-in {def}>"), t.to_string()));
    }
    let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
    Err(if path.exists() {
        format!("{def:?} is not a regular file")
    } else {
        format!("{def:?} is neither a file nor a built-in definition ({})", names.join(", "))
    })
}
