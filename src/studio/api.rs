//! The HTTP routes of `rookery serve`. Handlers only decode the request,
//! run a view from [`super::view`] on a blocking thread with a deadline and
//! encode the answer; every failure is a JSON `{"error": "…"}` with a
//! fitting status code.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::library::{Library, LibraryError};
use super::view;
use crate::variant::{load_str, Variant};

/// Largest request body (bytes): a definition is a few kilobytes.
pub const MAX_BODY: usize = 1024 * 1024;
/// Longest a request may compute before it is answered with a timeout.
const DEADLINE: Duration = Duration::from_secs(20);
/// The most time the verified facts of one page may take (checks are run
/// until it is spent; the rest are reported as skipped).
const FACTS_BUDGET: Duration = Duration::from_secs(8);
/// The most time the engine is given per move.
const ENGINE_BUDGET: Duration = Duration::from_secs(3);
/// How many compiled definitions are kept.
const CACHE: usize = 24;

/// What all handlers share.
pub struct AppState {
    /// The served folders.
    pub library: Library,
    /// Recently compiled definitions by text hash.
    cache: Mutex<Vec<(u64, Arc<Variant>)>>,
    /// At most two engine searches at once; others wait their turn.
    engine: tokio::sync::Semaphore,
}

impl AppState {
    /// State over a library.
    pub fn new(library: Library) -> AppState {
        AppState { library, cache: Mutex::new(Vec::new()), engine: tokio::sync::Semaphore::new(2) }
    }
}

/// An error answer.
pub struct ApiError(StatusCode, Value);

impl ApiError {
    fn new(code: StatusCode, msg: impl Into<String>) -> ApiError {
        ApiError(code, json!({ "error": msg.into() }))
    }
    fn bad(msg: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, msg)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(self.1)).into_response()
    }
}

impl From<LibraryError> for ApiError {
    fn from(e: LibraryError) -> ApiError {
        let code = match e {
            LibraryError::NotFound(_) => StatusCode::NOT_FOUND,
            LibraryError::Forbidden(_) => StatusCode::FORBIDDEN,
            LibraryError::Io(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(code, e.to_string())
    }
}

type ApiResult = Result<Json<Value>, ApiError>;

/// The router: pages, assets and the JSON API.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(|| async { super::assets::page() }))
        .route("/assets/:name", get(super::assets::asset))
        .route("/api/library", get(library))
        .route("/api/definition", get(definition))
        .route("/api/stamp", get(stamp))
        .route("/api/check", post(check))
        .route("/api/probe", post(probe))
        .route("/api/verify", post(verify))
        .route("/api/game", post(game))
        .route("/api/engine", post(engine))
        .route("/api/export", post(export))
        .route("/api/save", post(save))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// Runs `f` on a blocking thread; a panic or an overrun becomes an error.
async fn compute<T: Send + 'static>(
    deadline: Duration,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    match tokio::time::timeout(deadline, tokio::task::spawn_blocking(f)).await {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error while computing")),
        Err(_) => Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "took too long; try a smaller depth")),
    }
}

/// The compiled definition of `text`, or its diagnostics as an error.
fn compiled(state: &AppState, text: &str) -> Result<Arc<Variant>, ApiError> {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    let key = h.finish();
    if let Some((_, v)) = state.cache.lock().map_err(|_| poisoned())?.iter().find(|(k, _)| *k == key) {
        return Ok(v.clone());
    }
    let v = match load_str(text) {
        Ok((v, _)) => Arc::new(v),
        Err(e) => {
            return Err(ApiError(
                StatusCode::UNPROCESSABLE_ENTITY,
                json!({"error": "the definition has errors", "diagnostics": view::diagnostics(text, &e.diagnostics)}),
            ))
        }
    };
    let mut cache = state.cache.lock().map_err(|_| poisoned())?;
    if cache.len() >= CACHE {
        cache.remove(0);
    }
    cache.push((key, v.clone()));
    Ok(v)
}

fn poisoned() -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error (cache)")
}

/// `GET /api/library`: every definition with title, status and thumbnail.
async fn library(State(st): State<Arc<AppState>>) -> ApiResult {
    compute(DEADLINE, move || {
        let entries: Vec<Value> = st.library.ids().iter().map(|id| entry(&st, id)).collect();
        let roots: Vec<String> = st.library.roots().iter().map(|r| r.display().to_string()).collect();
        Ok(Json(json!({ "entries": entries, "folders": roots })))
    })
    .await
}

/// One library card.
fn entry(st: &AppState, id: &str) -> Value {
    let text = match st.library.read(id) {
        Ok(t) => t,
        Err(e) => return json!({"id": id, "title": id, "status": "unreadable", "error": e.to_string()}),
    };
    match compiled(st, &text) {
        Ok(v) => {
            let pos = crate::game::Position::start(&v);
            let opts = crate::render::SvgOptions { coordinates: false, ..Default::default() };
            let (status, _) = view::status(&v);
            json!({"id": id, "name": v.name, "title": v.title, "author": v.author, "status": status,
                   "builtin": id.starts_with("builtin:"), "thumbnail": crate::render::board_svg(&pos, &opts)})
        }
        Err(_) => json!({"id": id, "title": id, "status": "invalid", "builtin": false}),
    }
}

#[derive(Deserialize)]
struct IdQuery {
    id: String,
}

/// `GET /api/definition?id=`: the TOML text and whether it can be saved.
async fn definition(State(st): State<Arc<AppState>>, Query(q): Query<IdQuery>) -> ApiResult {
    let text = st.library.read(&q.id)?;
    let stamp = st.library.stamp(&q.id)?;
    let folders: Vec<String> = st.library.roots().iter().map(|r| r.display().to_string()).collect();
    Ok(Json(
        json!({"id": q.id, "toml": text, "editable": q.id.starts_with("file:"), "stamp": stamp, "folders": folders}),
    ))
}

/// `GET /api/stamp?id=`: the file's modification time (reload on change).
async fn stamp(State(st): State<Arc<AppState>>, Query(q): Query<IdQuery>) -> ApiResult {
    Ok(Json(json!({"stamp": st.library.stamp(&q.id)?})))
}

#[derive(Deserialize)]
struct CheckReq {
    toml: String,
}

/// `POST /api/check {toml}`: diagnostics, and the variant view when valid.
async fn check(Json(r): Json<CheckReq>) -> ApiResult {
    compute(DEADLINE, move || match load_str(&r.toml) {
        Ok((v, warnings)) => {
            let diags = view::diagnostics(&r.toml, &warnings);
            Ok(Json(json!({"ok": true, "diagnostics": diags, "variant": view::variant_view(&v)})))
        }
        Err(e) => Ok(Json(json!({"ok": false, "diagnostics": view::diagnostics(&r.toml, &e.diagnostics)}))),
    })
    .await
}

/// `POST /api/verify {toml}`: the definition's `[[checks]]`, run as
/// `rookery verify` runs them, with status and line. Shares the engine's
/// two slots, since a deep perft keeps a core busy as a search does.
async fn verify(State(st): State<Arc<AppState>>, Json(r): Json<CheckReq>) -> ApiResult {
    let _permit = tokio::time::timeout(DEADLINE, st.engine.acquire())
        .await
        .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is busy; try again"))?
        .map_err(|_| poisoned())?;
    let st2 = st.clone();
    compute(DEADLINE, move || {
        let v = compiled(&st2, &r.toml)?;
        Ok(Json(super::facts::facts_view(&v, &r.toml, FACTS_BUDGET)))
    })
    .await
}

#[derive(Deserialize)]
struct ProbeReq {
    toml: String,
    #[serde(default)]
    letter: String,
    at: String,
    fen: Option<String>,
}

/// `POST /api/probe {toml, letter, at, fen?}`: one piece's move diagram.
async fn probe(State(st): State<Arc<AppState>>, Json(r): Json<ProbeReq>) -> ApiResult {
    compute(DEADLINE, move || {
        let v = compiled(&st, &r.toml)?;
        let mut chars = r.letter.chars();
        let letter = match (chars.next(), chars.next()) {
            (l, None) => l,
            _ => return Err(ApiError::bad("letter must be one character")),
        };
        view::probe_view(&v, letter, &r.at, r.fen.as_deref()).map(Json).map_err(ApiError::bad)
    })
    .await
}

#[derive(Deserialize)]
struct GameReq {
    toml: String,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    depth: Option<u32>,
    /// The seed of a rule module's dice (TigerChess).
    #[serde(default)]
    seed: Option<u64>,
    /// TigerChess's variation: "dice" (default), "open" or "random".
    #[serde(default)]
    variation: Option<String>,
}

impl GameReq {
    fn start(&self) -> view::Start<'_> {
        view::Start { fen: self.fen.as_deref(), seed: self.seed, variation: self.variation.as_deref() }
    }
}

/// Longest game accepted (plies).
const MAX_PLIES: usize = 4000;

/// `POST /api/game {toml, fen?, moves}`: the state after the moves; an
/// illegal move is a 422 naming it.
async fn game(State(st): State<Arc<AppState>>, Json(r): Json<GameReq>) -> ApiResult {
    if r.moves.len() > MAX_PLIES {
        return Err(ApiError::bad(format!("at most {MAX_PLIES} moves")));
    }
    compute(DEADLINE, move || {
        let v = compiled(&st, &r.toml)?;
        view::game_view(&v, r.start(), &r.moves).map(Json).map_err(ApiError::bad)
    })
    .await
}

/// `POST /api/engine {toml, fen?, moves, depth?}`: the engine's move
/// (`null` when the game is over).
async fn engine(State(st): State<Arc<AppState>>, Json(r): Json<GameReq>) -> ApiResult {
    if r.moves.len() > MAX_PLIES {
        return Err(ApiError::bad(format!("at most {MAX_PLIES} moves")));
    }
    let st2 = st.clone();
    let _permit = tokio::time::timeout(DEADLINE, st.engine.acquire())
        .await
        .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the engine is busy; try again"))?
        .map_err(|_| poisoned())?;
    let t = std::time::Instant::now();
    let m = compute(DEADLINE, move || {
        let v = compiled(&st2, &r.toml)?;
        view::engine_reply(&v, r.start(), &r.moves, r.depth.unwrap_or(4), ENGINE_BUDGET).map_err(ApiError::bad)
    })
    .await?;
    Ok(Json(json!({"move": m, "ms": t.elapsed().as_millis() as u64})))
}

#[derive(Deserialize)]
struct ExportReq {
    toml: String,
    format: String,
}

/// `POST /api/export {toml, format}`: the exported text (a download); a
/// format that cannot express the game answers 422 with every reason.
async fn export(State(st): State<Arc<AppState>>, Json(r): Json<ExportReq>) -> Result<Response, ApiError> {
    compute(DEADLINE, move || {
        let v = compiled(&st, &r.toml)?;
        let (text, ext, mime) = match r.format.as_str() {
            "svg" => (
                crate::render::board_svg(&crate::game::Position::start(&v), &Default::default()),
                "svg",
                "image/svg+xml",
            ),
            "html" => (super::html::page(&v), "html", "text/html; charset=utf-8"),
            f => {
                let fmt = crate::export::Format::from_name(f)
                    .ok_or_else(|| ApiError::bad(format!("unknown format {f:?}")))?;
                let ext = if fmt == crate::export::Format::FairyStockfish { "ini" } else { "txt" };
                let text = crate::export::export(&v, fmt).map_err(|e| ApiError::bad(e.to_string()))?;
                (text, ext, "text/plain; charset=utf-8")
            }
        };
        let disposition = format!("attachment; filename=\"{}-{}.{ext}\"", v.name, r.format);
        Ok(([(header::CONTENT_TYPE, mime.to_string()), (header::CONTENT_DISPOSITION, disposition)], text)
            .into_response())
    })
    .await
}

#[derive(Deserialize)]
struct SaveReq {
    id: String,
    toml: String,
}

/// `POST /api/save {id, toml}`: writes a file inside the served folders.
async fn save(State(st): State<Arc<AppState>>, Json(r): Json<SaveReq>) -> ApiResult {
    st.library.save(&r.id, &r.toml)?;
    Ok(Json(json!({"ok": true, "id": r.id, "stamp": st.library.stamp(&r.id)?})))
}
