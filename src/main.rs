//! The `dynamo` command: parses arguments, calls the library, maps the
//! outcome to an exit code (see `exit.rs`).

mod cli;
mod exit;

fn main() -> std::process::ExitCode {
    cli::main()
}
