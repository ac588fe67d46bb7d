//! The page's files, embedded in the binary (plain HTML, CSS and script:
//! no build step and nothing loaded from the network).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

/// The single page of the studio.
const INDEX: &str = include_str!("assets/index.html");
/// The studio's script.
const STUDIO_JS: &str = include_str!("assets/studio.js");
/// Shared styles (also inlined in the standalone page).
pub const CSS: &str = include_str!("assets/studio.css");
/// Cell colouring of move diagrams (also inlined in the standalone page).
pub const BOARD_JS: &str = include_str!("assets/board.js");

/// `GET /`.
pub fn page() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/NAME`.
pub async fn asset(Path(name): Path<String>) -> Response {
    let (body, mime) = match name.as_str() {
        "studio.js" => (STUDIO_JS, "text/javascript; charset=utf-8"),
        "board.js" => (BOARD_JS, "text/javascript; charset=utf-8"),
        "studio.css" => (CSS, "text/css; charset=utf-8"),
        _ => return (StatusCode::NOT_FOUND, "no such asset").into_response(),
    };
    ([(header::CONTENT_TYPE, mime)], body).into_response()
}
