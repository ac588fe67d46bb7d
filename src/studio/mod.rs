//! Rookery Studio: `rookery serve`, a local web app to browse, see, play
//! and edit definitions, and `export --format html`, a standalone diagram
//! page.
//!
//! The server is axum on tokio: a maintained, widely used HTTP stack (body
//! limits, routing, JSON) instead of a hand-written one. The page is plain
//! HTML, CSS and JavaScript embedded in the binary ([`assets`]): no build
//! step, nothing fetched from the network. Every answer comes from the same
//! loaded [`crate::variant::Variant`] that perft and the exports use.

mod api;
mod assets;
pub mod facts;
pub mod html;
pub mod library;
pub mod view;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

pub use api::MAX_BODY;
pub use library::Library;

/// How to serve.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Folders whose `.toml` files are listed and may be saved.
    pub folders: Vec<PathBuf>,
    /// Address to bind (127.0.0.1 unless asked otherwise).
    pub host: IpAddr,
    /// Port (0: any free port).
    pub port: u16,
    /// Open the page in the system's browser.
    pub open: bool,
}

/// Serves until the process is stopped (Ctrl-C). Prints
/// `listening on http://HOST:PORT/` on standard output once bound.
pub fn serve(opts: ServeOptions) -> Result<(), String> {
    let library = Library::new(&opts.folders)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(8)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    rt.block_on(async move {
        let addr = SocketAddr::new(opts.host, opts.port);
        let listener =
            tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        let url = format!("http://{local}/");
        println!("listening on {url}");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        if opts.open {
            open_browser(&url);
        }
        let app = api::router(Arc::new(api::AppState::new(library)));
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| format!("server error: {e}"))
    })
}

/// Asks the desktop to open `url`; failure only prints a note.
fn open_browser(url: &str) {
    let cmd = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(cmd).arg(url).spawn().is_err() {
        eprintln!("note: could not open a browser; visit {url}");
    }
}
