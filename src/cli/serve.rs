//! `rookery serve`: Rookery Studio in the browser.

use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use rookery::studio::{serve as run, ServeOptions};

/// Arguments of `rookery serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// Folders whose definition files (`*.toml`) are listed, edited and saved.
    folders: Vec<PathBuf>,
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on; anything but loopback exposes your files to the network.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the studio in the system's browser.
    #[arg(long)]
    open: bool,
}

/// Serves until Ctrl-C; exit 2 when the folders or the port cannot be used.
pub fn serve(a: ServeArgs) -> ExitCode {
    if !a.host.is_loopback() {
        errln!(
            "warning: listening on {} makes the studio (and saving into {} folder(s)) reachable from other machines",
            a.host,
            a.folders.len()
        );
    }
    match run(ServeOptions { folders: a.folders, host: a.host, port: a.port, open: a.open }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
