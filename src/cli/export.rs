//! `rookery export` and `rookery import`: definitions written for other
//! programs, and Interactive Diagram descriptions read back.

use std::process::ExitCode;

use rookery::export::{export, interactive_diagram, Format};

use super::def::load;

/// Arguments of `rookery export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// Definition: a TOML path or a built-in name.
    def: String,
    /// Target format (`svg`: a picture of the start position or of --fen;
    /// `html`: a standalone page with click-to-see move diagrams).
    #[arg(long, value_parser = ["game-courier", "interactive-diagram", "fairy-stockfish", "svg", "html"])]
    format: String,
    /// svg: highlight the moves of the piece with this letter …
    #[arg(long, requires = "at")]
    piece: Option<char>,
    /// svg: … standing on this cell.
    #[arg(long, requires = "piece")]
    at: Option<String>,
    /// svg: draw this position instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Write to this file instead of standard output.
    #[arg(short = 'o', long)]
    output: Option<String>,
}

fn write_out(output: &Option<String>, text: &str) -> ExitCode {
    match output {
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                errln!("error: cannot write {path}: {e}");
                ExitCode::from(2)
            }
        },
        None => {
            out!("{text}");
            ExitCode::SUCCESS
        }
    }
}

/// Exports; exit 1 (with every reason on stderr) when the format cannot
/// express the game, 2 on bad input.
pub fn export_cmd(a: ExportArgs) -> ExitCode {
    let v = match load(&a.def) {
        Ok(v) => v,
        Err(c) => return c,
    };
    if a.format == "svg" {
        return match super::info::svg_picture(&v, a.fen.as_deref(), a.piece, a.at.as_deref()) {
            Ok(svg) => write_out(&a.output, &svg),
            Err(e) => {
                errln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    if a.format == "html" {
        return write_out(&a.output, &rookery::studio::html::page(&v));
    }
    let format = Format::from_name(&a.format).expect("clap checked the value");
    match export(&v, format) {
        Ok(text) => write_out(&a.output, &text),
        Err(e) => {
            err!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// Arguments of `rookery import`.
#[derive(clap::Args)]
pub struct ImportArgs {
    /// Source format.
    #[arg(long = "from", value_parser = ["interactive-diagram"])]
    from: String,
    /// The description file (`-` for standard input).
    file: String,
    /// Write the TOML here instead of standard output.
    #[arg(short = 'o', long)]
    output: Option<String>,
}

/// Imports a description and prints the TOML; the result is loaded once to
/// report any problem with the definition it makes.
pub fn import_cmd(a: ImportArgs) -> ExitCode {
    let read = if a.file == "-" {
        rookery::limits::read_text(std::io::stdin(), "standard input")
    } else {
        rookery::limits::read_file(&a.file)
    };
    let text = match read {
        Ok(t) => t,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let stem = std::path::Path::new(&a.file).file_stem().and_then(|s| s.to_str()).unwrap_or("imported").to_string();
    let toml = match interactive_diagram::import(&text, &stem) {
        Ok(t) => t,
        Err(e) => {
            err!("{e}");
            return ExitCode::from(1);
        }
    };
    if let Err(e) = rookery::variant::load_str(&toml) {
        for d in &e.diagnostics {
            err!("{}", d.render("<imported>", &toml));
        }
        return ExitCode::from(1);
    }
    write_out(&a.output, &toml)
}
